// Builds the package: dist/index.js (the entry the `toolwright generate` verb imports) and
// dist/compile-worker.js (started by path from it), bundled by esbuild; ajv, ajv-formats, js-yaml and recheck
// stay external, loaded from node_modules. The generator imports nothing of toolwright's sources:
// what both share is declared in catalog.schema.json (shipped beside dist/, read at run time).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
await rm(`${here}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { index: 'src/index.ts', 'compile-worker': 'src/compile-worker.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
});
