// Running the `rg` binary (located by ../../../runtime/sandbox/ripgrep-path.ts): abort, timeout, stdout to a parser from rg-json.ts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ToolError, abortError } from '../../../runtime/contract/errors.js';
import { runConfined, type HelperSpec, type ProgramExit } from '../../../runtime/sandbox/confined-helper.js';
import { withoutInheritedFds } from '../../../runtime/processes/inherited-fds.js';

export interface RipgrepRun {
  rgPath: string;
  args: readonly string[];
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Receives stdout chunks; returns false once it has seen enough (rg is then killed). */
  onStdout(chunk: Buffer): boolean;
  /** Kill rg once its anonymous resident memory passes this many bytes (Linux: /proc; ignored elsewhere). */
  maxRssBytes?: number;
  /** Run rg inside the workspace's confinement sandbox (see ../../../runtime/sandbox/confined-helper.ts) instead of directly. */
  confine?: HelperSpec;
  /** Told once rg runs, with where its /proc statm is (for progress: its io file is beside it). */
  onStart?: (statm: () => string | undefined) => void;
  /** Stops and restarts rg on the caller's word. */
  pause?: RipgrepPause;
}

/**
 * Holds a search's rg where it is (SIGSTOP) and lets it go on (SIGCONT): a search in path order is
 * held while rg's parallel search runs, and goes on only if that one was cut.
 */
export class RipgrepPause {
  private current: ((paused: boolean) => void) | undefined;
  private paused = false;

  /** The rg process now running for the search (a paused search stops it at once). */
  attach(pause: (paused: boolean) => void): void {
    this.current = pause;
    if (this.paused) pause(true);
  }

  set(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    this.current?.(paused);
  }
}

/** Whether rg's memory can be watched here (see RipgrepRun.maxRssBytes) when it runs unconfined. */
export const canWatchRss = process.platform === 'linux';
const RSS_POLL_MS = 10;
const PAGE_BYTES = 4096;

/**
 * Anonymous resident bytes of a process (its /proc statm: resident − shared pages), or 0 when
 * unknown. File pages rg maps are page cache, not memory it allocated, so they do not count.
 */
function anonymousBytes(statm: string | undefined): number {
  if (statm === undefined) return 0;
  try {
    const fields = readFileSync(statm, 'latin1').split(' ');
    return (Number(fields[1]) - Number(fields[2])) * PAGE_BYTES || 0;
  } catch {
    return 0;
  }
}

/**
 * rg run with `--debug` logs each file it skips for --max-filesize as
 * `rg: DEBUG|ignore::walk|…: ignoring PATH: N bytes`; other debug lines are dropped.
 */
const LARGE_SKIP = /^rg: DEBUG\|ignore::walk\|[^|]*: ignoring (.+): (\d+) bytes$/;
const MAX_LARGE_FILES = 10_000;

export interface RipgrepExit {
  exitCode: number | null;
  /** True when onStdout asked to stop and rg was killed for it. */
  stopped: boolean;
  stderr: string;
  /** Files rg skipped for --max-filesize (from its --debug log), as rg printed them. */
  largeFiles: string[];
  /** True when rg was killed for passing maxRssBytes (its output so far is incomplete). */
  overMemory: boolean;
}

const MAX_STDERR = 16 * 1024;

/** rg started directly or in the confinement sandbox: what runRipgrep needs of either. */
interface StartedRg {
  stdout: Readable;
  stderr: Readable;
  exited: Promise<ProgramExit>;
  readonly kill: () => void;
  readonly pause: (paused: boolean) => void;
  readonly statm: () => string | undefined;
}

function cannotRun(run: RipgrepRun, why: string): ToolError {
  return new ToolError('UNAVAILABLE', `cannot run ripgrep (${run.rgPath}): ${why}`);
}

function spawnDirect(run: RipgrepRun): StartedRg {
  const [file, args] = withoutInheritedFds(run.rgPath, run.args);
  const child = spawn(file, args, { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<ProgramExit>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'EACCES' ? cannotRun(run, error.message) : error),
    );
    child.on('close', (exitCode, signal) => resolve({ exitCode, signal }));
  });
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    pause: (paused) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(paused ? 'SIGSTOP' : 'SIGCONT');
    },
    statm: () => (child.pid === undefined ? undefined : `/proc/${child.pid}/statm`),
  };
}

