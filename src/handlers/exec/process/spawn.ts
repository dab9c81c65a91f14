import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, fstatSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolError } from '../../../runtime/contract/errors.js';
import { EXEC_MARKER_VAR } from '../run/env.js';
import { closeInheritedFds, withoutInheritedFds } from '../../../runtime/processes/inherited-fds.js';
import { killCall, killCallSync, processStartTime, type CallIdentity } from './process-tree.js';

/**
 * Starts one command: `bash -c` as the leader of a new session (Node's `detached`), directly or
 * inside bwrap, stdin empty, a marker in its environment so every process of it can be found
 * again, and the script passed on a file descriptor instead of argv when it is long.
 */

/** Longer scripts go through a file descriptor: Linux caps one argument at 128 KiB (MAX_ARG_STRLEN) and all at ~2 MiB. */
const ARGV_SCRIPT_LIMIT = 64 * 1024;
/**
 * Reads the whole script from fd 3 (`$(<file)` reads in blocks; `read -d ''` would take a syscall
 * per byte) and evals it with fd 3 closed, so no process of the command inherits the pipe.
 */
const PIPE_LOADER = 'eval "$(</dev/fd/3)" 3<&-';

/** Reopens the terminal on stdin, which makes it the controlling one of bash (a session leader). */
const CONTROLLING_TERMINAL = '{ exec 0<>/proc/self/fd/0; } 2>/dev/null; ';

export const KILL_GRACE_MS = 1_000;
export const KILL_SETTLE_MS = 2_000;

