import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { ToolError } from '../../runtime/errors.js';
import { EXEC_MARKER_VAR } from './env.js';
import { killCall, killCallSync, type CallIdentity } from './process-tree.js';

/**
 * Starts one command: `bash -c` as the leader of a new session (Node's `detached`), directly or
 * inside bwrap, stdin empty, a marker in its environment so every process of it can be found
 * again, and the script passed on a pipe instead of argv when it is long.
 */

/** Longer scripts go through a pipe: Linux caps one argument at 128 KiB (MAX_ARG_STRLEN) and all at ~2 MiB. */
const ARGV_SCRIPT_LIMIT = 64 * 1024;
/** Reads the script from fd 3 into a variable, closes fd 3 (children must not inherit it), runs it. */
const PIPE_LOADER = 'IFS= read -r -d "" __toolwright_script <&3; exec 3<&-; eval "$__toolwright_script"';

export const KILL_GRACE_MS = 1_000;
export const KILL_SETTLE_MS = 2_000;

export interface Ending {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartRequest {
  command: string;
  /** Real path of the working directory. */
  cwd: string;
  env: Record<string, string>;
  /** bwrap binary and arguments when sandboxed; the command then runs inside it. */
  sandbox?: { bwrap: string; args: string[] };
  /** File descriptors (or 'pipe') for stdout and stderr. */
  stdout: number | 'pipe';
  stderr: number | 'pipe';
}

export interface StartedCommand {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly identity: CallIdentity;
  /** Settles when bash (or bwrap) exits. */
  readonly exited: Promise<Ending>;
  /** Kills every process of the command (SIGTERM, grace, SIGKILL); idempotent. */
  stop(): Promise<void>;
  /** SIGKILL to everything now, synchronously (host exit). */
  killNow(): void;
}

export async function startCommand(request: StartRequest): Promise<StartedCommand> {
  const marker = randomBytes(12).toString('hex');
  const env = { ...request.env, [EXEC_MARKER_VAR]: marker };
  const viaPipe = Buffer.byteLength(request.command) > ARGV_SCRIPT_LIMIT;
  const bashArgs = viaPipe ? ['-c', PIPE_LOADER] : ['-c', request.command];
  const [file, args] = request.sandbox
    ? [request.sandbox.bwrap, [...request.sandbox.args, '--', 'bash', ...bashArgs]]
    : ['bash', bashArgs];
  const stdio: StdioOptions = ['ignore', request.stdout, request.stderr];
  if (viaPipe) stdio.push('pipe');

  let child: ChildProcess;
  try {
    child = spawn(file, args, { cwd: request.cwd, env, stdio, detached: true, windowsHide: true });
  } catch (error) {
    throw await spawnError(error, request);
  }
  const exited = new Promise<Ending>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve({ exitCode, signal }));
  });
  const started = await new Promise<Error | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (error) => resolve(error));
  });
  if (started || child.pid === undefined) throw await spawnError(started, request);
  const pid = child.pid;
  if (viaPipe) {
    const script = child.stdio[3] as NodeJS.WritableStream & { on(event: 'error', fn: () => void): void };
    // A command killed before it read everything breaks the pipe; that is its own business.
    script.on('error', () => {});
    script.end(`${request.command}\n`);
  }
  const identity: CallIdentity = { pid, marker: `${EXEC_MARKER_VAR}=${marker}` };
  let stopping: Promise<void> | undefined;
  return {
    child,
    pid,
    identity,
    exited,
    stop: () => (stopping ??= killCall(identity, { graceMs: KILL_GRACE_MS, settleMs: KILL_SETTLE_MS })),
    killNow: () => killCallSync(identity),
  };
}

async function spawnError(error: unknown, request: StartRequest): Promise<ToolError> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const program = request.sandbox ? request.sandbox.bwrap : 'bash';
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const cwdOk = await stat(request.cwd).then((s) => s.isDirectory(), () => false);
    if (!cwdOk) return new ToolError('NOT_FOUND', `the working directory is no longer a folder: ${message}`);
    return request.sandbox
      ? new ToolError('UNAVAILABLE', `${program} is gone: ${message}; install the bubblewrap package`)
      : new ToolError('UNAVAILABLE', 'bash was not found on PATH; install bash or fix PATH in the toolkit exec.env option');
  }
  if (code === 'EACCES' || code === 'EPERM') return new ToolError('PERMISSION_DENIED', `could not start ${program}: ${message}`);
  if (code === 'E2BIG') return new ToolError('TOO_LARGE', `the command's environment is too large to start ${program}: ${message}`);
  return new ToolError('INTERNAL', `could not start ${program}: ${message}`);
}
