// A cut grep returns the first results in path order: the search in path order gets a head start,
// is held (SIGSTOP) while rg's parallel search runs, and goes on only when that one was cut too.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rgPath } from '@vscode/ripgrep';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { RipgrepPause, runRipgrep } from '../../src/handlers/search/grep/ripgrep.js';
import type { searchWithRipgrep } from '../../src/handlers/search/grep/run.js';
import { SORTED_HEAD_START_MS, searchStably, type SearchWay } from '../../src/handlers/search/grep/stable-order.js';
import { workspaceConfinement, realRg } from '../../src/runtime/sandbox/workspace-confinement.js';
import type { HandlerContext } from '../../src/runtime/contract/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { bwrapWorks, runSandboxTests } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import type { GrepResult } from '../../src/generated/types.js';

type Collected = Awaited<ReturnType<typeof searchWithRipgrep>>;

/** A collected search: cut or not, rg over its memory bound or not, tagged to tell which it was. */
function collected(tag: string, { cut = false, overMemory = false } = {}): Collected {
  return {
    exits: [{ exitCode: 0, stopped: cut, stderr: tag, largeFiles: [], overMemory }],
    matches: undefined,
    files: new Set([tag]),
    counts: [],
    truncated: cut,
  };
}

interface FakeRun {
  way: SearchWay;
  paused: boolean[];
  aborted: () => boolean;
  finish: (value: Collected) => void;
}

/** A search function whose runs the test ends by hand, recording how each was asked to run. */
function fakeSearch() {
  const runs: FakeRun[] = [];
  const search = (way: SearchWay) =>
    new Promise<Collected>((resolve, reject) => {
      const paused: boolean[] = [];
      way.pause?.attach((p) => paused.push(p));
      way.signal?.addEventListener('abort', () => reject(new ToolError('CANCELLED', 'cancelled')), { once: true });
      runs.push({ way, paused, aborted: () => way.signal?.aborted === true, finish: resolve });
    });
  return { runs, search };
}

/** Lets every promise that can settle do so (the fake timers leave setImmediate waiting). */
/** A fast, unsorted search with its head start, over fake runs. */
function fastSearch() {
  const { runs, search } = fakeSearch();
  const result = searchStably(search, new AbortController().signal, { bounded: false, sorted: false, headStart: true });
  return { runs, result };
}

const tick = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

describe('searchStably: which searches run, and whose results are kept', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a search in path order that ends within its head start is the only one', async () => {
    vi.useFakeTimers();
    const { runs, result } = fastSearch();
    expect(runs.map((r) => r.way.sorted)).toEqual([true]);
    runs[0]!.finish(collected('sorted', { cut: true }));
    expect((await result).exits[0]!.stderr).toBe('sorted');
    await vi.advanceTimersByTimeAsync(SORTED_HEAD_START_MS * 2);
    expect(runs).toHaveLength(1);
  });

  it('past its head start it is held; a parallel search that was not cut is kept and the held one ended', async () => {
    vi.useFakeTimers();
    const { runs, result } = fastSearch();
    await vi.advanceTimersByTimeAsync(SORTED_HEAD_START_MS - 1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((r) => r.way.sorted)).toEqual([true, false]);
    expect(runs[0]!.paused).toEqual([true]);
    runs[1]!.finish(collected('parallel'));
    expect((await result).exits[0]!.stderr).toBe('parallel');
    expect(runs[0]!.aborted()).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('a parallel search that was cut lets the held search in path order go on, and its results are kept', async () => {
    vi.useFakeTimers();
    const { runs, result } = fastSearch();
    await vi.advanceTimersByTimeAsync(SORTED_HEAD_START_MS);
    runs[1]!.finish(collected('parallel', { cut: true }));
    await tick();
    expect(runs[0]!.paused).toEqual([true, false]);
    expect(runs[0]!.aborted()).toBe(false);
    runs[0]!.finish(collected('sorted', { cut: true }));
    expect((await result).exits[0]!.stderr).toBe('sorted');
    expect(runs).toHaveLength(2);
  });

  it('rg over its memory bound in the parallel search: the held one ends, and the search runs the bounded way', async () => {
    vi.useFakeTimers();
    const { runs, result } = fastSearch();
    await vi.advanceTimersByTimeAsync(SORTED_HEAD_START_MS);
    runs[1]!.finish(collected('parallel', { cut: true, overMemory: true }));
    await tick();
    expect(runs[0]!.aborted()).toBe(true);
    await tick();
    expect(runs[2]!.way).toMatchObject({ bounded: true, sorted: false });
    runs[2]!.finish(collected('bounded', { cut: true }));
    await tick();
    expect(runs[3]!.way).toMatchObject({ bounded: true, sorted: true });
    runs[3]!.finish(collected('bounded sorted', { cut: true }));
    expect((await result).exits[0]!.stderr).toBe('bounded sorted');
  });

  it('the call cancelled while both exist: both end and the call is CANCELLED', async () => {
    vi.useFakeTimers();
    const { runs, search } = fakeSearch();
    const call = new AbortController();
    const result = searchStably((way) => search({ ...way, signal: way.signal ?? call.signal }), call.signal, {
      bounded: false,
      sorted: false,
      headStart: true,
    });
    const settled = result.then(
      () => 'resolved',
      (error: ToolError) => error.code,
    );
    await vi.advanceTimersByTimeAsync(SORTED_HEAD_START_MS);
    call.abort();
    expect(await settled).toBe('CANCELLED');
    expect(runs.map((r) => r.aborted())).toEqual([true, true]);
  });

  it('a continued search, a followed one, or the bounded way runs as it did: one search at a time', async () => {
    for (const first of [
      { bounded: false, sorted: true, headStart: true },
      { bounded: false, sorted: false, headStart: false },
      { bounded: true, sorted: false, headStart: true },
    ]) {
      const { runs, search } = fakeSearch();
      const result = searchStably(search, new AbortController().signal, first);
      expect(runs.map((r) => r.way)).toEqual([{ bounded: first.bounded, sorted: first.sorted }]);
      runs[0]!.finish(collected('only'));
      expect((await result).exits[0]!.stderr).toBe('only');
    }
  });
});

