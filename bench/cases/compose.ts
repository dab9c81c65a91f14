// invoke overhead after composition (DESIGN §8: providers passed in, handler looked up per call):
// the same task_list call through this runtime and through the runtime before providers were open
// (src at BEFORE_COMMIT, extracted from git history), alternated in one process, CPU time per call.
import { execFile } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { median, type BenchCase } from '../lib.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const BEFORE_COMMIT = '1d20a3b';
const CALLS = 4000;
const ROUNDS = 15;

interface MiniToolkit { invoke(provider: string, operation: string, input: unknown): Promise<unknown> }

async function beforeSources(tmp: string): Promise<string | undefined> {
  const dir = path.join(tmp, 'before');
  try {
    await mkdir(dir, { recursive: true });
    const { stdout } = await run('git', ['archive', '--format=tar', BEFORE_COMMIT, 'src', 'package.json'], { cwd: root, encoding: 'buffer', maxBuffer: 1 << 28 });
    await new Promise<void>((resolve, reject) => {
      const tar = execFile('tar', ['-x', '-C', dir], (error) => (error ? reject(error) : resolve()));
      tar.stdin!.end(stdout);
    });
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    return dir;
  } catch {
    return undefined;
  }
}

/** CPU µs per call of each toolkit, rounds alternated (A B, B A, …) so drift hits both alike. */
async function alternate(kits: Record<'a' | 'b', MiniToolkit>): Promise<{ a: number; b: number }> {
  for (const kit of Object.values(kits)) for (let i = 0; i < 500; i++) await kit.invoke('task', 'task_list', {});
  const times: Record<'a' | 'b', number[]> = { a: [], b: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of r % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
      const start = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await kits[name].invoke('task', 'task_list', {});
      const used = process.cpuUsage(start);
      times[name].push((used.user + used.system) / CALLS);
    }
  }
  return { a: median(times.a), b: median(times.b) };
}

const bench: BenchCase = {
  name: 'compose',
  async run(ctx) {
    const current = (await import(pathToFileURL(path.join(root, 'src/index.ts')).href)) as typeof import('../../src/index.js');
    const toolkit = current.createToolkit({ workspace: ctx.tmp });
    await toolkit.invoke('task', 'task_create', { title: 'x' });

    // 20 extra providers of 20 operations each beside the reference set: lookups must not grow with them.
    const template = current.catalogOperations.find((op) => op.name === 'task_list')!;
    const extra = Array.from({ length: 20 }, (_, p) => ({
      name: `extra_${p}`,
      description: 'Synthetic.',
      operations: Array.from({ length: 20 }, (_, o) => ({ ...template, provider: `extra_${p}`, name: `extra_${p}_${o}`, id: `extra_${p}.extra_${p}_${o}` })),
      handlers: Object.fromEntries(Array.from({ length: 20 }, (_, o) => [`extra_${p}_${o}`, async () => ({ tasks: [] })])),
    }));
    const big = current.createToolkit({ workspace: ctx.tmp, providers: [...current.referenceProviders, ...extra] });
    await big.invoke('task', 'task_create', { title: 'x' });
    const scale = await alternate({ a: big, b: toolkit });
    ctx.row({ case: 'invoke task_list, reference + 400 extra operations', toolwright: scale.a, baseline: scale.b, baselineName: 'reference providers only', unit: 'µs', target: '≈ 1×', note: 'CPU time per call' });

    const dir = await beforeSources(ctx.tmp);
    if (!dir) {
      ctx.log(`no git history for ${BEFORE_COMMIT}: no before/after row`);
      return;
    }
    const before = (await import(pathToFileURL(path.join(dir, 'src/index.ts')).href)) as { createToolkit(o: { workspace: string }): MiniToolkit };
    const old = before.createToolkit({ workspace: ctx.tmp });
    await old.invoke('task', 'task_create', { title: 'x' });
    const ab = await alternate({ a: toolkit, b: old });
    ctx.row({ case: 'invoke task_list (in-memory), composed providers', toolwright: ab.a, baseline: ab.b, baselineName: `runtime @${BEFORE_COMMIT} (fixed handler table)`, unit: 'µs', target: '0.9–1.1×', note: 'CPU time per call, rounds alternated' });
  },
};

export default bench;