async function startConfined(run: RipgrepRun, spec: HelperSpec): Promise<StartedRg> {
  const program = await runConfined(spec, { file: run.rgPath, args: run.args, cwd: run.cwd });
  const exited = program.exited.then((exit) => {
    if (exit.exitCode === 127) throw cannotRun(run, 'not found inside the confinement sandbox');
    return exit;
  });
  return {
    stdout: program.stdout,
    stderr: program.stderr,
    exited,
    kill: program.kill,
    pause: program.pause,
    statm: program.statmPath,
  };
}

function timeoutError(timeoutMs: number): ToolError {
  return new ToolError(
    'TIMEOUT',
    `grep gave up after ${timeoutMs} ms; narrow the search with a smaller path or a glob filter, or raise timeout_ms`,
    { timeout_ms: timeoutMs },
  );
}

/**
 * rg's stderr, bounded: its messages (at most MAX_STDERR characters) and the files its debug lines
 * say it skipped as too large. `text()` adds the last unterminated line once rg has exited.
 */
function collectStderr(stream: Readable): { text: () => string; largeFiles: string[] } {
  const largeFiles: string[] = [];
  let stderr = '';
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    if (partial.length > MAX_STDERR) partial = partial.slice(0, MAX_STDERR);
    for (const line of lines) {
      if (line.startsWith('rg: DEBUG|')) {
        const skipped = LARGE_SKIP.exec(line);
        if (skipped && largeFiles.length < MAX_LARGE_FILES) largeFiles.push(skipped[1]!);
      } else if (stderr.length < MAX_STDERR) {
        stderr += `${line}\n`.slice(0, MAX_STDERR - stderr.length);
      }
    }
  });
  const text = () =>
    partial && !partial.startsWith('rg: DEBUG|') && stderr.length < MAX_STDERR
      ? stderr + partial.slice(0, MAX_STDERR - stderr.length)
      : stderr;
  return { text, largeFiles };
}

/**
 * Runs rg and resolves when it has exited. Abort kills rg and rejects CANCELLED; the timeout
 * kills it and rejects TIMEOUT. rg is never left running after this settles.
 */
export async function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
  if (run.signal.aborted) throw abortError(run.signal);
  const rg = run.confine ? await startConfined(run, run.confine) : spawnDirect(run);
  run.onStart?.(rg.statm);
  run.pause?.attach(rg.pause);
  return new Promise((resolve, reject) => {
    let stopped = false;
    let timedOut = false;
    let aborted = false;
    let settled = false;

    const kill = () => {
      rg.kill();
      rg.stdout.destroy();
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };
    run.signal.addEventListener('abort', onAbort, { once: true });
    if (run.signal.aborted) onAbort();
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, run.timeoutMs);
    let overMemory = false;
    const watch =
      run.maxRssBytes !== undefined
        ? setInterval(() => {
            if (anonymousBytes(rg.statm()) > run.maxRssBytes!) {
              overMemory = true;
              kill();
            }
          }, RSS_POLL_MS)
        : undefined;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (watch) clearInterval(watch);
      run.signal.removeEventListener('abort', onAbort);
      outcome();
    };

    rg.stdout.on('data', (chunk: Buffer) => {
      if (stopped || aborted || timedOut || overMemory) return;
      let more: boolean;
      try {
        more = run.onStdout(chunk);
      } catch (error) {
        kill();
        finish(() => reject(error));
        return;
      }
      if (!more) {
        stopped = true;
        kill();
      }
    });
    rg.stdout.on('error', () => {}); // destroyed on purpose when stopping
    rg.stderr.on('error', () => {});
    const stderr = collectStderr(rg.stderr);
    rg.exited.then(
      ({ exitCode }) =>
        finish(() => {
          if (aborted) reject(abortError(run.signal));
          else if (timedOut) reject(timeoutError(run.timeoutMs));
          else resolve({ exitCode, stopped, stderr: stderr.text(), largeFiles: stderr.largeFiles, overMemory });
        }),
      (error: unknown) => {
        kill();
        finish(() => reject(aborted ? abortError(run.signal) : error));
      },
    );
  });
}