export interface Ending {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The command's network listener, made from outside in the sandbox's network namespace: bwrap
 * reports its first process and holds the command back until `open` has made it. Where it cannot
 * be made, the sandbox is started again with `fallback`'s arguments and prelude (the relay).
 */
export interface SandboxListener {
  open(target: SandboxTarget): Promise<void>;
  fallback(reason: string): Promise<{ args: string[]; prelude: string }>;
}

/** The sandbox as bwrap reports it: its first process and that process's network namespace (inode). */
export interface SandboxTarget {
  pid: number;
  netns: number;
}

export interface StartRequest {
  command: string;
  /** Real path of the working directory. */
  cwd: string;
  env: Record<string, string>;
  /**
   * bwrap binary and arguments when sandboxed; the command then runs inside it, after `prelude`
   * (shell text run first in the same bash, e.g. the network forwarder's start).
   */
  sandbox?: { bwrap: string; args: string[]; prelude?: string; listener?: SandboxListener };
  /** File descriptors (or 'pipe') for stdout and stderr. */
  stdout: number | 'pipe';
  stderr: number | 'pipe';
  /** stdin: empty (end-of-file at once) unless a descriptor or 'pipe' is given. */
  stdin?: number | 'pipe';
  /** stdin is a terminal's slave: make it the command's controlling terminal (job control, /dev/tty). */
  terminal?: boolean;
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
  readonly killNow: () => void;
  /** False when bwrap exited before the command started (its setup failed: the reason is on stderr). */
  readonly commandRan: Promise<boolean>;
}

/** True once the stream delivers a byte; false if it ends first. */
function heardFrom(stream: Readable | null): Promise<boolean> {
  if (!stream) return Promise.resolve(true);
  return new Promise((resolve) => {
    stream.once('data', () => {
      resolve(true);
      stream.destroy();
    });
    stream.once('end', () => resolve(false));
    stream.once('close', () => resolve(false));
    stream.once('error', () => resolve(false));
  });
}

export async function startCommand(request: StartRequest): Promise<StartedCommand> {
  const marker = randomBytes(12).toString('hex');
  const env = { ...request.env, [EXEC_MARKER_VAR]: marker };
  const viaPipe = Buffer.byteLength(request.command) > ARGV_SCRIPT_LIMIT;
  const script = viaPipe ? PIPE_LOADER : request.command;
  // A sandboxed terminal reaches the command as descriptor 5 (see sandboxedCommand).
  const terminalFd = request.sandbox && request.terminal ? request.stdin : undefined;
  const stdio: StdioOptions = [
    terminalFd === undefined ? (request.stdin ?? 'ignore') : 'ignore',
    request.stdout,
    request.stderr,
  ];
  const scriptFd = viaPipe ? openScriptFile(request.command) : undefined;
  if (scriptFd !== undefined || request.sandbox) stdio.push(scriptFd ?? 'ignore');
  if (request.sandbox) stdio.push('pipe');
  if (terminalFd !== undefined) stdio.push(terminalFd);
  const listener = request.sandbox?.listener;
  // bwrap writes what it made on one (JSON, then closes it) and waits for a byte on the other.
  const infoFd = listener ? stdio.push('pipe') - 1 : undefined;
  const blockFd = listener ? stdio.push('pipe') - 1 : undefined;
  // In a sandbox, bash first says it runs (on fd 4: bwrap got everything set up). Then it closes
  // the descriptors this process inherited from its own parent without close-on-exec (say, a
  // folder outside, or a socket): they must not reach the command, sandboxed or not.
  const closing = closeInheritedFds(viaPipe ? 3 : 2);
  // Unsandboxed, bash leads the session and takes the terminal as its controlling one.
  const ctty = request.terminal && !request.sandbox ? CONTROLLING_TERMINAL : '';
  const prelude = request.sandbox?.prelude ? `${request.sandbox.prelude} ` : '';
  const bashArgs = [
    '-c',
    request.sandbox ? `printf 1 >&4; ${closing} ${prelude}${script}` : `${closing} ${ctty}${script}`,
  ];
  // bwrap itself gets them closed too (its own descriptors 3 and 4 are the ones set up here).
  const [file, args] = request.sandbox
    ? withoutInheritedFds(
        request.sandbox.bwrap,
        [
          ...(listener ? ['--info-fd', String(infoFd), '--block-fd', String(blockFd)] : []),
          ...request.sandbox.args,
          '--',
          ...sandboxedCommand(bashArgs, terminalFd !== undefined),
        ],
        stdio.length - 1,
      )
    : ['bash', bashArgs];

  let child: ChildProcess;
  try {
    child = spawn(file, args, { cwd: request.cwd, env, stdio, detached: true, windowsHide: true });
  } catch (error) {
    throw await spawnError(error, request);
  } finally {
    // The child has its own copy of the descriptor (or never will).
    if (scriptFd !== undefined) closeSync(scriptFd);
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
  const identity: CallIdentity = { pid, marker: `${EXEC_MARKER_VAR}=${marker}`, startTime: processStartTime(pid) };
  if (listener && infoFd !== undefined && blockFd !== undefined) {
    const block = child.stdio[blockFd] as Writable;
    block.on('error', () => undefined);
    const target = await sandboxTarget(child.stdio[infoFd] as Readable);
    // No report: bwrap failed before it made the sandbox, and says why on stderr (as without network).
    let failure = typeof target === 'string' ? target : undefined;
    if (typeof target === 'object')
      await listener.open(target).catch((error: Error) => {
        failure = error.message;
      });
    if (failure !== undefined) {
      killCallSync(identity);
      await exited;
      block.destroy();
      const fallback = await listener.fallback(failure);
      const sandbox = request.sandbox!;
      return startCommand({
        ...request,
        sandbox: {
          bwrap: sandbox.bwrap,
          args: [...sandbox.args, ...fallback.args],
          prelude: [sandbox.prelude, fallback.prelude].filter(Boolean).join(' '),
        },
      });
    }
    block.end('1');
  }
  let stopping: Promise<void> | undefined;
  return {
    child,
    pid,
    identity,
    exited,
    commandRan: request.sandbox ? heardFrom(child.stdio[4] as Readable | null) : Promise.resolve(true),
    stop: () => (stopping ??= killCall(identity, { graceMs: KILL_GRACE_MS, settleMs: KILL_SETTLE_MS })),
    killNow: () => killCallSync(identity),
  };
}

/**
 * Reads bwrap's report (`--info-fd`): its first process and that process's network namespace;
 * undefined when it ends without one, why not when the report lacks them (an older bwrap).
 */
function sandboxTarget(stream: Readable | null): Promise<SandboxTarget | string | undefined> {
  if (!stream) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let text = '';
    const done = (target: SandboxTarget | string | undefined) => {
      stream.removeAllListeners('data');
      stream.destroy();
      resolve(target);
    };
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      // Not what bwrap writes: no listener is made from it (the relay is used instead).
      if (text.length > 4096) return done("bwrap's report is longer than bwrap writes");
      let report: unknown;
      try {
        report = JSON.parse(text);
      } catch {
        return; // not whole yet
      }
      const fields = typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : {};
      const pid = fields['child-pid'];
      const netns = fields['net-namespace'];
      done(
        Number.isSafeInteger(pid) && Number.isSafeInteger(netns) && (pid as number) > 0
          ? { pid: pid as number, netns: netns as number }
          : "bwrap's report names no network namespace",
      );
    });
    stream.once('end', () => done(undefined));
    stream.once('error', () => done(undefined));
  });
}

