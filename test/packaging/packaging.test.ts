// The packages as npm would ship them: `npm pack --dry-run --json` for toolwright and for the
// generator (@toolwright/codegen, the codegen/ workspace) in a scratch copy of the checkout (so the
// `prepack` builds run and dist/ of the worktree is left alone), then the built dist/ run with plain
// node, which is where the HTML conversion worker must be found as .js.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface PackResult {
  files: { path: string }[];
  filename: string;
}

let scratch: string;
let pack: PackResult;
let packLog = '';
let codegenPack: PackResult;

function npmPack(cwd: string): { result: PackResult; log: string } {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd, encoding: 'utf8', timeout: scaled(120_000) });
  const log = `${run.stderr}\n${run.error ?? ''}`;
  if (run.status !== 0) throw new Error(`npm pack in ${cwd} failed (${run.status}): ${log.slice(-2000)}`);
  return { result: (JSON.parse(run.stdout) as PackResult[])[0]!, log };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tw-pack-'));
  for (const entry of [
    'package.json',
    'README.md',
    'docs',
    'LICENSE',
    'catalog.yaml',
    'tsconfig.json',
    'tsconfig.build.json',
    'src',
    'scripts',
  ]) {
    await cp(join(root, entry), join(scratch, entry), { recursive: true });
  }
  await cp(join(root, 'codegen'), join(scratch, 'codegen'), {
    recursive: true,
    filter: (from) => !/[\\/](dist|node_modules)$/.test(from),
  });
  await symlink(join(root, 'node_modules'), join(scratch, 'node_modules'));
  ({ result: pack, log: packLog } = npmPack(scratch));
  codegenPack = npmPack(join(scratch, 'codegen')).result;
}, scaled(240_000));
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('npm pack', () => {
  it('builds on prepack and ships LICENSE, the docs, the entry points, the catalog and the conversion worker', () => {
    expect(packLog).toMatch(/tsc -p tsconfig.build.json/);
    const paths = pack.files.map((f) => f.path);
    for (const required of [
      'LICENSE',
      'README.md',
      'docs/operations.md',
      'docs/security.md',
      'package.json',
      'catalog.yaml',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli.js',
      'dist/handlers/web/html/convert-job.js',
      'dist/handlers/filesystem/edit/job.js',
      'dist/runtime/grammars/tree-sitter-bash.wasm',
      'dist/runtime/grammars/tree-sitter-hcl.wasm',
      'dist/runtime/grammars/tree-sitter.wasm',
    ]) {
      expect(paths, required).toContain(required);
    }
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);
    // The entry points are bundles over shared chunks (scripts/bundle.mjs), not tsc's per-file modules.
    expect(paths.some((p) => /^dist\/chunks\/.+\.js$/.test(p))).toBe(true);
    expect(pack.filename).toBe('toolwright-0.1.0.tgz');
  });

  it('ships no generator: no codegen module, none of its dependencies, and the catalog schema for editors', async () => {
    const paths = pack.files.map((f) => f.path);
    expect(paths.filter((p) => /codegen|compile-worker/.test(p))).toEqual([]);
    expect(paths).toContain('dist/catalog.schema.json');
    const manifest = JSON.parse(await readFile(join(scratch, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      exports: Record<string, string>;
    };
    for (const name of ['js-yaml', 'ts-morph', 'json-schema-to-typescript', 'prettier', '@toolwright/codegen']) {
      expect(Object.keys(manifest.dependencies), name).not.toContain(name);
    }
    // The grammars ship as .wasm files (their packages' native builds run install scripts), turndown
    // and domino are inlined into the conversion worker, sharp is an optional peer.
    for (const name of [
      'tree-sitter-bash',
      '@tree-sitter-grammars/tree-sitter-hcl',
      'turndown',
      'web-tree-sitter',
      'sharp',
    ]) {
      expect(Object.keys(manifest.dependencies), name).not.toContain(name);
    }
    expect(paths).toContain(manifest.exports['./catalog.schema.json']!.replace(/^\.\//, ''));
    // No module of the built runtime reaches the generator's toolchain (YAML catalogs, Ajv's compiler).
    const reaching: string[] = [];
    for (const file of await filesUnder(join(scratch, 'dist'))) {
      if (
        file.endsWith('.js') &&
        /from ["'](js-yaml|ajv\/dist\/(standalone|2020|core)[^"']*|ajv)["']/.test(await readFile(file, 'utf8'))
      )
        reaching.push(file);
    }
    expect(reaching).toEqual([]);
  });

  it('ships bundles only: no tsc per-file module; turndown, domino and web-tree-sitter inlined, with their licences', async () => {
    const modules = pack.files.map((f) => f.path).filter((p) => p.endsWith('.js') && !p.startsWith('dist/chunks/'));
    expect(modules.sort()).toEqual([
      'dist/cli.js',
      'dist/handlers/filesystem/edit/job.js',
      'dist/handlers/web/html/convert-job.js',
      'dist/index.js',
      'dist/testing.js',
      'dist/validator-runtime.js',
    ]);
    const worker = await readFile(join(scratch, 'dist/handlers/web/html/convert-job.js'), 'utf8');
    expect(worker).toContain('createIncrementalHTMLParser');
    const licences = await readFile(join(scratch, 'dist/third-party-licenses.txt'), 'utf8');
    expect(licences).toMatch(/^== turndown [\d.]+ \(MIT\)$/m);
    expect(licences).toMatch(/^== @mixmark-io\/domino [\d.]+ \(BSD-2-Clause\)$/m);
    expect(licences).toMatch(/^== web-tree-sitter [\d.]+ \(MIT\)$/m);
    expect(pack.files.map((f) => f.path)).toContain('dist/third-party-licenses.txt');
    for (const file of await filesUnder(join(scratch, 'dist'))) {
      const text = file.endsWith('.js') ? await readFile(file, 'utf8') : '';
      expect(text, file).not.toMatch(
        /(from|import\(|require\()\s*["'](turndown|@mixmark-io\/domino|web-tree-sitter)["']/,
      );
    }
  });

  it('the generator package ships its bundle, its worker and the schema, and pins toolwright', async () => {
    const paths = codegenPack.files.map((f) => f.path).sort();
    expect(paths).toEqual([
      'LICENSE',
      'README.md',
      'catalog.schema.json',
      'dist/compile-worker.js',
      'dist/index.js',
      'package.json',
    ]);
    expect(codegenPack.filename).toBe('toolwright-codegen-0.1.0.tgz');
    const manifest = JSON.parse(await readFile(join(scratch, 'codegen/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      bin?: unknown;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ajv', 'ajv-formats', 'js-yaml', 'recheck']);
    expect(manifest.peerDependencies).toEqual({ toolwright: '0.1.0' });
    expect(manifest.bin).toBeUndefined();
    // The runtime modules it shares with toolwright are inlined: it imports none of toolwright's files.
    const bundle = await readFile(join(scratch, 'codegen/dist/index.js'), 'utf8');
    expect(bundle).not.toMatch(/^import .* from ["'](toolwright|\.\.?\/)/m);
    expect(bundle).toContain('var COMMON_ERRORS');
  });

  it('ships no source maps and no sourceMappingURL pointing at the unshipped ../src', async () => {
    expect(pack.files.map((f) => f.path).filter((p) => p.endsWith('.map'))).toEqual([]);
    const referencing: string[] = [];
    for (const file of await filesUnder(join(scratch, 'dist'))) {
      // The .wasm files are the packages' own builds, byte for byte (test/shell/grammars.test.ts).
      if (file.endsWith('.wasm')) continue;
      // The provider scaffold's templates are another package's files: their ../src is that package's.
      const scaffold = /\/init-templates(-[A-Z0-9]+)?\.js$/.test(file);
      const text = await readFile(file, 'utf8');
      if (/sourceMappingURL/.test(text) || (!scaffold && /\.\.\/src\//.test(text))) referencing.push(file);
    }
    expect(referencing).toEqual([]);
  });

  it('LICENSE is MIT, "toolwright contributors", and package.json says MIT', async () => {
    const license = await readFile(join(root, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License/);
    expect(license).toMatch(/Copyright \(c\) \d{4} toolwright contributors/);
    expect(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).license).toBe('MIT');
  });
});

// Runs against the dist/ that `npm pack` built: a normal page, a too-deep page (plain-text
// fallback) and a slow page (TIMEOUT) converted through the worker pool, then the process must exit
// on its own (idle workers never hold it).
const DIST_SCRIPT = `
import http from 'node:http';
import { createToolkit } from './dist/index.js';
const slow = ('<div>'.repeat(500) + 'x' + '</div>'.repeat(500)).repeat(700);
const pages = {
  '/normal': '<html><head><title>Built</title></head><body><h1>Hi</h1><p>A <a href="/x">link</a></p></body></html>',
  '/deep': '<p>' + '<b>'.repeat(100000) + 'deep',
  '/slow': slow,
};
const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pages[req.url] ?? ''));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = 'http://127.0.0.1:' + server.address().port;
const toolkit = createToolkit({ workspace: process.cwd(), web: { allowPrivateNetwork: true } });
const out = {};
for (const [name, input] of [['normal', {}], ['deep', {}], ['slow', { max_bytes: 8000000, timeout_ms: 2000 }]]) {
  const result = await toolkit.invoke('web', 'web_fetch', { url: origin + '/' + name, ...input });
  out[name] = { ok: result.ok, code: result.ok ? undefined : result.error.code, text: result.text.slice(0, 400) };
}
server.close();
server.closeAllConnections();
// A large edit runs in the built edit worker: a text of 24 Mi characters or more goes there whatever
// the edit, so one replacement is enough (replace_all on millions of lines only adds diff work).
const { writeFileSync } = await import('node:fs');
writeFileSync('big-edit.txt', 'foo bar\\n'.repeat(3200000) + 'the end\\n');
await toolkit.invoke('filesystem', 'read_file', { path: 'big-edit.txt' });
const edit = await toolkit.invoke('filesystem', 'edit_file', { path: 'big-edit.txt', old_str: 'the end', new_str: 'THE END', dry_run: true });
out.edit = { ok: edit.ok, code: edit.ok ? undefined : edit.error.code, text: edit.text.slice(0, 400) };
// The grammars shipped in dist/ parse a shell line and an HCL policy.
const shell = await toolkit.invoke('exec', 'shell_read', { command: 'ls | sort' });
out.shell = { ok: shell.ok, code: shell.ok ? undefined : shell.error.code, text: shell.text.slice(0, 400) };
const { parsePolicyText } = await import('./dist/index.js');
const hcl = await parsePolicyText('default = "deny"\\n', 'agent.hcl');
out.hcl = { ok: true, text: JSON.stringify(hcl.policy ?? hcl) };
// What keeps the process alive now that the work is done: idle job processes must not (they are
// unref'd), or the process would wait for their idle timeout (30 s) before exiting.
await new Promise((resolve) => setImmediate(resolve));
out.done = { ok: true, text: JSON.stringify(process.getActiveResourcesInfo()) };
process.stdout.write(JSON.stringify(out));
`;

describe('built dist/ with plain node', () => {
  it(
    '`toolwright generate` says what to install without the generator (exit 2), and generates with it',
    { timeout: scaled(90_000) },
    async () => {
      // An install of the built package alone: node_modules holds everything but @toolwright/codegen.
      // Outside the scratch copy, whose node_modules (the checkout's) would be found by walking up.
      const install = await mkdtemp(join(tmpdir(), 'tw-installed-'));
      await mkdir(join(install, 'node_modules'));
      await cp(join(scratch, 'dist'), join(install, 'dist'), { recursive: true });
      await cp(join(scratch, 'package.json'), join(install, 'package.json'));
      for (const entry of await readdir(join(root, 'node_modules'))) {
        if (entry !== '@toolwright' && entry !== '.bin')
          await symlink(join(root, 'node_modules', entry), join(install, 'node_modules', entry));
      }
      const project = join(scratch, 'project');
      await mkdir(join(project, 'src'), { recursive: true });
      const { notesCatalog } = await import('../fixtures/notes-catalog.js');
      await writeFile(join(project, 'catalog.yaml'), notesCatalog);
      const generate = () =>
        spawnSync(process.execPath, [join(install, 'dist/cli.js'), 'generate'], {
          cwd: project,
          encoding: 'utf8',
          timeout: scaled(60_000),
        });
      const without = generate();
      expect(without.status, without.stderr).toBe(2);
      expect(without.stderr).toBe(
        "toolwright generate needs the generator, which is not installed: npm install --save-dev @toolwright/codegen@0.1.0 (where it is not published: the toolwright-codegen-0.1.0.tgz packed with toolwright's)\n",
      );
      expect(await readdir(project)).toEqual(['catalog.yaml', 'src']);
      // The generator as its pack built it (scratch/codegen/dist), installed beside toolwright.
      await mkdir(join(install, 'node_modules/@toolwright'));
      await symlink(join(scratch, 'codegen'), join(install, 'node_modules/@toolwright/codegen'));
      const withIt = generate();
      expect(withIt.status, withIt.stderr).toBe(0);
      expect(withIt.stdout).toMatch(/generated 8 files from catalog\.yaml/); // two operations: a validators module each
      expect(await readFile(join(project, 'src/generated/registry.ts'), 'utf8')).toContain('from "toolwright"');
      await rm(install, { recursive: true, force: true });
    },
  );

  it(
    'converts in the .js worker, honours timeout_ms, and lets the process exit',
    { timeout: scaled(90_000) },
    async () => {
      await writeFile(join(scratch, 'run-dist.mjs'), DIST_SCRIPT);
      const run = spawnSync(process.execPath, ['run-dist.mjs'], {
        cwd: scratch,
        encoding: 'utf8',
        timeout: scaled(60_000),
      });
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as Record<string, { ok: boolean; code?: string; text: string }>;
      expect(out.normal!.ok).toBe(true);
      expect(out.normal!.text).toContain('# Hi');
      expect(out.normal!.text).toContain('[link](http://127.0.0.1:');
      expect(out.deep!.ok).toBe(true);
      expect(out.deep!.text).toMatch(/nests elements about 1000\d\d levels deep/);
      expect(out.slow!.code).toBe('TIMEOUT');
      expect(out.edit!.ok, out.edit!.text).toBe(true);
      expect(out.edit!.text).toMatch(/would make 1 replacement in big-edit\.txt/);
      expect(out.edit!.text).toContain('+THE END');
      expect(out.shell!.ok, out.shell!.text).toBe(true);
      expect(out.hcl!.text).toContain('deny');
      // Idle job processes and their idle timers are unref'd: once the work is done, nothing but the
      // process's own output pipe holds it (a ref'd one would keep it up for the idle timeout).
      const holding = (JSON.parse(out.done!.text) as string[]).filter((resource) => resource !== 'PipeWrap');
      expect(holding).toEqual([]);
    },
  );
});
