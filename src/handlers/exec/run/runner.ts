import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ToolError, abortError, fsErrorToToolError, throwIfAborted } from '../../../runtime/contract/errors.js';
import { inertLine, inertText } from '../../../runtime/text/control-text.js';
import { withText, type Rendered } from '../../../runtime/contract/handler.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import type { BashResult } from '../../../generated/types.js';
import { DEFAULT_OUTPUT_LIMIT, OutputCollector, type CollectedOutput } from './collector.js';
import { commandEnv } from './env.js';
import { endedWithin, openOutputPipe, type OutputPipe } from '../process/output-pipe.js';
import { groupIsRunning, trackGroup, untrackGroup } from '../../../runtime/processes/process-group.js';
import { bwrapArgs, resolveWritable } from '../../../runtime/sandbox/bwrap-args.js';
import { parseSandboxOption, type SandboxOption, type SandboxSettings } from '../../../runtime/sandbox/settings.js';
import { probeSandbox, sandboxUnavailable } from '../../../runtime/sandbox/probe.js';
import { removePlantedGitFiles } from '../../../runtime/sandbox/git-protection.js';
import { startCommand, type Ending, type StartRequest } from '../process/spawn.js';
import { confinedPath } from '../../../runtime/fs/confine.js';
import { ensureOwnFolder } from '../../../runtime/fs/own-files.js';
import { stateRoot } from '../../../runtime/fs/state-folder.js';
import { confinedArgs } from '../../../runtime/sandbox/confined-view.js';
import { findArtifacts } from '../sandbox/artifacts.js';
import { closedToolkit, registerInFlight } from './in-flight.js';
import { commandNetwork, maskCredentials, type CommandNetwork } from '../network/command.js';
import { sandboxNetDir } from '../network/forwarder.js';
import { networkChoice } from '../network/settings.js';
import { credentialValues } from '../../../runtime/secrets/secrets.js';
import { byteRedactor, type ByteRedactor } from '../../../runtime/secrets/stream.js';

/**
 * After bash exits, how long to keep reading for output still in the pipes. A background child
 * that inherited stdout keeps the pipe open forever; we stop reading rather than wait for EOF.
 */
const DRAIN_AFTER_EXIT_MS = 200;

/** What runCommand needs; other operations (shell_read) reuse it with their own sandbox. */
export interface RunCommandInput {
  command: string;
  /** Workspace-relative or absolute inside the workspace; default the root. */
  cwd?: string;
  /** Milliseconds before the command and its processes are killed (the operation's `timeout_ms`). */
  timeoutMs: number;
  /** The most `timeout_ms` the operation takes (what the timed-out text suggests raising it to). */
  maxTimeoutMs: number;
  /** Default: the call's signal. */
  signal?: AbortSignal;
  /** Default: the toolkit's `exec.sandbox`. */
  sandbox?: SandboxOption;
  /**
   * Show the sandboxed command the workspace only (read-only) and the folders programs need, not
   * the whole filesystem (shell_read). Only with a `read-only` sandbox.
   */
  workspaceOnly?: boolean;
}

/** A command ready to start: where, with which environment, and inside which sandbox. */
export interface PreparedCommand {
  cwd: string;
  settings: SandboxSettings;
  request: Omit<StartRequest, 'stdout' | 'stderr'>;
  /**
   * Run once the command has ended: undoes git redirections it planted and moves aside or reports
   * what it left for the host's tools to run (see ../sandbox/artifacts.ts), and closes its network
   * listener (the connections the proxy refused are notes too).
   */
  afterRun(): Promise<CommandNote[]>;
  /** Frees what was prepared for a command that did not start (its network listener). */
  release(): Promise<void>;
  /**
   * The toolkit's credentials taken out of the command's output as it is read, before anything
   * keeps or cuts it (undefined when there are none).
   */
  outputRedactor?: ByteRedactor;
  /**
   * Set for a background job: run once it has ended, after afterRun; what it resolves is added to
   * the job's notes (the checkpoint its changes were recorded in).
   */
  afterJob?: () => Promise<string[]>;
}

export type CommandNote = NonNullable<BashResult['notes']>[number];

/** A note as a line of the model-facing text. */
export function noteLine(note: CommandNote): string {
  return `[${note.code} ${note.path}: ${note.message}]`;
}

