import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { Options as ExecaOptions } from 'execa';

// execa is loaded on the first command (~14 MiB resident): toolkits that never run bash skip it.
let execaModule: Promise<typeof import('execa')> | undefined;
const loadExeca = () => (execaModule ??= import('execa'));
import { ToolError, abortError, fsErrorToToolError, throwIfAborted } from '../runtime/errors.js';
import { withText, type Rendered } from '../runtime/handler.js';
import type { HandlerContext } from '../runtime/types.js';
import type { BashParams, BashResult, ExecHandlers } from '../generated/types.js';
import { DEFAULT_OUTPUT_LIMIT, OutputCollector, type CollectedOutput } from './exec/collector.js';
import { openOutputPipe, type OutputPipe } from './exec/output-pipe.js';
import { groupIsRunning, signalGroup, trackGroup, untrackGroup, waitForGroupGone } from './exec/process-group.js';
import { shellRead } from './exec/shell-read.js';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
/** Between SIGTERM to the group and SIGKILL. */
const KILL_GRACE_MS = 1_000;
/** After SIGKILL, how long to wait for the kernel to tear the group down. */
const KILL_SETTLE_MS = 1_000;
/**
 * After bash exits, how long to keep reading for output still in the pipes. A background child
 * that inherited stdout keeps the pipe open forever; we stop reading rather than wait for EOF.
 */
const DRAIN_AFTER_EXIT_MS = 200;

/** Settings that keep tools from waiting on a terminal nobody watches. */
const NON_INTERACTIVE_ENV = { PAGER: 'cat', GIT_PAGER: 'cat', TERM: 'dumb' } as const;

/** How the command ended. */
interface Ending {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** exec.bash: see catalog.yaml for the contract. */
export async function bash(params: BashParams, ctx: HandlerContext): Promise<Rendered<BashResult>> {
  throwIfAborted(ctx.signal);
  const cwd = await resolveCwd(params.cwd, ctx);
  const timeoutMs = Math.min(params.timeout_ms ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const outputLimit = ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  const env = commandEnv(ctx.services.exec.env);
  const stdout = new OutputCollector(outputLimit);
  const stderr = new OutputCollector(outputLimit);
  throwIfAborted(ctx.signal);

  const { execa } = await loadExeca();
  const stdoutPipe = await openOutputPipe((bytes) => stdout.push(bytes));
  const stderrPipe = await openOutputPipe((bytes) => stderr.push(bytes));
  const pipes = [stdoutPipe, stderrPipe];
  const started = performance.now();
  let subprocess;
  try {
    const options: ExecaOptions = {
      cwd,
      env,
      extendEnv: false,
      stdin: 'ignore',
      // A file descriptor goes to child_process.spawn as is (execa's types list only fds 3-9).
      stdout: stdoutPipe.stdio as 'pipe',
      stderr: stderrPipe.stdio as 'pipe',
      buffer: false,
      reject: false,
      // Its own session and process group, so a timeout can kill every descendant at once.
      detached: true,
      // execa's cleanup does not cover detached children; trackGroup() does it for the whole group.
      cleanup: false,
      windowsHide: true,
    };
    subprocess = execa('bash', ['-c', params.command], options);
  } catch (error) {
    for (const pipe of pipes) pipe.close();
    throw error;
  } finally {
    // The child holds its own copies of the write ends now (or never will).
    stdoutPipe.attach(subprocess?.stdout);
    stderrPipe.attach(subprocess?.stderr);
  }

  const exited = new Promise<Ending>((resolve) => {
    subprocess.once('exit', (exitCode, signal) => resolve({ exitCode, signal }));
  });
  // execa settles (reject:false: never rejects) after exit and EOF, or at once when spawning fails.
  const settled = subprocess.then((result) => result);
  settled.catch(() => {});
  // pid is set synchronously when the spawn worked; otherwise execa settles with the reason.
  const pgid = subprocess.pid;
  if (pgid === undefined) {
    for (const pipe of pipes) pipe.close();
    throw spawnError(await settled, cwd, ctx);
  }
  trackGroup(pgid);
  let timedOut = false;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= terminateGroup(pgid, exited));
  const timer = setTimeout(() => {
    timedOut = true;
    void stop();
  }, timeoutMs);
  const onAbort = () => void stop();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  if (ctx.signal.aborted) onAbort();

  let ending: Ending;
  let duration: number;
  try {
    ending = await exited;
    duration = Math.round(performance.now() - started);
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
    await drainThenClose(pipes, DRAIN_AFTER_EXIT_MS);
    if (stopping) await stopping;
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
    untrackGroup(pgid);
  }
  if (ctx.signal.aborted && !timedOut) throw abortError(ctx.signal);

  // Processes the command left running in the background (servers, `sleep 100 &`) keep running.
  const backgroundRunning = !stopping && (await groupIsRunning(pgid));
  const out = stdout.finish();
  const err = stderr.finish();
  const result: BashResult = {
    exit_code: ending.exitCode,
    signal: ending.signal,
    stdout: out.text,
    stderr: err.text,
    timed_out: timedOut,
    truncated: out.truncated || err.truncated,
    duration_ms: duration,
  };
  return withText(result, renderText(result, { timeoutMs, out, err, backgroundRunning, pgid, outputLimit }));
}

/** The working directory: the workspace root, or a directory inside it. */
async function resolveCwd(cwd: string | undefined, ctx: HandlerContext): Promise<string> {
  if (cwd === undefined || cwd === '' || cwd === '.') return ctx.workspace.root;
  const resolved = await ctx.workspace.resolve(cwd);
  if (!resolved.exists) {
    throw new ToolError('NOT_FOUND', `cwd ${cwd} does not exist in the workspace; create it first or omit cwd to run in the workspace root`);
  }
  const stats = await stat(resolved.absolute).catch((error: unknown) => {
    throw fsErrorToToolError(error, `cwd ${resolved.relative}`) ?? error;
  });
  if (!stats.isDirectory()) {
    throw new ToolError('NOT_DIRECTORY', `cwd ${resolved.relative} is a file, not a directory`);
  }
  return resolved.absolute;
}

/** Inherited environment + non-interactive settings + the toolkit's overrides (undefined removes). */
function commandEnv(overrides: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, ...NON_INTERACTIVE_ENV };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
  return env as Record<string, string>;
}

