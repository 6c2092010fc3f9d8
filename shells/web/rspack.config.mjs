import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

const config = createWebConfig({ dir: dirname(fileURLToPath(import.meta.url)), name: 'shell', port: 3000 });

/**
 * Writes `dist/bootstrap-files.json`: the scripts and stylesheets of the `bootstrap` chunk group
 * (src/index.ts imports it by that name). scripts/prerender.tsx puts them in `app.html`'s head,
 * so that a signed-in page fetches them beside the entry instead of after it has run.
 */
class BootstrapFilesPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BootstrapFilesPlugin', (compilation) => {
      const group = compilation.namedChunkGroups.get('bootstrap');
      if (!group) throw new Error('no chunk group named bootstrap: see src/index.ts');
      const files = group.chunks.flatMap((chunk) => [...chunk.files]);
      writeFileSync(
        join(compiler.options.output.path, 'bootstrap-files.json'),
        JSON.stringify({
          scripts: files.filter((file) => file.endsWith('.js')),
          styles: files.filter((file) => file.endsWith('.css')),
        }),
      );
    });
  }
}

config.plugins = [...(config.plugins ?? []), new BootstrapFilesPlugin()];
export default config;