/** Resolves cwd, builds the environment and the sandbox (UNAVAILABLE if it was asked for and cannot start). */
export async function prepareCommand(
  ctx: HandlerContext,
  input: Pick<RunCommandInput, 'command' | 'cwd' | 'sandbox' | 'workspaceOnly'>,
): Promise<PreparedCommand> {
  const exec = ctx.services.exec;
  if (input.command.includes('\0')) {
    throw new ToolError(
      'INVALID_INPUT',
      "the command contains a NUL byte, which no shell command can hold; remove it (write binary data with printf '\\0')",
    );
  }
  const parsed = parseSandboxOption(input.sandbox ?? exec.sandbox);
  // exec.network applies to commands in the toolkit's own sandbox (not to shell_read's).
  const network = input.sandbox === undefined ? networkChoice(exec, parsed) : undefined;
  const settings: SandboxSettings = network ? { ...parsed, network: network.kind === 'all' } : parsed;
  const cwd = await resolveCwd(input.cwd, ctx);
  const env = commandEnv(exec);
  maskCredentials(ctx, env);
  const request: PreparedCommand['request'] = { command: input.command, cwd, env };
  const mustNotAppear: string[] = [];
  let proxied: CommandNetwork | undefined;
  if (settings.mode !== 'none') {
    const probe = await probeSandbox(exec.bwrapPath);
    if (!probe.ok) throw sandboxUnavailable(settings.mode, probe);
    const writable = resolveWritable(settings.writable, ctx.workspace.root);
    const args =
      input.workspaceOnly && settings.mode === 'read-only' && writable.length === 0
        ? [
            ...confinedArgs({ workspace: ctx.workspace.root, pathVar: env.PATH, maskSecrets: true, env }),
            ...(settings.network ? ['--share-net'] : []),
            '--chdir',
            cwd,
          ]
        : bwrapArgs({
            settings: { ...settings, writable },
            workspace: ctx.workspace.root,
            cwd,
            env,
            mustNotAppear,
            hidden: await toolkitStateFolders(ctx),
          });
    if (network?.kind === 'proxy') {
      const netDir = sandboxNetDir(args);
      if (!netDir)
        throw new ToolError('UNAVAILABLE', 'the sandbox has no private /run or /tmp to hold the network proxy socket');
      proxied = await commandNetwork(ctx, network.policy, env, netDir, input.command);
      args.push(...proxied.args);
    }
    request.sandbox = {
      bwrap: probe.bwrap,
      args,
      ...(proxied?.prelude ? { prelude: proxied.prelude } : {}),
      ...(proxied?.listener ? { listener: proxied.listener } : {}),
    };
  }
  // What the sandbox bound read-only (git hooks and config it pins) only the host can have changed.
  const pinned = new Set<string>();
  const args = request.sandbox?.args ?? [];
  for (let i = 0; i < args.length - 2; i++)
    if (args[i] === '--ro-bind' && args[i + 1] === args[i + 2]) pinned.add(args[i + 1]!);
  // Kernel file times are coarser than Date.now(): anything changed from a little before the start counts.
  const since = Date.now() - 50;
  const writableRoots =
    settings.mode === 'none'
      ? []
      : [
          ...(settings.mode === 'workspace-write' ? [ctx.workspace.root] : []),
          ...resolveWritable(settings.writable, ctx.workspace.root),
        ];
  const afterRun = async (): Promise<CommandNote[]> => {
    const refused = proxied ? await proxied.release() : [];
    const planted: CommandNote[] = removePlantedGitFiles(mustNotAppear).map(({ path, removed }) => ({
      code: 'SANDBOX_ARTIFACT',
      path,
      action: removed ? 'removed' : 'reported',
      message: `the command created it in git metadata, where it would point git at other hooks and config${removed ? '; removed' : '; it could not be removed: delete it before running git'}`,
    }));
    const left = writableRoots.length ? await findArtifacts(ctx.workspace.root, writableRoots, since, pinned) : [];
    // A note quotes what the command chose (a file's name, a TLS server name): inert, in the result
    // as in its text, whichever way it is shown.
    return [...[...planted, ...left].map((note) => ({ ...note, path: shownPath(ctx, note.path) })), ...refused].map(
      (note) => ({ ...note, path: inertLine(note.path), message: inertLine(note.message) }),
    );
  };
  const release = async () => void (await proxied?.release());
  const outputRedactor = byteRedactor(credentialValues(ctx.services.exec));
  return { cwd, settings, request, afterRun, release, ...(outputRedactor ? { outputRedactor } : {}) };
}

/**
 * The folders of the toolkit's own state a sandboxed command must not reach: the embedded store's
 * folder and a checkpoints folder given (each made now if it is missing, so that one made later
 * cannot show through the read-only root: they hold every principal's records and files' earlier
 * contents) and the folder of every workspace's state folder.
 */
