// search: grep and glob through toolkit.invoke beside the raw engines they wrap, over a generated
// git repository of 22,000 tracked files (+2,000 gitignored ones), all spawned/called from this
// same Node process:
//   grep capped (max_results 200)  vs  `rg --json` spawned from Node, read until 200 matches, killed
//   grep max_results 1e6 (132k matches exist; grep stops at its ~960 KiB result bound)
//                                  vs `rg --json` spawned from Node with its pipe only drained
//   grep peak RSS (fresh process, every match asked for) vs the same process after a 1-match grep
//   glob "**/*.ts" (mtime-sorted)  vs  fast-glob, same options (stats for the mtime sort)
//   … and beside it the fastest peer: `rg --files -g` plus an lstat of each result.
import { readFileSync } from 'node:fs';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { rgPath } from '@vscode/ripgrep';
import { createToolkit } from '../../src/toolkit.js';
import type { GlobResult, GrepResult } from '../../src/generated/types.js';
import { medianMs, sideBySide, type BenchCase } from '../lib.js';

const TOP = 20;
const SUB = 25;
const PER_DIR = 44; // 20 × 25 × 44 = 22,000 files
const IGNORED = 2000;
const MATCH_LINES_PER_FILE = 6; // → 132,000 matching lines for "needle"

export const BASE_RG_FLAGS = [
  '--no-config',
  '--hidden',
  '--no-require-git',
  '--no-ignore-dot',
  '--no-ignore-exclude',
  '--no-ignore-global',
  '--glob',
  '!.git',
  '--with-filename',
  '--json',
  '--case-sensitive',
];

async function makeTree(root: string): Promise<void> {
  execFileSync('git', ['init', '-q'], { cwd: root });
  await writeFile(path.join(root, '.gitignore'), 'node_modules/\n*.tmp\n');
  const body = (n: number) => {
    const lines: string[] = [`// module ${n}`, `import { helper } from './helper${n % 13}';`];
    for (let i = 0; i < MATCH_LINES_PER_FILE; i++) lines.push(`export const needle${i}_${n} = helper(${i}); // needle`);
    lines.push('function quiet() {', '  return 42;', '}', '');
    return lines.join('\n');
  };
  let n = 0;
  for (let a = 0; a < TOP; a++) {
    for (let b = 0; b < SUB; b++) {
      const dir = path.join(root, 'src', `pkg${a}`, `mod${b}`);
      await mkdir(dir, { recursive: true });
      const writes: Promise<void>[] = [];
      for (let c = 0; c < PER_DIR; c++) {
        const ext = c % 4 === 0 ? 'ts' : c % 4 === 1 ? 'js' : c % 4 === 2 ? 'md' : 'json';
        writes.push(writeFile(path.join(dir, `file${c}.${ext}`), body(n++)));
      }
      await Promise.all(writes);
    }
  }
  const ignoredDir = path.join(root, 'node_modules', 'dep');
  await mkdir(ignoredDir, { recursive: true });
  for (let i = 0; i < IGNORED; i += 100) {
    await Promise.all(
      Array.from({ length: 100 }, (_, j) => writeFile(path.join(ignoredDir, `m${i + j}.ts`), 'needle\n')),
    );
  }
}

/** Spawns rg with `args` in `cwd`; counts `"type":"match"` lines, killing rg after `stopAfter` of them. */
function rawRgJson(cwd: string, args: string[], stopAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let matches = 0;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (matches >= stopAfter) return;
      const lines = (rest + text).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('{"type":"match"') && ++matches >= stopAfter) {
          child.kill('SIGKILL');
          child.stdout.destroy();
          break;
        }
      }
    });
    child.on('error', reject);
    child.on('close', () => resolve(matches));
  });
}

/** Spawns rg and only drains its stdout: the floor for anything that reads rg's output in Node. */
export function drainRg(cwd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

/** Sorts `files` (relative to `cwd`) newest first by lstat, 64 at a time; resolves to their count. */
async function sortByMtime(cwd: string, files: string[]): Promise<number> {
  const mtimes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      mtimes.set(f, (await lstat(path.join(cwd, f))).mtimeMs);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  files.sort((a, b) => mtimes.get(b)! - mtimes.get(a)!);
  return files.length;
}

/** `rg --files -g pattern` plus an lstat of every result, sorted by mtime: the fastest peer for glob. */
export function rgFilesWithStat(cwd: string, glob: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      rgPath,
      ['--files', '--hidden', '--no-require-git', '--no-config', '--glob', '!.git', '--glob', glob],
      {
        cwd,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (t: string) => (text += t));
    child.on('error', reject);
    child.on('close', () => {
      // A failed lstat rejects the case rather than leaving it pending.
      sortByMtime(cwd, text.split('\n').filter(Boolean)).then(resolve, reject);
    });
  });
}

