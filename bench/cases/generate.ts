// `toolwright generate` from the built packages (node dist/cli.js, as `npx toolwright` runs it, and
// the generator bundled in codegen/dist/, which `npm run bench` builds too): wall time on the
// example provider's catalog and catalog.yaml, then time and peak RSS on synthetic catalogs of 100,
// 1,000 and 10,000 operations (bench/synthetic-catalog.ts), each run a process of its own under
// /usr/bin/time. Baseline: the generator before this round's rework (08f176f), run from its
// sources by tsx in the same session, where it works (it fails from about 3,000 operations).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkoutFromHistory, median, medianMs, type BenchCase } from '../lib.js';
import { syntheticCatalog } from '../synthetic-catalog.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const root = path.resolve(import.meta.dirname, '../..');
const cliJs = path.join(root, 'dist/cli.js');
/** The generator before per-chunk validators, the own type emitter and js-yaml. */
const BEFORE_COMMIT = '08f176f';
const SIZES = [100, 1_000, 10_000];
/** Beyond this the old generator overflows the stack (or runs for minutes): not run. */
const OLD_MAX_OPERATIONS = 1_000;
const TIME = '/usr/bin/time';

interface Measured {
  ms: number;
  rssMiB: number;
}

/** One `generate` in `project` (a folder holding catalog.yaml): wall time and peak RSS of the process. */
async function measure(command: string[], project: string): Promise<Measured> {
  await rm(path.join(project, 'src'), { recursive: true, force: true });
  await rm(path.join(project, 'test'), { recursive: true, force: true });
  const started = performance.now();
  const { stderr } = await run(TIME, ['-f', 'maxrss=%M', process.execPath, ...command, 'generate', '--quiet'], {
    cwd: project,
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  const rss = Number(/maxrss=(\d+)/.exec(stderr)?.[1]);
  return { ms, rssMiB: rss / 1024 };
}

async function medianOf(command: string[], project: string, runs: number): Promise<Measured> {
  const results: Measured[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure(command, project));
  return { ms: median(results.map((r) => r.ms)), rssMiB: median(results.map((r) => r.rssMiB)) };
}

const bench: BenchCase = {
  name: 'generate',
  async run(ctx) {
    const cliStart = await medianMs(() => run(process.execPath, [cliJs, '--version']), 5);
    const projectOf = async (name: string, catalog: string) => {
      const dir = path.join(ctx.tmp, name);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'catalog.yaml'), catalog);
      return dir;
    };
    const { readFile } = await import('node:fs/promises');
    const example = await projectOf(
      'example',
      await readFile(path.join(root, 'examples/git-provider/catalog.yaml'), 'utf8'),
    );
    const own = await projectOf('own', await readFile(path.join(root, 'catalog.yaml'), 'utf8'));
    ctx.row({
      case: 'toolwright generate, examples/git-provider (3 ops)',
      toolwright: (await medianOf([cliJs], example, 5)).ms,
      baseline: cliStart,
      baselineName: 'toolwright --version (CLI start)',
      note: 'whole process, built package',
    });
    ctx.row({
      case: 'toolwright generate, catalog.yaml',
      toolwright: (await medianOf([cliJs], own, 5)).ms,
      baseline: cliStart,
      baselineName: 'toolwright --version',
    });

    if (!existsSync(TIME)) {
      ctx.log(`${TIME} is missing: no synthetic-catalog rows (they report peak RSS through it)`);
      return;
    }
    const before = await checkoutFromHistory(
      root,
      BEFORE_COMMIT,
      ['src', 'catalog.yaml', 'package.json', 'tsconfig.json'],
      path.join(ctx.tmp, 'before'),
    );
    if (!before) ctx.log(`no git history for ${BEFORE_COMMIT}: synthetic rows without the old generator`);
    for (const size of SIZES) {
      const project = await projectOf(`synthetic-${size}`, syntheticCatalog(path.join(root, 'catalog.yaml'), size));
      const runs = size >= 10_000 ? 1 : 3;
      const now = await medianOf([cliJs], project, runs);
      // Each generator reads the catalog of its own commit: the two spell error codes differently
      // (today's refuses a common code in `errors`, the old one requires it there) and the old one
      // knows no `role` or `long_running`. Same operation count, same shapes otherwise.
      const oldProject =
        before && size <= OLD_MAX_OPERATIONS
          ? await projectOf(`synthetic-${size}-before`, syntheticCatalog(path.join(before, 'catalog.yaml'), size))
          : undefined;
      const old = oldProject
        ? await medianOf(['--import', tsxLoader, path.join(before!, 'src/cli.ts')], oldProject, runs).catch(
            (error: unknown) => {
              ctx.log(
                `the generator @${BEFORE_COMMIT} refused the ${size}-operation catalog: ${String(error).split('\n')[0]}`,
              );
              return undefined;
            },
          )
        : undefined;
      const label = size.toLocaleString('en-US');
      const baselineName = `tsx src/cli.ts @${BEFORE_COMMIT}`;
      ctx.row({
        case: `toolwright generate, synthetic ${label} operations`,
        toolwright: now.ms / 1000,
        unit: 's',
        ...(old ? { baseline: old.ms / 1000, baselineName } : {}),
        target: size === 1_000 ? '≤ 10 s' : size === 10_000 ? '≤ 90 s' : '-',
        contract: size === 1_000 || size === 10_000,
        note: `median of ${runs}; ${size * 2} schemas, one process per run${old ? `; each generator on the catalog of its commit` : ''}`,
      });
      ctx.row({
        case: `toolwright generate, synthetic ${label} operations, peak RSS`,
        toolwright: now.rssMiB,
        unit: 'MiB',
        ...(old ? { baseline: old.rssMiB, baselineName } : {}),
        target: '≤ 1024 MiB',
        contract: size === 10_000,
        note: 'maxrss of the process (its compile workers included)',
      });
    }
  },
};

export default bench;