/**
 * SIGTERM to the whole group; SIGKILL to whatever is left after the grace period (descendants
 * that ignore SIGTERM included, even when bash itself died at once). Resolves when the group is gone.
 */
async function terminateGroup(pgid: number, exited: Promise<Ending>): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const graceEnds = Date.now() + KILL_GRACE_MS;
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, KILL_GRACE_MS))]);
  if (await waitForGroupGone(pgid, Math.max(0, graceEnds - Date.now()))) return;
  signalGroup(pgid, 'SIGKILL');
  await waitForGroupGone(pgid, KILL_SETTLE_MS);
}

/** Waits for both pipes to reach end-of-file, at most `ms`; then stops reading whatever is still open. */
async function drainThenClose(pipes: readonly OutputPipe[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pipes.map((pipe) => pipe.ended)),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
  for (const pipe of pipes) pipe.close();
}

function spawnError(settled: unknown, cwd: string, ctx: HandlerContext): ToolError {
  const result = settled as { code?: string; message?: string };
  const full = result.message ?? 'unknown spawn failure';
  const shown = ctx.workspace.relative(cwd);
  const message = full.split('\n').filter(Boolean).pop() ?? full;
  if (/spawn bash ENOENT/.test(full) || (result.code === 'ENOENT' && !/cwd/.test(full))) {
    return new ToolError('UNAVAILABLE', 'bash was not found on PATH; install bash or fix PATH in the toolkit exec.env option');
  }
  if (result.code === 'ENOENT' || result.code === 'ENOTDIR') {
    return new ToolError('NOT_FOUND', `cwd ${shown} is no longer a directory: ${message}`);
  }
  if (result.code === 'EACCES' || result.code === 'EPERM') {
    return new ToolError('PERMISSION_DENIED', `could not start bash in ${shown}: ${message}`);
  }
  return new ToolError('INTERNAL', `could not start bash: ${message}`);
}

interface TextContext {
  timeoutMs: number;
  out: CollectedOutput;
  err: CollectedOutput;
  backgroundRunning: boolean;
  pgid: number;
  outputLimit: number;
}

/** Model-facing text: how it ended, then each non-empty stream, then hints. */
function renderText(result: BashResult, c: TextContext): string {
  const lines: string[] = [];
  if (result.timed_out) {
    lines.push(`timed out after ${c.timeoutMs} ms; the command and its child processes were killed` +
      (result.signal ? ` (${result.signal})` : result.exit_code !== null ? ` (exit code ${result.exit_code})` : '') +
      '. Output so far is below; raise timeout_ms (max 600000) or run it in the background with output to a file.');
  } else if (result.signal) {
    lines.push(`killed by signal ${result.signal} (${result.duration_ms} ms)`);
  } else {
    lines.push(`exit code ${result.exit_code} (${result.duration_ms} ms)`);
  }
  if (result.stdout) lines.push(`stdout:\n${withNewline(result.stdout)}`.trimEnd());
  if (result.stderr) lines.push(`stderr:\n${withNewline(result.stderr)}`.trimEnd());
  if (!result.stdout && !result.stderr) lines.push('(no output)');
  const cut = [c.out, c.err].some((o) => o.truncated && !o.binary);
  if (cut) {
    lines.push(`[output cut to the first and last ${Math.floor(c.outputLimit / 2)} characters per stream; ` +
      'to see all of it, redirect to a file (cmd > out.log 2>&1) and use read_file or grep on it]');
  }
  if (c.backgroundRunning) {
    lines.push(`[background processes started by the command are still running (process group ${c.pgid}); ` +
      'their later output is not captured]');
  }
  return lines.join('\n');
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

export const execHandlers = { bash, shell_read: shellRead } satisfies ExecHandlers;