async function toolkitStateFolders(ctx: HandlerContext): Promise<string[]> {
  const folders: string[] = [];
  const store = ctx.services.store;
  if (store?.engine === 'embedded') {
    await ensureOwnFolder(store.location, 'the store folder', { parents: true }).catch(() => {
      /* hidden below if it exists; refused by the store itself when it is used */
    });
    folders.push(store.location);
  }
  const checkpoints = ctx.services.checkpoints;
  if (checkpoints?.chosenFolder !== undefined) {
    await checkpoints.base().catch(() => {
      /* hidden below if it exists; refused by the checkpoints themselves when they are used */
    });
    folders.push(checkpoints.chosenFolder);
  }
  try {
    folders.push(stateRoot());
  } catch {
    /* no home folder: no state folder either */
  }
  return folders;
}

/**
 * The sandbox program when this toolkit's commands run in a sandbox (what reads the workspace for
 * them, such as checkpoint snapshots, goes in one too), else undefined; refused as a command is
 * when the sandbox cannot be built.
 */
export async function commandSandbox(ctx: HandlerContext): Promise<string | undefined> {
  const exec = ctx.services.exec;
  const { mode } = parseSandboxOption(exec.sandbox);
  if (mode === 'none') return undefined;
  const probe = await probeSandbox(exec.bwrapPath);
  if (!probe.ok) throw sandboxUnavailable(mode, probe);
  return probe.bwrap;
}

/** Runs a command in the foreground and returns the bash result (the body of the bash operation). */
export async function runCommand(ctx: HandlerContext, input: RunCommandInput): Promise<Rendered<BashResult>> {
  const closing: ToolkitClosing = { closed: false, stop: undefined };
  const unregister = registerInFlight(ctx, () => {
    closing.closed = true;
    closing.stop?.();
  });
  try {
    return await runForeground(ctx, input, closing);
  } finally {
    unregister();
  }
}

/** Whether the toolkit closed while a command ran, and how to stop it then. */
interface ToolkitClosing {
  closed: boolean;
  stop: (() => void) | undefined;
}

async function runForeground(
  ctx: HandlerContext,
  input: RunCommandInput,
  closing: ToolkitClosing,
): Promise<Rendered<BashResult>> {
  const signal = input.signal ?? ctx.signal;
  throwIfAborted(signal);
  const { timeoutMs } = input;
  const prepared = await prepareCommand(ctx, input);
  const outputLimit = ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  const stdout = new OutputCollector(outputLimit);
  const stderr = new OutputCollector(outputLimit);
  throwIfAborted(signal);
  const started = performance.now();
  const progress = ctx.progress ? commandProgress(ctx.progress, started, [stdout, stderr]) : undefined;
  const redactor = prepared.outputRedactor;
  const stdoutPipe = await openOutputPipe((bytes, length) => (stdout.push(bytes, length), progress?.tick()), redactor);
  const stderrPipe = await openOutputPipe((bytes, length) => (stderr.push(bytes, length), progress?.tick()), redactor);
  const pipes = [stdoutPipe, stderrPipe];
  let command;
  try {
    command = await startCommand({ ...prepared.request, stdout: stdoutPipe.stdio, stderr: stderrPipe.stdio });
  } catch (error) {
    for (const pipe of pipes) pipe.close();
    await prepared.release();
    throw error;
  }
  progress?.start(command.exited);
  // The child holds its own copies of the write ends now.
  stdoutPipe.attach(command.child.stdout);
  stderrPipe.attach(command.child.stderr);
  trackGroup(command.pid, command.killNow);
  let timedOut = false;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= command.stop());
  const timer = setTimeout(() => {
    timedOut = true;
    void stop();
  }, timeoutMs);
  const onAbort = () => void stop();
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  closing.stop = onAbort;
  if (closing.closed) onAbort();

  let ending: Ending;
  let duration: number;
  try {
    ending = await command.exited;
    duration = Math.round(performance.now() - started);
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    await drainThenClose(pipes, DRAIN_AFTER_EXIT_MS);
    if (stopping) await stopping;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    untrackGroup(command.pid);
  }
  const notes = await prepared.afterRun();
  if (closing.closed && !timedOut) throw closedToolkit();
  if (signal.aborted && !timedOut) throw abortError(signal);
  if (!timedOut && !(await command.commandRan)) {
    const said = stderr.finish().text.trim() || `bwrap exited with ${ending.exitCode ?? ending.signal}`;
    throw new ToolError(
      'UNAVAILABLE',
      `the ${prepared.settings.mode} sandbox could not be set up, so the command did not run: ${said}`,
      { reason: said },
    );
  }

  // Unsandboxed, processes the command left in the background (servers, `sleep 100 &`) keep running;
  // a sandbox's PID namespace ended with bwrap.
  const backgroundRunning = !stopping && prepared.settings.mode === 'none' && (await groupIsRunning(command.pid));
  const out = stdout.finish();
  const err = stderr.finish();
  const result: BashResult = {
    exit_code: ending.exitCode,
    signal: ending.signal,
    // No terminal was asked for: what the command printed reaches the model inert.
    stdout: inertText(out.text),
    stderr: inertText(err.text),
    timed_out: timedOut,
    truncated: out.truncated || err.truncated,
    duration_ms: duration,
  };
  if (notes.length) result.notes = notes;
  const text = renderText(result, {
    timeoutMs,
    maxTimeoutMs: input.maxTimeoutMs,
    out,
    err,
    backgroundRunning,
    pgid: command.pid,
    outputLimit,
  });
  return withText(result, notes.length ? `${text}\n${notes.map(noteLine).join('\n')}` : text);
}

