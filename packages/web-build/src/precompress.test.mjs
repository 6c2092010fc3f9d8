import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressFile, precompressed } from './precompress.mjs';

describe('compressing the build once', () => {
  it('writes a Brotli and a gzip copy that give back the file, and none for a small file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const big = join(dir, 'area.js');
    const content = 'export const area = "job seeker";\n'.repeat(100);
    writeFileSync(big, content);
    const small = join(dir, 'tiny.js');
    writeFileSync(small, 'export {}');

    await compressFile(big);
    await compressFile(small);

    expect(brotliDecompressSync(readFileSync(`${big}.br`)).toString()).toBe(content);
    expect(gunzipSync(readFileSync(`${big}.gz`)).toString()).toBe(content);
    expect(readFileSync(`${big}.br`).length).toBeLessThan(content.length / 10);
    expect(existsSync(`${small}.br`)).toBe(false);
    expect(existsSync(`${small}.gz`)).toBe(false);
  });

  it('takes the hashed chunks and a remote entry, never a page or the manifest', () => {
    expect(precompressed('static/js/103.9e903cf0.js')).toBe(true);
    expect(precompressed('static/css/__federation_expose_App.842bb023.css')).toBe(true);
    expect(precompressed('remoteEntry.js')).toBe(true);
    expect(precompressed('index.html')).toBe(false);
    expect(precompressed('login.html')).toBe(false);
    expect(precompressed('mf-manifest.json')).toBe(false);
    expect(precompressed('static/js/103.9e903cf0.js.map')).toBe(false);
  });
});
