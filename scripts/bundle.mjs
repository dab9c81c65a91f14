// Second build step (after tsc): the package's entry points re-emitted as an esbuild bundle with
// shared chunks in dist/chunks/. Node 20's ESM loader costs about half a millisecond per module, and
// `toolwright call read_file` loaded 86 of our modules: one bundle per entry (dynamic imports of a
// provider's handlers stay separate chunks, loaded on first use) starts in about three quarters of
// the time. Dependencies stay external (loaded, lazily, from node_modules) but web-tree-sitter,
// inlined into its lazily loaded chunk: its package is 5.8 MB of debug builds around 150 kB of JS
// (its tree-sitter.wasm ships with the grammars).
// Every entry of the same build shares the chunks, so a class (ToolError, …) exists once however a
// module reaches it (`toolwright`, `toolwright/testing`, the CLI, a provider module the CLI loads).
// The two job scripts (loaded by path, each in its own child process) are bundled at their tsc
// paths, the HTML conversion script with turndown and its DOM (domino) inlined: a library user's install carries
// neither package (domino alone ships 7 MB of tests). Then tsc's per-file .js, which nothing loads
// any more, are removed (its .d.ts files stay for the types), and the inlined packages' licences
// are written to dist/third-party-licenses.txt.
// Usage: node scripts/bundle.mjs [dist folder] (default dist; tests bundle their own builds).
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const dist = process.argv[2] ?? 'dist';
const entries = ['index', 'testing', 'validator-runtime', 'cli'];
/** Packages inlined into the (lazily loaded) chunks and into the conversion worker; others stay external. */
const INLINED_IN_CHUNKS = ['web-tree-sitter'];
const INLINED_IN_WORKER = ['turndown', '@mixmark-io/domino'];
const workers = ['handlers/web/html/convert-worker', 'handlers/filesystem/edit/worker'];

function externalPackages(inlined) {
  return {
    name: 'external-packages',
    setup(esbuild) {
      // The reference set's generated code imports its validator helpers by package name, as a
      // third party's does; inside the package that is this very entry, linked directly (the same
      // module, without a package-exports resolution per importing chunk at start-up).
      esbuild.onResolve({ filter: /^toolwright\/validator-runtime$/ }, () => ({
        path: path.resolve(dist, 'validator-runtime.js'),
      }));
      esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
        inlined.some((name) => args.path === name || args.path.startsWith(`${name}/`))
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}

await build({
  entryPoints: Object.fromEntries(entries.map((name) => [name, `${dist}/${name}.js`])),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages(INLINED_IN_CHUNKS)],
  // Chunks sit one folder below dist/, like dist/<layer>/<file>.js did, so paths written relative
  // to a module (../../package.json) reach the same files.
  chunkNames: 'chunks/[name]-[hash]',
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
});

await build({
  entryPoints: Object.fromEntries(workers.map((name) => [name, `${dist}/${name}.js`])),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages(INLINED_IN_WORKER)],
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const kept = new Set([...entries, ...workers].map((name) => path.join(dist, `${name}.js`)));
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !file.endsWith('.js') || kept.has(file)) continue;
  if (path.relative(dist, file).startsWith(`chunks${path.sep}`)) continue;
  await rm(file);
}

await writeFile(path.join(dist, 'third-party-licenses.txt'), await inlinedLicenses());

/** The licence texts of the inlined packages (their licences ask for the notice with the code). */
async function inlinedLicenses() {
  const require = createRequire(path.resolve('package.json'));
  let text = 'Packages inlined into this build, with their licences:\n';
  for (const name of [...INLINED_IN_CHUNKS, ...INLINED_IN_WORKER]) {
    let root = path.dirname(require.resolve(name));
    while (!(await readFile(path.join(root, 'package.json'), 'utf8').catch(() => '')).includes(`"name": "${name}"`))
      root = path.dirname(root);
    const { version, license: spdx } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const license = await readFile(path.join(root, 'LICENSE'), 'utf8');
    text += `\n== ${name} ${version} (${spdx})\n\n${license.trim()}\n`;
  }
  return text;
}
