// search at scale: grep's full scan and glob over a tree of 300,000 files, in-process through
// toolkit.invoke (confined as always), beside the engines' own floor spawned from the same process:
//   grep, a rare needle (every file read, 300 matches)  vs  `rg --json` with its pipe only drained
//   glob "**/*" (newest first, the first page)          vs  `rg --files` + an lstat per file + sort
// The tree is built once under the system's temp folder and reused while its manifest matches.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createToolkit } from '../../src/toolkit.js';
import { pairsNote, sideBySide, type BenchCase } from '../lib.js';
import { BASE_RG_FLAGS, drainRg, rgFilesWithStat } from './search.js';

const FILES = Number(process.env.BENCH_SEARCH_FILES ?? 300_000);
const PER_DIR = 500;
const NEEDLE_EVERY = 1000; // → FILES / 1000 files hold the needle
const MANIFEST = `files=${FILES} per_dir=${PER_DIR} marked_every=${NEEDLE_EVERY} v1`;

async function tree(): Promise<string> {
  const root = path.join(tmpdir(), `toolwright-bench-search-${FILES}`);
  const manifest = path.join(root, '.bench-manifest');
  if (existsSync(manifest) && readFileSync(manifest, 'utf8') === MANIFEST) return root;
  await rm(root, { recursive: true, force: true });
  for (let dir = 0; dir * PER_DIR < FILES; dir++) {
    const folder = path.join(root, `d${Math.floor(dir / 25)}`, `s${dir % 25}`);
    await mkdir(folder, { recursive: true });
    const writes: Promise<void>[] = [];
    for (let i = 0; i < PER_DIR && dir * PER_DIR + i < FILES; i++) {
      const n = dir * PER_DIR + i;
      const body = `// file ${n}\nexport const value${n} = ${n};\n${n % NEEDLE_EVERY === 0 ? 'const needle = 1;\n' : ''}`;
      writes.push(writeFile(path.join(folder, `f${n}.ts`), body));
    }
    await Promise.all(writes);
  }
  await writeFile(manifest, MANIFEST);
  return root;
}

const bench: BenchCase = {
  name: 'search-300k',
  async run(ctx) {
    const root = await tree();
    const toolkit = createToolkit({ workspace: root });
    const count = FILES.toLocaleString('en');
    try {
      let matches = 0;
      const grep = await sideBySide(
        async () => {
          const r = await toolkit.invoke('search', 'grep', { pattern: 'needle', max_results: 100_000 });
          if (!r.ok) throw new Error(r.text);
          matches = r.output.matches?.length ?? 0;
        },
        () => drainRg(root, [...BASE_RG_FLAGS, 'needle']),
        5,
        1,
      );
      ctx.row({
        case: `grep full scan, ${count} files (${matches} matches)`,
        toolwright: grep.toolwright,
        baseline: grep.baseline,
        baselineName: 'rg --json, pipe drained',
        target: '≤ 1.15×',
        contract: true,
        note: `in-process invoke, rg inside the confinement helper; ${pairsNote(grep.pairs)}`,
      });
      let listed = 0;
      let peer = 0;
      const glob = await sideBySide(
        async () => {
          const r = await toolkit.invoke('search', 'glob', { pattern: '**/*' });
          if (!r.ok) throw new Error(r.text);
          listed = r.output.total;
        },
        async () => {
          peer = await rgFilesWithStat(root, '*');
        },
        5,
        1,
      );
      ctx.row({
        case: `glob "**/*" newest first, ${count} files (${listed} matched)`,
        toolwright: glob.toolwright,
        baseline: glob.baseline,
        baselineName: `rg --files + lstat + sort (${peer})`,
        target: '≤ 1.5×',
        contract: true,
        note: `in-process invoke, confined walk, first page returned; ${pairsNote(glob.pairs)}`,
      });
    } finally {
      await toolkit.close();
    }
  },
};

export default bench;