/** Writes `count` files, each with one `needle` line, under `root`. */
async function tree(root: string, count: number): Promise<void> {
  for (let dir = 0; dir < count / 100; dir++) {
    const folder = path.join(root, `d${String(dir).padStart(3, '0')}`);
    await mkdir(folder, { recursive: true });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        writeFile(path.join(folder, `f${String(i).padStart(3, '0')}.txt`), `a\nneedle ${dir}.${i}\nz\n`),
      ),
    );
  }
}

/** A process's state letter from a /proc stat file (R, S, T for stopped, …). */
function stateOf(statFile: string): string {
  const text = readFileSync(statFile, 'latin1');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[0]!;
}

const FILES = 3000;

/** Waits for `check` (up to 20 s, scaled: a sandbox starts slowly on a loaded machine). */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + scaled(20_000);
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`never: ${what}`);
}

describe('RipgrepPause holds a running rg and lets it go on', () => {
  const ways: [string, (root: string) => Promise<Parameters<typeof runRipgrep>[0]['confine']>][] = [
    ['started directly', async () => undefined],
  ];
  if (runSandboxTests && bwrapWorks()) {
    ways.push([
      'in the confinement sandbox',
      async (root) => {
        // What grep's handler context gives it: the toolkit's exec settings (none here) and the workspace.
        const spec = await workspaceConfinement({
          services: { exec: { bwrapPath: undefined, env: undefined } },
          workspace: { root },
        } as unknown as HandlerContext);
        if (!spec) throw new Error('the sandbox did not start');
        return spec;
      },
    ]);
  }

  it.for(ways)('%s: stopped while held, every match once it goes on', async ([, confineFor]) => {
    const root = await tempDir();
    // Enough files that rg cannot finish before the stop reaches it: in the sandbox the stop is
    // sent once the helper has told rg's pid, after rg has started.
    await tree(root, FILES);
    const confine = await confineFor(root);
    const pause = new RipgrepPause();
    pause.set(true); // held from the start: it must not get past its first read
    let statm: (() => string | undefined) | undefined;
    let output = '';
    const running = runRipgrep({
      rgPath: confine ? realRg(rgPath) : rgPath,
      args: ['--no-config', '--sort', 'path', '--count', '--regexp', 'needle', '--', '.'],
      cwd: root,
      signal: new AbortController().signal,
      timeoutMs: 60_000,
      onStdout: (chunk) => {
        output += chunk.toString('utf8');
        return true;
      },
      onStart: (s) => (statm = s),
      pause,
      ...(confine ? { confine } : {}),
    });
    const stat = () => statm?.()?.replace(/statm$/, 'stat');
    await eventually(() => {
      const file = stat();
      try {
        return file !== undefined && stateOf(file) === 'T';
      } catch {
        return false;
      }
    }, 'rg stopped');
    // Held, it prints nothing more however long it waits.
    const before = output;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(output).toBe(before);
    expect(stateOf(stat()!)).toBe('T');
    pause.set(false);
    const exit = await running;
    expect(exit.exitCode).toBe(0);
    expect(output.trim().split('\n')).toHaveLength(FILES);
  });
});

describe('grep through the toolkit: a cut search is the first page in path order, whichever search won', () => {
  it('sparse matches far down the path order (the parallel search runs) and dense ones (the sorted one ends first)', async () => {
    const root = await tempDir();
    await tree(root, 2_000);
    const toolkit = createToolkit({ workspace: root });
    const everything = expectOk<GrepResult>(
      await toolkit.invoke('search', 'grep', {
        pattern: 'needle',
        output_mode: 'files_with_matches',
        max_results: 5000,
      }),
    );
    expect(everything.truncated).toBe(false);
    expect(everything.files).toHaveLength(2_000);
    for (const max of [7, 150, 1_999]) {
      const page = expectOk<GrepResult>(
        await toolkit.invoke('search', 'grep', {
          pattern: 'needle',
          output_mode: 'files_with_matches',
          max_results: max,
        }),
      );
      expect(page.truncated).toBe(true);
      expect(page.files).toEqual(everything.files!.slice(0, max));
    }
    // Matches only in the last folder: the search in path order walks everything before them.
    const late = expectOk<GrepResult>(
      await toolkit.invoke('search', 'grep', { pattern: 'needle 19\\.', output_mode: 'content', max_results: 40 }),
    );
    expect(late.truncated).toBe(true);
    expect(late.matches!.map((m) => m.path)).toEqual(everything.files!.slice(1_900, 1_940));
    await toolkit.close();
  });
});
