// Memory bounds, measured as resident memory (RSS) while the work runs: output far past the caps
// (bash, a background job), a window at the end of a 1 GiB file, a PDF whose stream decodes to
// 600 MB. The quick suite checks what each answer says; here the peak memory is the claim.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { pdfMemory } from '../../src/handlers/filesystem/media/pdf.js';
import type { BashOutputResult, BashResult } from '../../src/generated/types.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';
import { waitFor } from '../support/exec-helpers.js';
import { makeFlateBombPdf, makePdf } from '../support/pdf-fixture.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);
const MiB = 1024 ** 2;
const toolkits: ToolkitOf[] = [];
afterAll(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
});

/** Runs `work` while sampling this process's RSS (and its children's) every 10 ms; the peaks. */
async function watchingMemory<T>(
  work: () => Promise<T>,
): Promise<{ value: T; before: number; peak: number; childrenPeak: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  let childrenPeak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    childrenPeak = Math.max(childrenPeak, childrenResidentBytes());
  };
  const sampler = setInterval(sample, 10);
  try {
    const value = await work();
    sample();
    return { value, before, peak, childrenPeak };
  } finally {
    clearInterval(sampler);
  }
}

/** The resident memory of this process's child processes, summed (Linux's /proc). */
function childrenResidentBytes(): number {
  let total = 0;
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // gone meanwhile
    }
  };
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const children = read(`/proc/${process.pid}/task/${task}/children`).trim();
    for (const pid of children ? children.split(' ') : []) {
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`));
      if (kb) total += Number(kb[1]) * 1024;
    }
  }
  return total;
}

describe('output far past the caps', () => {
  it(
    '`yes | head -c 2G` keeps this process under 150 MB RSS and counts every omitted byte',
    { timeout: scaled(300_000) },
    async () => {
      const toolkit = createToolkit({ workspace: await tempDir() });
      toolkits.push(toolkit);
      const { value: result, peak } = await watchingMemory(() =>
        toolkit.invoke('exec', 'bash', { command: 'yes | head -c 2G', timeout_ms: 300_000 }),
      );
      const output = expectOk<BashResult>(result);
      expect(output).toMatchObject({ exit_code: 0, timed_out: false, truncated: true, stderr: '' });
      const omitted = Number(/\[… (\d+) bytes omitted …\]/.exec(output.stdout)![1]);
      const kept = output.stdout.replace(/\[… \d+ bytes omitted …\]\n/, '').length;
      expect(omitted + kept).toBe(2 * 1024 ** 3);
      expect(peak / MiB).toBeLessThan(150);
    },
  );

  it('a background job printing 200 MB grows this process by under 64 MiB', { timeout: scaled(120_000) }, async () => {
    const toolkit = createToolkit({ workspace: await tempDir(), exec: { outputLimit: 2_000 } });
    toolkits.push(toolkit);
    const {
      value: last,
      before,
      peak,
    } = await watchingMemory(async () => {
      const started = expectOk<BashResult>(
        await toolkit.invoke('exec', 'bash', {
          command: 'yes flood | head -c 200000000; echo the-end',
          run_in_background: true,
        }),
      );
      await waitFor(
        async () =>
          expectOk<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs![0]!.status === 'exited' ||
          undefined,
        100_000,
        'the flood to end',
      );
      return expectOk<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', { job_id: started.job_id! }));
    });
    expect(last.total_bytes).toBe(200_000_000 + 8);
    expect((peak - before) / MiB).toBeLessThan(64);
  });
});

describe('read_file on a 1 GiB file', () => {
  it('reads a window at its end with memory bounded by the window', { timeout: scaled(240_000) }, async () => {
    const root = await tempDir();
    const file = path.join(root, 'big.txt');
    const handle = await open(file, 'w');
    const linesPerChunk = 10_000;
    let line = 0;
    let bytes = 0;
    while (bytes < 1024 ** 3) {
      let chunk = '';
      for (let i = 0; i < linesPerChunk; i++) chunk += `line ${++line} ${'lorem ipsum dolor sit amet '.repeat(3)}\n`;
      const buffer = Buffer.from(chunk);
      await handle.write(buffer);
      bytes += buffer.length;
    }
    await handle.close();
    const totalLines = line;
    const run = async (mode?: string) => {
      const { stdout } = await execFileAsync(
        process.execPath,
        [
          '--import',
          tsxLoader,
          fixture('read-window.ts'),
          root,
          'big.txt',
          String(totalLines - 49),
          '50',
          ...(mode ? [mode] : []),
        ],
        { maxBuffer: 1 << 24 },
      );
      return JSON.parse(stdout) as { output: any; maxRssKiB: number };
    };
    const baseline = await run('--baseline');
    const measured = await run();
    expect(measured.output.total_lines).toBe(totalLines);
    expect(measured.output.start_line).toBe(totalLines - 49);
    expect(measured.output.end_line).toBe(totalLines);
    expect(measured.output.content.split('\n').at(-1)).toContain(`line ${totalLines} lorem`);
    const extraMiB = (measured.maxRssKiB - baseline.maxRssKiB) / 1024;
    expect(extraMiB).toBeLessThan(64);
  });
});

describe('a PDF whose stream decodes to 600 MB', () => {
  it(
    'is stopped in the reader near its memory limit, and this process does not grow with it',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const saved = pdfMemory.growthMb;
      pdfMemory.growthMb = 96;
      try {
        await writeFile(path.join(root, 'bomb.pdf'), await makeFlateBombPdf(600 * MiB));
        const {
          value: result,
          before,
          peak,
          childrenPeak,
        } = await watchingMemory(() => toolkit.invoke('filesystem', 'read_file', { path: 'bomb.pdf' }));
        expect(!result.ok && result.error.code, result.text).toBe('TOO_LARGE');
        expect(childrenPeak).toBeGreaterThan(0);
        expect(childrenPeak).toBeLessThan(500 * MiB);
        expect(peak - before).toBeLessThan(200 * MiB);
        await writeFile(path.join(root, 'ok.pdf'), makePdf(['after the bomb']));
        const ok = await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' });
        expect(ok.ok && ok.text).toContain('after the bomb');
      } finally {
        pdfMemory.growthMb = saved;
      }
    },
  );
});
