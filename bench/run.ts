// `npm run bench [filter]`: runs every bench/cases/*.ts (or those whose file name contains filter)
// and prints one table of medians and ratios against baselines measured in the same run.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchCase, BenchRow } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = (await readdir(path.join(here, 'cases')))
  .filter((f) => f.endsWith('.ts') && (!filter || f.includes(filter)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(here, 'cases', file)).href)) as { default: BenchCase };
  const bench = mod.default;
  const tmp = await mkdtemp(path.join(tmpdir(), `toolwright-bench-${bench.name}-`));
  process.stderr.write(`[bench] ${bench.name} …\n`);
  try {
    await bench.run({
      tmp,
      row: (row) => {
        rows.push(row);
        process.stderr.write(`[bench]   ${row.case}: ${fmt(row.toolwright)} ${row.unit ?? 'ms'}\n`);
      },
      log: (message) => process.stderr.write(`[bench]   ${message}\n`),
    });
  } catch (error) {
    rows.push({ case: `${bench.name}: FAILED`, toolwright: NaN, note: String((error as Error).stack ?? error) });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

function fmt(n: number | undefined): string {
  if (n === undefined || Number.isNaN(n)) return '-';
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

const header = ['case', 'toolwright', 'baseline', 'ratio', 'target', 'note'];
const lines = rows.map((r) => {
  const unit = r.unit ?? 'ms';
  const ratio = r.baseline ? r.toolwright / r.baseline : undefined;
  return [
    r.case,
    `${fmt(r.toolwright)} ${unit}`,
    r.baseline === undefined ? '-' : `${fmt(r.baseline)} ${unit} (${r.baselineName ?? 'baseline'})`,
    ratio === undefined ? '-' : `${ratio.toFixed(2)}×`,
    r.target ?? '-',
    r.note ?? '',
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
const print = (cells: string[]) => console.log(`| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
print(header);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
lines.forEach(print);
const footer = `medians of repeated runs; ratio = toolwright / baseline (lower is better); node ${process.version}, ${(await import('node:os')).cpus().length} cores`;
console.log(`\n${footer}`);

// BENCH_MARKDOWN=file also writes the rows as a Markdown table (docs/performance.md's table is pasted from it).
if (process.env.BENCH_MARKDOWN) {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const markdown = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((l) => `| ${l.map(cell).join(' | ')} |`),
    '',
    footer,
    '',
  ].join('\n');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(process.env.BENCH_MARKDOWN, markdown);
}
