// `toolwright generate` wall time, from the built package (node dist/cli.js, as `npx toolwright`
// runs it), on the example provider's catalog, on catalog.yaml and on a synthetic 1,000-operation
// catalog. Baseline: the generator before it moved into the package (codegen/ run by tsx from the
// checkout, at BEFORE_COMMIT), extracted from git history and run in the same session.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkoutFromHistory, medianMs, sideBySide, type BenchCase } from '../lib.js';
import { syntheticCatalog } from '../synthetic-catalog.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const root = path.resolve(import.meta.dirname, '../..');
const cliJs = path.join(root, 'dist/cli.js');
/** The last commit with the checkout-only generator (codegen/cli.ts). */
const BEFORE_COMMIT = '1d20a3b';

/** The old generator and its catalog, from git history; undefined when the history is not there (shallow clone). */
async function oldGenerator(tmp: string): Promise<string | undefined> {
  return checkoutFromHistory(root, BEFORE_COMMIT, ['codegen', 'src/runtime', 'catalog.yaml', 'package.json'], path.join(tmp, 'before'));
}

const bench: BenchCase = {
  name: 'generate',
  async run(ctx) {
    const generateNew = (catalog: string, out: string) =>
      run(process.execPath, [cliJs, 'generate', catalog, '--out', path.join(out, 'src'), '--tests', path.join(out, 'test'), '--quiet'], { cwd: root, maxBuffer: 1 << 24 });
    const before = await oldGenerator(ctx.tmp);
    const generateOld = (catalog: string, out: string) =>
      run(process.execPath, ['--import', tsxLoader, path.join(before!, 'codegen/cli.ts'), catalog, '--out', out, '--quiet'], { cwd: before, maxBuffer: 1 << 24 });

    const cliStart = await medianMs(() => run(process.execPath, [cliJs, '--version']), 5);
    const example = await medianMs(() => generateNew(path.join(root, 'examples/git-provider/catalog.yaml'), path.join(ctx.tmp, 'example')), 5);
    ctx.row({ case: 'toolwright generate, examples/git-provider (3 ops)', toolwright: example, baseline: cliStart, baselineName: 'toolwright --version (CLI start)', note: 'whole process, built package' });

    const bigNew = path.join(ctx.tmp, 'synthetic.yaml');
    await writeFile(bigNew, syntheticCatalog(path.join(root, 'catalog.yaml'), 1000));
    if (!before) {
      ctx.log(`no git history for ${BEFORE_COMMIT}: rows without the old generator as baseline`);
      const own = await medianMs(() => generateNew(path.join(root, 'catalog.yaml'), path.join(ctx.tmp, 'own')), 5);
      const big = await medianMs(() => generateNew(bigNew, path.join(ctx.tmp, 'big')), 3, 0);
      ctx.row({ case: 'toolwright generate, catalog.yaml', toolwright: own, baseline: cliStart, baselineName: 'toolwright --version' });
      ctx.row({ case: 'toolwright generate, synthetic 1,000 operations', toolwright: big, baseline: own, baselineName: 'catalog.yaml' });
      return;
    }
    // Alternated runs (new, old, new, old …): load drift on a shared machine hits both alike.
    const own = await sideBySide(
      () => generateNew(path.join(root, 'catalog.yaml'), path.join(ctx.tmp, 'own')),
      () => generateOld(path.join(before, 'catalog.yaml'), path.join(ctx.tmp, 'own-old')),
      5,
    );
    const bigOld = path.join(ctx.tmp, 'synthetic-old.yaml');
    await writeFile(bigOld, syntheticCatalog(path.join(before, 'catalog.yaml'), 1000));
    const big = await sideBySide(
      () => generateNew(bigNew, path.join(ctx.tmp, 'big')),
      () => generateOld(bigOld, path.join(ctx.tmp, 'big-old')),
      3,
      0,
    );
    ctx.row({ case: 'toolwright generate, catalog.yaml', toolwright: own.toolwright, baseline: own.baseline, baselineName: `tsx codegen/cli.ts @${BEFORE_COMMIT}`, target: '≤ 1.2×', note: 'whole process: parse, validate, emit 12 files' });
    ctx.row({ case: 'toolwright generate, synthetic 1,000 operations', toolwright: big.toolwright, baseline: big.baseline, baselineName: `tsx codegen/cli.ts @${BEFORE_COMMIT}`, target: '≤ 1.2×', note: '2,000 schemas: types, validators, registry, conformance' });
  },
};

export default bench;
