// Second build step (after tsc): the package's entry points re-emitted as an esbuild bundle with
// shared chunks in dist/chunks/. Node 20's ESM loader costs about half a millisecond per module, and
// `toolwright call read_file` loaded 86 of our modules: one bundle per entry (dynamic imports of a
// provider's handlers stay separate chunks, loaded on first use) starts in about three quarters of
// the time. Dependencies stay external: they are loaded, lazily, from node_modules as before.
// Every entry of the same build shares the chunks, so a class (ToolError, …) exists once however a
// module reaches it (`toolwright`, `toolwright/testing`, the CLI, a provider module the CLI loads).
// tsc's per-file output stays in dist/ beside it (the .d.ts files, and the conversion worker,
// which runs in its own thread and is loaded by path).
// Usage: node scripts/bundle.mjs [dist folder] (default dist; tests bundle their own builds).
import { build } from 'esbuild';

const dist = process.argv[2] ?? 'dist';
const entries = ['index', 'testing', 'validator-runtime', 'cli'];
await build({
  entryPoints: Object.fromEntries(entries.map((name) => [name, `${dist}/${name}.js`])),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Chunks sit one folder below dist/, like dist/<layer>/<file>.js did, so paths written relative
  // to a module (../../package.json) reach the same files.
  chunkNames: 'chunks/[name]-[hash]',
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
});
