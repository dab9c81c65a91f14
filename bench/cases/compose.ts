// invoke overhead after composition (providers passed in, handler looked up per call):
// the same task_list call through this runtime and through the runtime before providers were open
// (src at BEFORE_COMMIT, extracted from git history), alternated in a fresh child process, CPU time per call.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { checkoutFromHistory, type BenchCase } from '../lib.js';
import { alternate } from '../invoke-alternate.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const BEFORE_COMMIT = '1d20a3b';

/** The src folder (and package.json) as they were at BEFORE_COMMIT. */
const beforeSources = (tmp: string) =>
  checkoutFromHistory(root, BEFORE_COMMIT, ['src', 'package.json'], path.join(tmp, 'before'));

const bench: BenchCase = {
  name: 'compose',
  async run(ctx) {
    const current = (await import(
      pathToFileURL(path.join(root, 'src/index.ts')).href
    )) as typeof import('../../src/index.js');
    const toolkit = current.createToolkit({ workspace: ctx.tmp });
    await toolkit.invoke('task', 'task_create', { title: 'x' });

    // 20 extra providers of 20 operations each beside the reference set: lookups must not grow with them.
    const template = current.catalogOperations.find((op) => op.name === 'task_list')!;
    const extra = Array.from({ length: 20 }, (_, p) => ({
      name: `extra_${p}`,
      description: 'Synthetic.',
      operations: Array.from({ length: 20 }, (_, o) => ({
        ...template,
        provider: `extra_${p}`,
        name: `extra_${p}_${o}`,
        id: `extra_${p}.extra_${p}_${o}`,
      })),
      handlers: Object.fromEntries(
        Array.from({ length: 20 }, (_, o) => [`extra_${p}_${o}`, async () => ({ tasks: [] })]),
      ),
    }));
    const big = current.createToolkit({ workspace: ctx.tmp, providers: [...current.referenceProviders, ...extra] });
    await big.invoke('task', 'task_create', { title: 'x' });
    const scale = await alternate({ a: big, b: toolkit });
    ctx.row({
      case: 'invoke task_list, reference + 400 extra operations',
      toolwright: scale.a,
      baseline: scale.b,
      baselineName: 'reference providers only',
      unit: 'µs',
      target: '≈ 1×',
      note: 'CPU time per call',
    });

    const dir = await beforeSources(ctx.tmp);
    if (!dir) {
      ctx.log(`no git history for ${BEFORE_COMMIT}: no before/after row`);
      return;
    }
    // In a child process: in this one the current runtime's code has already run every other case
    // (polymorphic ICs, deopts, a bigger heap) while the copy at BEFORE_COMMIT would be fresh. In one
    // process the row read 1.22× in a full run but 0.95× with `npm run bench compose` alone.
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/invoke-ab.ts'), path.join(root, 'src'), path.join(dir, 'src')],
      { cwd: root, maxBuffer: 1 << 20 },
    );
    const ab = JSON.parse(stdout) as { a: number; b: number };
    ctx.row({
      case: 'invoke task_list (in-memory), composed providers',
      toolwright: ab.a,
      baseline: ab.b,
      baselineName: `runtime @${BEFORE_COMMIT} (fixed handler table)`,
      unit: 'µs',
      target: '0.9–1.1×',
      note: 'CPU time per call, rounds alternated',
    });
  },
};

export default bench;