const run = promisify(execFile);
const memoryFixture = path.join(import.meta.dirname, '..', 'fixtures', 'grep-memory.mjs');

/** Peak RSS (MiB) of a fresh process running one grep over `root` (see bench/fixtures/grep-memory.mjs). */
async function grepPeakRss(root: string, mode?: string): Promise<{ rssMiB: number; matches: number; bytes: number }> {
  const { stdout } = await run(process.execPath, [memoryFixture, root, ...(mode ? [mode] : [])], {
    maxBuffer: 1 << 20,
  });
  const report = JSON.parse(stdout) as { maxRssKiB: number; matches: number; bytes: number };
  return { rssMiB: report.maxRssKiB / 1024, matches: report.matches, bytes: report.bytes };
}

// VmHWM, not resourceUsage().maxRSS: Linux carries maxRSS over from the parent across fork + exec.
const maxRssMiB = () =>
  (Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024).toFixed(0);

const bench: BenchCase = {
  name: 'search',
  async run(ctx) {
    const root = ctx.tmp;
    const started = performance.now();
    await makeTree(root);
    ctx.log(
      `tree: ${TOP * SUB * PER_DIR} files + ${IGNORED} gitignored, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const toolkit = createToolkit({ workspace: root });

    // --- grep, capped default -------------------------------------------------------------
    let capped: GrepResult | undefined;
    const rssBefore = maxRssMiB();
    const cappedTimes = await sideBySide(
      async () => {
        const r = await toolkit.invoke('search', 'grep', { pattern: 'needle' });
        if (!r.ok) throw new Error(r.error.message);
        capped = r.output;
      },
      () => rawRgJson(root, [...BASE_RG_FLAGS, '--regexp', 'needle', '--', '.'], 200),
      31,
      3,
    );
    ctx.row({
      case: 'grep "needle", capped (max_results 200, of 132k)',
      toolwright: cappedTimes.toolwright,
      baseline: cappedTimes.baseline,
      baselineName: 'rg --json, first 200 matches, killed',
      target: '≤ 1.2×',
      contract: true,
      note: `${capped?.matches?.length} matches, truncated=${capped?.truncated}; max RSS ${rssBefore}→${maxRssMiB()} MiB`,
    });

    // --- what confining rg costs: the same grep with no sandbox to start ----------------------
    const unconfined = createToolkit({ workspace: root, exec: { bwrapPath: path.join(root, 'no-such-bwrap') } });
    const confineTimes = await sideBySide(
      () => toolkit.invoke('search', 'grep', { pattern: 'needle' }),
      () => unconfined.invoke('search', 'grep', { pattern: 'needle' }),
      31,
      3,
    );
    ctx.row({
      case: 'grep "needle" capped, rg in the workspace sandbox',
      toolwright: confineTimes.toolwright,
      baseline: confineTimes.baseline,
      baselineName: 'the same grep, rg unconfined (no bwrap)',
      note: 'rg runs in one long-lived bwrap per workspace (see Security)',
    });

    // --- grep, full output ----------------------------------------------------------------
    let full: GrepResult | undefined;
    let drained = 0;
    const fullTimes = await sideBySide(
      async () => {
        const r = await toolkit.invoke('search', 'grep', { pattern: 'needle', max_results: 1_000_000 });
        if (!r.ok) throw new Error(r.error.message);
        full = r.output;
      },
      async () => {
        drained = await drainRg(root, [...BASE_RG_FLAGS, '--regexp', 'needle', '--', '.']);
      },
      7,
      1,
    );
    ctx.row({
      case: `grep "needle", max_results 1e6 (${full?.matches?.length} of 132k returned: result bound)`,
      toolwright: fullTimes.toolwright,
      baseline: fullTimes.baseline,
      baselineName: `rg --json drained, all 132k (${(drained / 1048576).toFixed(0)} MiB)`,
      target: '≤ 1.3×',
      note: `stops at the ~960 KiB result bound (truncated=${full?.truncated}); max RSS now ${maxRssMiB()} MiB`,
    });

    // --- grep memory: every match asked for, in a fresh process ----------------------------
    const idle = await grepPeakRss(root, '--baseline');
    const rssRuns: number[] = [];
    let greedy = { rssMiB: 0, matches: 0, bytes: 0 };
    const greedyMs = await medianMs(
      async () => {
        greedy = await grepPeakRss(root);
        rssRuns.push(greedy.rssMiB);
      },
      3,
      0,
    );
    const peak = [...rssRuns].sort((a, b) => a - b)[rssRuns.length >> 1]!;
    ctx.row({
      case: 'grep 132k-match tree, max_results 1e6: peak RSS (fresh process)',
      toolwright: greedyMs,
      baselineName: 'same process after a 1-match grep (idle)',
      target: 'peak RSS ≤ idle + 64 MiB',
      note: `peak ${peak.toFixed(0)} MiB vs idle ${idle.rssMiB.toFixed(0)} MiB (+${(peak - idle.rssMiB).toFixed(0)} MiB, ${peak - idle.rssMiB <= 64 ? 'pass' : 'MISS'}); ${greedy.matches} matches, output ${(greedy.bytes / 1024).toFixed(0)} KiB JSON`,
    });

    const filesTimes = await sideBySide(
      () =>
        toolkit.invoke('search', 'grep', {
          pattern: 'needle',
          output_mode: 'files_with_matches',
          max_results: 1_000_000,
        }),
      () =>
        drainRg(root, [
          ...BASE_RG_FLAGS.filter((f) => f !== '--json'),
          '--files-with-matches',
          '--null',
          '--regexp',
          'needle',
          '--',
          '.',
        ]),
      7,
      1,
    );
    ctx.row({
      case: 'grep files_with_matches (22k files)',
      toolwright: filesTimes.toolwright,
      baseline: filesTimes.baseline,
      baselineName: 'rg -l --null drained',
    });

    // --- glob -----------------------------------------------------------------------------
    let globbed: GlobResult | undefined;
    let raw = 0;
    const globTimes = await sideBySide(
      async () => {
        const r = await toolkit.invoke('search', 'glob', { pattern: '**/*.ts' });
        if (!r.ok) throw new Error(r.error.message);
        globbed = r.output;
      },
      async () => {
        const entries = await fg('**/*.ts', {
          cwd: root,
          dot: true,
          onlyFiles: true,
          followSymbolicLinks: false,
          suppressErrors: true,
          stats: true,
          ignore: ['**/.git/**', 'node_modules/**'], // what the .gitignore says, spelled for fast-glob
        });
        entries.sort((a, b) => b.stats!.mtimeMs - a.stats!.mtimeMs);
        raw = entries.length;
      },
      9,
      2,
    );
    ctx.row({
      case: `glob "**/*.ts" (${globbed?.total} files, newest first)`,
      toolwright: globTimes.toolwright,
      baseline: globTimes.baseline,
      baselineName: `fast-glob stats:true + sort (${raw})`,
      target: '≤ 1.2×',
      note: 'engine: fast-glob walk through the confinement fence (.gitignore pruning in its readdir), then batched sync lstat',
    });

    let peerCount = 0;
    const peerTimes = await sideBySide(
      () => toolkit.invoke('search', 'glob', { pattern: '**/*.ts' }),
      async () => {
        peerCount = await rgFilesWithStat(root, '*.ts');
      },
      9,
      2,
    );
    ctx.row({
      case: 'glob "**/*.ts" vs fastest peer',
      toolwright: peerTimes.toolwright,
      baseline: peerTimes.baseline,
      baselineName: `rg --files -g + lstat + sort (${peerCount})`,
      target: '≤ 2× (else switch engine)',
    });

    const noStatTimes = await sideBySide(
      () => toolkit.invoke('search', 'glob', { pattern: 'src/pkg1*/**/file1.*' }),
      () =>
        fg('src/pkg1*/**/file1.*', {
          cwd: root,
          dot: true,
          onlyFiles: true,
          followSymbolicLinks: false,
          ignore: ['**/.git/**', 'node_modules/**'],
        }),
      9,
      2,
    );
    ctx.row({
      case: 'glob "src/pkg1*/**/file1.*" (few results)',
      toolwright: noStatTimes.toolwright,
      baseline: noStatTimes.baseline,
      baselineName: 'fast-glob, no stats',
    });
  },
};

export default bench;