/** Workspace-relative inside the workspace, absolute elsewhere (a writable folder). */
/** Progress of a foreground command: milliseconds since it started, with the bytes it printed, also while it is silent. */
function commandProgress(report: NonNullable<HandlerContext['progress']>, started: number, streams: OutputCollector[]) {
  const tick = () => {
    const bytes = streams.reduce((sum, s) => sum + s.totalBytes, 0);
    const elapsed = Math.round(performance.now() - started);
    report({ progress: elapsed, message: `${bytes} bytes of output after ${elapsed} ms` });
  };
  return {
    tick,
    /** Ticks every 500 ms until the command has exited. */
    start(exited: Promise<unknown>) {
      const timer = setInterval(tick, 500).unref();
      void exited.finally(() => clearInterval(timer)).catch(() => undefined);
    },
  };
}

function shownPath(ctx: HandlerContext, file: string): string {
  const relative = path.relative(ctx.workspace.root, file);
  return relative === ''
    ? '.'
    : relative.startsWith('..') || path.isAbsolute(relative)
      ? file
      : relative.split(path.sep).join('/');
}

/** The working directory: the workspace root, or a directory inside it (`cwd` as the runtime resolved it). */
export async function resolveCwd(cwd: string | undefined, ctx: HandlerContext): Promise<string> {
  if (cwd === undefined || cwd === '' || cwd === '.') return ctx.workspace.root;
  const resolved = confinedPath(ctx, 'cwd');
  if (!resolved.exists) {
    throw new ToolError(
      'NOT_FOUND',
      `cwd ${cwd} does not exist in the workspace; create it first or omit cwd to run in the workspace root`,
    );
  }
  const stats = await stat(resolved.absolute).catch((error: unknown) => {
    throw fsErrorToToolError(error, `cwd ${resolved.relative}`) ?? error;
  });
  if (!stats.isDirectory()) {
    throw new ToolError('NOT_DIRECTORY', `cwd ${resolved.relative} is a file, not a directory`);
  }
  return resolved.absolute;
}

/** Waits for both pipes to reach end-of-file, at most `ms`; then stops reading whatever is still open. */
async function drainThenClose(pipes: readonly OutputPipe[], ms: number): Promise<void> {
  await endedWithin(Promise.all(pipes.map((pipe) => pipe.ended)), ms);
  for (const pipe of pipes) pipe.close();
}

export interface TextContext {
  timeoutMs: number;
  maxTimeoutMs: number;
  out: CollectedOutput;
  err: CollectedOutput;
  backgroundRunning: boolean;
  pgid: number;
  outputLimit: number;
}

/** Model-facing text: how it ended, then each non-empty stream, then hints. */
export function renderText(result: BashResult, c: TextContext): string {
  const lines: string[] = [];
  if (result.timed_out) {
    lines.push(
      `timed out after ${c.timeoutMs} ms; the command and its child processes were killed` +
        (result.signal ? ` (${result.signal})` : result.exit_code !== null ? ` (exit code ${result.exit_code})` : '') +
        `. Output so far is below; raise timeout_ms (max ${c.maxTimeoutMs}) or run it with run_in_background: true and read it with bash_output.`,
    );
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
    lines.push(
      `[output cut to the first and last ${Math.floor(c.outputLimit / 2)} characters per stream; ` +
        'to see all of it, redirect to a file (cmd > out.log 2>&1) and use read_file or grep on it]',
    );
  }
  if (c.backgroundRunning) {
    lines.push(
      `[background processes started by the command are still running (process group ${c.pgid}); ` +
        'their later output is not captured; use run_in_background: true for servers and watchers]',
    );
  }
  return lines.join('\n');
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