/**
 * The script in an unlinked private file, open for reading: bash opens it again as /dev/fd/3 (a
 * socket, which Node's 'pipe' gives, cannot be opened that way), and nothing is left on disk.
 */
function openScriptFile(command: string): number {
  const file = path.join(tmpdir(), `toolwright-script-${process.pid}-${randomBytes(8).toString('hex')}.sh`);
  const writeFd = openSync(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeFileSync(writeFd, command);
    // Opened again by name: it must still be the file written above, not one put in its place.
    const readFd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const [written, read] = [fstatSync(writeFd), fstatSync(readFd)];
    if (written.dev !== read.dev || written.ino !== read.ino) {
      closeSync(readFd);
      throw new Error(`the script file ${file} was replaced while it was written; refused`);
    }
    return readFd;
  } finally {
    closeSync(writeFd);
    unlinkSync(file);
  }
}

async function spawnError(error: unknown, request: StartRequest): Promise<ToolError> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const program = request.sandbox ? request.sandbox.bwrap : 'bash';
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const cwdOk = await stat(request.cwd).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!cwdOk) return new ToolError('NOT_FOUND', `the working directory is no longer a folder: ${message}`);
    return request.sandbox
      ? new ToolError('UNAVAILABLE', `${program} is gone: ${message}; install the bubblewrap package`)
      : new ToolError(
          'UNAVAILABLE',
          'bash was not found on PATH; install bash or fix PATH in the toolkit exec.env option',
        );
  }
  if (code === 'EACCES' || code === 'EPERM')
    return new ToolError('PERMISSION_DENIED', `could not start ${program}: ${message}`);
  if (code === 'E2BIG')
    return new ToolError('TOO_LARGE', `the command's environment is too large to start ${program}: ${message}`);
  return new ToolError('INTERNAL', `could not start ${program}: ${message}`);
}

/**
 * What bwrap runs. With a terminal: the session leader that opens it first gets it as controlling
 * terminal (bash does at start-up), and inside bwrap's new session nobody could take it back; so
 * bwrap and the processes around it get it only as descriptor 5, and inside, setsid -c makes it
 * stdin and the controlling terminal of the command's own session.
 */
function sandboxedCommand(bashArgs: string[], terminal: boolean): string[] {
  if (!terminal) return ['bash', ...bashArgs];
  return [
    'bash',
    '-c',
    'exec 0<&5 5<&-; exec "$@"',
    'toolwright-terminal',
    ...sessionWithTerminal(),
    'bash',
    ...bashArgs,
  ];
}

let setsidFile: string | null | undefined;

/**
 * `setsid -w -c` (util-linux) where it exists: a new session whose controlling terminal is stdin,
 * waiting for the command so the sandbox lives as long as it does. Without it the command still
 * reads and writes the terminal, only without job control or /dev/tty.
 */
function sessionWithTerminal(): string[] {
  if (setsidFile === undefined) {
    setsidFile = null;
    for (const file of ['/usr/bin/setsid', '/bin/setsid']) {
      try {
        accessSync(file, constants.X_OK);
        setsidFile = file;
        break;
      } catch {
        /* not here */
      }
    }
  }
  return setsidFile ? [setsidFile, '-w', '-c'] : [];
}
