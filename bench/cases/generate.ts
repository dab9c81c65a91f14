// `npm run generate` wall time on this catalog and on a synthetic 1,000-operation catalog.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { medianMs, type BenchCase } from '../lib.js';
import { syntheticCatalog } from '../synthetic-catalog.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const root = path.resolve(import.meta.dirname, '../..');

const bench: BenchCase = {
  name: 'generate',
  async run(ctx) {
    const cli = (catalog: string) =>
      run(process.execPath, ['--import', tsxLoader, path.join(root, 'codegen/cli.ts'), catalog, '--out', ctx.tmp, '--quiet'], { cwd: root, maxBuffer: 1 << 24 });
    const startup = await medianMs(() => run(process.execPath, ['--import', tsxLoader, '-e', '0']), 5);
    const own = await medianMs(() => cli(path.join(root, 'catalog.yaml')), 5);
    const synthetic = path.join(ctx.tmp, 'synthetic.yaml');
    await writeFile(synthetic, syntheticCatalog(path.join(root, 'catalog.yaml'), 1000));
    const big = await medianMs(() => cli(synthetic), 3, 0);
    ctx.row({ case: 'npm run generate, catalog.yaml', toolwright: own, baseline: startup, baselineName: 'node+tsx startup', note: 'whole process: parse, validate, emit 5+ files' });
    ctx.row({ case: 'npm run generate, synthetic 1,000 operations', toolwright: big, baseline: own, baselineName: 'catalog.yaml', note: '2,000 schemas: types, validators, registry, conformance' });
  },
};

export default bench;
