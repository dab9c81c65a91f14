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
// TOOLWRIGHT_BUNDLE_METAFILE=<file> writes esbuild's metafile there: which module went in which chunk.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const dist = process.argv[2] ?? 'dist';
const entries = ['index', 'testing', 'validator-runtime', 'cli'];
/** Packages inlined into the (lazily loaded) chunks and into the conversion job; others stay external. */
const INLINED_IN_CHUNKS = ['web-tree-sitter'];
const INLINED_IN_JOBS = ['turndown', '@mixmark-io/domino'];
const jobScripts = ['handlers/web/html/convert-job', 'handlers/filesystem/edit/job'];

/**
 * esbuild puts each module in the chunk of the set of entry points (static or dynamic) that reach
 * it, so every lazily loaded module that imports part of the toolkit's code (a provider's handlers,
 * the MCP adapter, a policy format, the network guard) cut the toolkit's modules into a chunk per
 * combination: `call read_file` loaded 48 modules where 22 hold the same code. Which modules load
 * together is a fact of run time that the import graph does not show: those imports run only with a
 * toolkit's modules loaded (the toolkit calls a provider's loader; a server builds a toolkit beside
 * its adapter). Each dynamic import's module, and each library entry, is therefore bundled as if it
 * imported the *core* (the toolkit's modules and what `call` loads before its provider), and esbuild
 * keeps the core in one chunk. Exceptions are the CLI's entry and the modules a verb loads before
 * any toolkit, kept light on purpose (below): what they reach stays out of the core.
 */
const LOADED_BEFORE_ANY_TOOLKIT = [
  'cli/mcp.js', // `toolwright mcp` answers `initialize` before the tools load
  'adapters/mcp/transports/stdio-early-init.js',
  'adapters/mcp/identity.js',
  'cli/init-templates.js', // `toolwright init` writes files and never builds a toolkit
  'cli/init-vendor.js',
];

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

const libraryBuild = {
  entryPoints: Object.fromEntries(entries.map((name) => [name, `${dist}/${name}.js`])),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Chunks sit one folder below dist/, like dist/<layer>/<file>.js did, so paths written relative
  // to a module (../../package.json) reach the same files.
  chunkNames: 'chunks/[name]-[hash]',
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
};
const { loadedWithCore, core } = await modulesLoadedWithCore();
const built = await build({
  ...libraryBuild,
  metafile: process.env.TOOLWRIGHT_BUNDLE_METAFILE !== undefined,
  plugins: [importsCore(loadedWithCore, core), externalPackages(INLINED_IN_CHUNKS)],
});
if (built.metafile) await writeFile(process.env.TOOLWRIGHT_BUNDLE_METAFILE, JSON.stringify(built.metafile));

async function modulesLoadedWithCore() {
  const { metafile } = await build({
    ...libraryBuild,
    plugins: [externalPackages(INLINED_IN_CHUNKS)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // The metafile names inputs relative to the working folder.
  const input = (file) => path.relative(process.cwd(), path.resolve(dist, file));
  /** The modules a module imports statically, transitively (itself included). */
  const staticClosure = (...starts) => {
    const seen = new Set(starts);
    for (const queue = [...starts]; queue.length > 0;) {
      for (const edge of metafile.inputs[queue.pop()].imports) {
        if (edge.kind !== 'import-statement' || edge.external || seen.has(edge.path)) continue;
        seen.add(edge.path);
        queue.push(edge.path);
      }
    }
    return seen;
  };
  const inToolkit = staticClosure(input('runtime/toolkit/toolkit.js'));
  const light = new Set(LOADED_BEFORE_ANY_TOOLKIT.map(input));
  for (const file of light) if (!metafile.inputs[file]) throw new Error(`bundle: ${file} is not in the build any more`);
  const loaded = new Set();
  for (const { imports } of Object.values(metafile.inputs))
    for (const edge of imports)
      if (
        edge.kind === 'dynamic-import' &&
        !edge.external &&
        !edge.path.includes('node_modules') &&
        !light.has(edge.path)
      )
        loaded.add(edge.path);
  // The core: what `call` loads before its provider, less what the CLI's entry and the light
  // modules load without a toolkit (a module they reach would be cut into a chunk of its own).
  const withoutCore = staticClosure(input('cli.js'), ...light);
  const core = [...staticClosure(input('cli/call.js'), ...inToolkit)].filter((file) => !withoutCore.has(file));
  // The library's entries load the core too, so that every module of it is reached by the same entries.
  for (const entry of ['index', 'testing', 'validator-runtime']) loaded.add(input(`${entry}.js`));
  return { loadedWithCore: loaded, core };
}

/**
 * Every module in `files` is bundled as importing every module of the core, so esbuild, which puts
 * each module in the chunk of the set of entries that reach it, keeps the core as one chunk.
 */
function importsCore(files, core) {
  const hub = path.resolve(dist, 'toolwright-core.js');
  const hubSource = core.map((file) => `import ${JSON.stringify(path.resolve(file))};`).join('\n');
  return {
    name: 'imports-core',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^toolwright-core$/ }, () => ({ path: hub, namespace: 'toolwright-core' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'toolwright-core' }, () => ({
        contents: hubSource,
        loader: 'js',
        resolveDir: dist,
      }));
      esbuild.onLoad({ filter: /\.js$/ }, async (args) => {
        if (!files.has(path.relative(process.cwd(), args.path))) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: `import "toolwright-core";\n${source}`, loader: 'js' };
      });
    },
  };
}

await build({
  entryPoints: Object.fromEntries(jobScripts.map((name) => [name, `${dist}/${name}.js`])),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages(INLINED_IN_JOBS)],
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const kept = new Set([...entries, ...jobScripts].map((name) => path.join(dist, `${name}.js`)));
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
  for (const name of [...INLINED_IN_CHUNKS, ...INLINED_IN_JOBS]) {
    let root = path.dirname(require.resolve(name));
    while (!(await readFile(path.join(root, 'package.json'), 'utf8').catch(() => '')).includes(`"name": "${name}"`))
      root = path.dirname(root);
    const { version, license: spdx } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const license = await readFile(path.join(root, 'LICENSE'), 'utf8');
    text += `\n== ${name} ${version} (${spdx})\n\n${license.trim()}\n`;
  }
  return text;
}
