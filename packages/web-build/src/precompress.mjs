// @ts-check
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipped = promisify(gzip);
const brotli = promisify(brotliCompress);

/**
 * The files a build writes once and never changes afterwards: the hashed chunks under `static/`
 * and a remote's entry. Pages (`*.html`, which the shell's prerender writes after the build) and
 * the manifest are left to the server's own compression.
 */
export const precompressed = (/** @type {string} */ name) =>
  /^static\/.+\.(?:js|css)$/.test(name) || name === 'remoteEntry.js';

/** Smaller files gain nothing from compression (the web server's own threshold too). */
const minimumBytes = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each file of `precompressed` once the build has
 * emitted it (Brotli at its highest quality, gzip at level 9), so that the web server sends them
 * as they are (`serveStatic({ precompressed: true })`) instead of compressing every answer
 * again, which cost more per request than sending the file (packages/web-server/README.md).
 */
export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter(precompressed);
      await Promise.all(names.map((name) => compressFile(join(outputPath, name))));
    });
  }
}

/** @param {string} file */
export async function compressFile(file) {
  const content = await readFile(file);
  if (content.length < minimumBytes) return;
  await Promise.all([
    gzipped(content, { level: 9 }).then((bytes) => writeFile(`${file}.gz`, bytes)),
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).then((bytes) => writeFile(`${file}.br`, bytes)),
  ]);
}
