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
const cellsOf = (r: BenchRow): string[] => {
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
};

/** pass/miss for a target of the forms "≤ 1.5×" (the ratio), "≤ 3 ms" or "≥ 95 %" (the value, in the row's unit; a bare number counts), else "?". */
function verdict(r: BenchRow): string {
  const target = (r.target ?? '').replace(/<=/g, '≤').replace(/x\b/g, '×');
  if (Number.isNaN(r.toolwright)) return 'miss';
  const ratio = /^≤\s*([\d.]+)\s*×/.exec(target);
  if (ratio && r.baseline) return r.toolwright / r.baseline <= Number(ratio[1]) ? 'pass' : 'miss';
  const value = /^([≤≥])\s*([\d.]+)\s*(ms|s|µs|MiB|%|count)?(?:\s|$)/.exec(target);
  if (value && (value[3] ?? 'count') === (r.unit ?? 'ms')) {
    const bound = Number(value[2]);
    return (value[1] === '≤' ? r.toolwright <= bound : r.toolwright >= bound) ? 'pass' : 'miss';
  }
  return '?';
}

function table(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((l) => l[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
}

const lines = rows.map(cellsOf);
const contractHeader = ['case', 'toolwright', 'baseline', 'ratio', 'target', 'verdict'];
const contractLines = rows.filter((r) => r.contract).map((r) => [...cellsOf(r).slice(0, 5), verdict(r)]);
console.log(table(header, lines).join('\n'));
if (contractLines.length)
  console.log(`\nThe performance contract:\n${table(contractHeader, contractLines).join('\n')}`);
const footer = `medians of repeated runs; ratio = toolwright / baseline (lower is better); node ${process.version}, ${(await import('node:os')).cpus().length} cores`;
console.log(`\n${footer}`);

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const markdownTable = (head: string[], body: string[][]) => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...body.map((l) => `| ${l.map(cell).join(' | ')} |`),
];
const markdown = [
  ...(contractLines.length
    ? ['The contract:', '', ...markdownTable(contractHeader, contractLines), '', 'Every row:', '']
    : []),
  ...markdownTable(header, lines),
  '',
  footer,
  '',
].join('\n');

// BENCH_MARKDOWN=file also writes the tables as Markdown; BENCH_DOCS=1 puts them into
// docs/performance.md between its bench-table markers.
const { readFile, writeFile } = await import('node:fs/promises');
if (process.env.BENCH_MARKDOWN) await writeFile(process.env.BENCH_MARKDOWN, markdown);
if (process.env.BENCH_DOCS) {
  const docs = path.join(here, '..', 'docs', 'performance.md');
  const text = await readFile(docs, 'utf8');
  const begin = text.indexOf('\n', text.indexOf('<!-- bench-table:begin')) + 1;
  const end = text.indexOf('<!-- bench-table:end -->');
  if (begin <= 0 || end < begin) throw new Error('docs/performance.md has no bench-table markers');
  await writeFile(docs, `${text.slice(0, begin)}${markdown}${text.slice(end)}`);
}
