// The package as npm would ship it: `npm pack --dry-run --json` in a scratch copy of the checkout
// (so the `prepack` build runs and dist/ of the worktree is left alone), then the built dist/ run
// with plain node, which is where the HTML conversion worker must be found as .js.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface PackResult {
  files: { path: string }[];
  filename: string;
}

let scratch: string;
let pack: PackResult;
let packLog = '';

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tw-pack-'));
  for (const entry of ['package.json', 'README.md', 'docs', 'LICENSE', 'catalog.yaml', 'tsconfig.json', 'tsconfig.build.json', 'src', 'scripts']) {
    await cp(join(root, entry), join(scratch, entry), { recursive: true });
  }
  await symlink(join(root, 'node_modules'), join(scratch, 'node_modules'));
  const run = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: scratch, encoding: 'utf8', timeout: 120_000 });
  packLog = `${run.stderr}\n${run.error ?? ''}`;
  if (run.status !== 0) throw new Error(`npm pack failed (${run.status}): ${packLog.slice(-2000)}`);
  pack = (JSON.parse(run.stdout) as PackResult[])[0]!;
}, 150_000);
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
    for (const required of ['LICENSE', 'README.md', 'docs/operations.md', 'docs/security.md', 'package.json', 'catalog.yaml', 'dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'dist/handlers/web/convert-worker.js', 'dist/handlers/filesystem/edit-worker.js']) {
      expect(paths, required).toContain(required);
    }
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);
    // The entry points are bundles over shared chunks (scripts/bundle.mjs), not tsc's per-file modules.
    expect(paths.some((p) => /^dist\/chunks\/.+\.js$/.test(p))).toBe(true);
    expect(pack.filename).toBe('toolwright-0.1.0.tgz');
  });

  it('ships no source maps and no sourceMappingURL pointing at the unshipped ../src', async () => {
    expect(pack.files.map((f) => f.path).filter((p) => p.endsWith('.map'))).toEqual([]);
    const referencing: string[] = [];
    for (const file of await filesUnder(join(scratch, 'dist'))) {
      if (/sourceMappingURL|\.\.\/src\//.test(await readFile(file, 'utf8'))) referencing.push(file);
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
  const started = performance.now();
  const result = await toolkit.invoke('web', 'web_fetch', { url: origin + '/' + name, ...input });
  out[name] = { ok: result.ok, code: result.ok ? undefined : result.error.code, text: result.text.slice(0, 400), ms: performance.now() - started };
}
server.close();
server.closeAllConnections();
// A large edit runs in the built edit worker.
const { writeFileSync } = await import('node:fs');
writeFileSync('big-edit.txt', 'foo bar\\n'.repeat(3000000));
await toolkit.invoke('filesystem', 'read_file', { path: 'big-edit.txt' });
const edit = await toolkit.invoke('filesystem', 'edit_file', { path: 'big-edit.txt', old_str: 'bar', new_str: 'BAR', replace_all: true, dry_run: true });
out.edit = { ok: edit.ok, code: edit.ok ? undefined : edit.error.code, text: edit.text.slice(0, 400), ms: 0 };
process.stdout.write(JSON.stringify(out));
`;

describe('built dist/ with plain node', () => {
  it('converts in the .js worker, honours timeout_ms, and lets the process exit', async () => {
    await writeFile(join(scratch, 'run-dist.mjs'), DIST_SCRIPT);
    const started = performance.now();
    const run = spawnSync(process.execPath, ['run-dist.mjs'], { cwd: scratch, encoding: 'utf8', timeout: 60_000 });
    const wall = performance.now() - started;
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, { ok: boolean; code?: string; text: string; ms: number }>;
    expect(out.normal!.ok).toBe(true);
    expect(out.normal!.text).toContain('# Hi');
    expect(out.normal!.text).toContain('[link](http://127.0.0.1:');
    expect(out.deep!.ok).toBe(true);
    expect(out.deep!.text).toMatch(/nests elements about 1000\d\d levels deep/);
    expect(out.slow!.code).toBe('TIMEOUT');
    expect(out.edit!.ok, out.edit!.text).toBe(true);
    expect(out.edit!.text).toMatch(/would make 3,?000,?000 replacements/);
    expect(out.slow!.ms).toBeLessThan(2000 + 2500);
    // Idle workers are unref'd: the process ends when its work does, not after the idle timeout (30 s).
    const work = out.normal!.ms + out.deep!.ms + out.slow!.ms;
    expect(wall - work).toBeLessThan(15_000);
  }, 90_000);
});
