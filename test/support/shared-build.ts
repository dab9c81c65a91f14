// Global setup: one build of the current sources per test run, for the tests that run the CLI as a
// process. Starting `node --import tsx src/cli.ts` costs each spawn the loader's work on a few
// hundred modules (about four times the CPU of starting the bundle); the suite spawns the CLI
// hundreds of times. The build is laid out like the package (`dist/`, bundled by scripts/bundle.mjs,
// package.json beside it) with a `node_modules` of links to the checkout's, where the generator is
// its own build of codegen/ (as an installed `@toolwright/codegen` would be).
//
// Keyed by a hash of everything it is made from (src/, codegen/, test/fixtures/ and test/support/,
// the build script, package.json and its lock, the tsconfigs): a build of other sources is never
// used, and one of these sources is reused by the next run. Per-file transpiling is esbuild's, as tsx's is (tsconfig has isolatedModules), so a spawn runs
// what tsx would run; packaging.test.ts still checks the real `npm run build` (tsc) through npm pack.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { BUILD_VARIABLE } from './built-cli.js';

const root = path.join(import.meta.dirname, '../..');
// Not under node_modules: scripts/bundle.mjs tells dependencies from our modules by that name in the path.
const cacheRoot = path.join(root, '.test-build');
const KEPT_BUILDS = 3;

/** Files the build is made from, relative to the checkout, in a stable order. */
function inputs(): string[] {
  // The lock too: the bundle inlines a few packages (web-tree-sitter, turndown).
  const files = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs'];
  for (const dir of ['src', 'codegen', 'test/fixtures', 'test/support']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && !file.split(path.sep).some((part) => part === 'node_modules' || part === 'dist')) {
        files.push(file);
      }
    }
  }
  return files.sort();
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs a build step (node ARGS in the checkout) in its own process, so esbuild's stays out of vitest's. */
function step(args: string[]): void {
  const env = { ...process.env };
  delete env.TOOLWRIGHT_BUNDLE_METAFILE;
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env });
  if (result.status !== 0)
    throw new Error(`the test build failed (${result.status}):\n${result.stderr}${result.stdout}`);
}

const TRANSPILE = `
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
const [src, outdir] = process.argv.slice(1);
const entryPoints = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
  .map((e) => path.join(e.parentPath, e.name));
await build({ entryPoints, outdir, outbase: src, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'warning' });
`;

const CODEGEN = `
import { build } from 'esbuild';
const [codegen, outdir] = process.argv.slice(1);
await build({
  absWorkingDir: codegen,
  entryPoints: { index: 'src/index.ts', 'compile-worker': 'src/compile-worker.ts' },
  outdir, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external',
  keepNames: true, legalComments: 'none', logLevel: 'warning',
});
`;

// The fixture scripts that tests run as processes (they import the sources), bundled into
// dist/test-fixtures/ with shared chunks: one folder below dist/ like the package's chunks, so the
// paths the sources find from their own module (the grammars, the job scripts, package.json) are
// the build's. The self-reference `toolwright` is the sources, as in vitest.config.ts.
const FIXTURES = `
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
const [root, outdir] = process.argv.slice(1);
const fixtures = path.join(root, 'test/fixtures');
const entryPoints = {};
for (const e of readdirSync(fixtures, { recursive: true, withFileTypes: true })) {
  if (!e.isFile() || !e.name.endsWith('.ts')) continue;
  const file = path.join(e.parentPath, e.name);
  entryPoints[path.relative(fixtures, file).slice(0, -3).split(path.sep).join('-')] = file;
}
const self = { toolwright: 'index', 'toolwright/testing': 'testing', 'toolwright/validator-runtime': 'validator-runtime' };
await build({
  entryPoints, outdir, bundle: true, splitting: true, chunkNames: 'chunk-[hash]', format: 'esm',
  platform: 'node', target: 'node20', keepNames: true, logLevel: 'warning',
  plugins: [{
    name: 'packages-external',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
        self[args.path] ? { path: path.join(root, 'src', self[args.path] + '.ts') } : { path: args.path, external: true });
    },
  }],
});
`;

/** Builds into `dir` (a new folder in the cache). */
function buildInto(dir: string): void {
  const dist = path.join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  cpSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  // As `npm run build` does: tsc's layout (here esbuild's per-file output), the schema, the grammars, the bundle.
  step(['--input-type=module', '-e', TRANSPILE, path.join(root, 'src'), dist]);
  cpSync(path.join(root, 'codegen/catalog.schema.json'), path.join(dist, 'catalog.schema.json'));
  cpSync(path.join(root, 'src/runtime/grammars'), path.join(dist, 'runtime/grammars'), { recursive: true });
  step([path.join(root, 'scripts/bundle.mjs'), dist]);
  step(['--input-type=module', '-e', FIXTURES, root, path.join(dist, 'test-fixtures')]);
  // node_modules: the checkout's packages, but the generator built (the checkout links its source folder).
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name === '@toolwright' || name === '.cache' || name === '.bin') continue;
    symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  const scoped = path.join(modules, '@toolwright');
  mkdirSync(scoped);
  for (const name of readdirSync(path.join(root, 'node_modules/@toolwright'))) {
    if (name !== 'codegen') symlinkSync(path.join(root, 'node_modules/@toolwright', name), path.join(scoped, name));
  }
  const codegen = path.join(scoped, 'codegen');
  mkdirSync(codegen);
  for (const file of ['package.json', 'catalog.schema.json']) {
    cpSync(path.join(root, 'codegen', file), path.join(codegen, file));
  }
  step(['--input-type=module', '-e', CODEGEN, path.join(root, 'codegen'), path.join(codegen, 'dist')]);
  writeFileSync(path.join(dir, 'complete'), '');
}

/** The build of the current sources: the cached one, or a new one (older builds removed). */
export function currentBuild(): string {
  const hash = sourceHash();
  const final = path.join(cacheRoot, hash);
  if (existsSync(path.join(final, 'complete'))) {
    // Marked as in use, so that runs of other sources keep it among the newest.
    const now = new Date();
    utimesSync(final, now, now);
    return final;
  }
  mkdirSync(cacheRoot, { recursive: true });
  const scratch = path.join(cacheRoot, `.building-${process.pid}-${Date.now()}`);
  try {
    buildInto(scratch);
    // Only a whole build is ever renamed into place, so a folder already there is one.
    renameSync(scratch, final);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    // Another run finished the same build first.
    if (!existsSync(path.join(final, 'complete'))) throw error;
  }
  // The newest few stay (a run of other sources may still be using its build).
  const older = readdirSync(cacheRoot)
    .filter((name) => name !== hash && !name.startsWith('.building-'))
    .map((name) => ({ name, mtime: statSync(path.join(cacheRoot, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of older.slice(KEPT_BUILDS - 1))
    rmSync(path.join(cacheRoot, name), { recursive: true, force: true });
  return final;
}

export default function setup(project: TestProject): void {
  process.env[BUILD_VARIABLE] = currentBuild();
  // Watch mode: sources may have changed since the last run.
  project.onTestsRerun(() => {
    process.env[BUILD_VARIABLE] = currentBuild();
  });
}
