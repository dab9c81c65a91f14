// A child Node process that runs jobs on untrusted input (a fetched page's HTML, a PDF, a large
// edit) for the parent, over an IPC channel. A process, not a worker thread: V8 enforces a worker's
// heap limit only on a best-effort basis, and some allocation shapes reach a fatal out-of-memory
// error that aborts the whole process, the host with it. Here such an abort ends only the child,
// which the parent sees as an exit and reports as the job's failure.
// The child gets no environment (nothing of the host's secrets), runs in the system's temporary
// folder (a core file never lands in a workspace), and exits when the parent's channel closes.
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { nodeChildProcess } from '../startup/lazy-require.js';

export interface JobProcessOptions {
  /** The script the child runs (a file path or file: URL), or `source`, evaluated as CommonJS. */
  script?: string | URL;
  source?: string;
  /** Node options before the script (e.g. a loader for TypeScript sources). */
  execArgv?: readonly string[];
  /** The child's V8 old-generation heap cap (MiB). */
  heapMb: number;
  /** Arguments after the script, in process.argv. */
  args?: readonly string[];
}

/** Bytes of the child's stderr kept to say why it died (V8's out-of-memory report comes first). */
const STDERR_KEPT = 16 * 1024;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed|Fatal process out of memory/i;

/** How a job process ended when nobody asked it to. */
export class JobProcessExit extends Error {
  constructor(
    message: string,
    /** It ran out of its heap (V8 aborted it). */
    readonly outOfMemory: boolean,
    /** The start of what it wrote to stderr. */
    readonly output = '',
  ) {
    super(message);
    this.name = 'JobProcessExit';
  }
}

type Listener<T> = (value: T) => void;

/**
 * The child's whole environment: nothing of the host's, but for one variable an Electron host needs.
 * There process.execPath is the Electron binary, which runs a script as plain Node only with
 * ELECTRON_RUN_AS_NODE set (without it, it would start another instance of the app).
 */
export function jobProcessEnv(versions: NodeJS.ProcessVersions = process.versions): Record<string, string> {
  return versions.electron !== undefined ? { ELECTRON_RUN_AS_NODE: '1' } : {};
}

/** One child process; see the file comment. */
export class JobProcess<Reply = unknown> {
  private readonly child: ChildProcess;
  private stderr = '';
  private killed = false;
  private exited = false;
  private readonly onMessage: Listener<Reply | 'ready'>[] = [];
  private readonly onExit: Listener<JobProcessExit>[] = [];

  constructor(options: JobProcessOptions) {
    const entry = options.source !== undefined ? ['-e', options.source] : [scriptPath(options.script)];
    this.child = nodeChildProcess().spawn(
      process.execPath,
      [`--max-old-space-size=${options.heapMb}`, ...(options.execArgv ?? []), ...entry, ...(options.args ?? [])],
      { cwd: tmpdir(), env: jobProcessEnv(), stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' },
    );
    const { child } = this;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (this.stderr.length < STDERR_KEPT) this.stderr += chunk.slice(0, STDERR_KEPT - this.stderr.length);
    });
    // The stderr pipe never keeps the parent alive; the channel does only while a job runs (ref()).
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    child.on('message', (message: Reply | 'ready') => {
      for (const listener of this.onMessage) listener(message);
    });
    // 'close', not 'exit': stderr is complete by then, so an out-of-memory report is seen.
    child.on('close', (code, signal) => this.ended(code, signal));
    child.on('error', (error) => this.ended(null, null, error));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  on(event: 'message', listener: Listener<Reply | 'ready'>): void;
  on(event: 'exit', listener: Listener<JobProcessExit>): void;
  on(event: 'message' | 'exit', listener: Listener<never>): void {
    if (event === 'message') this.onMessage.push(listener as Listener<Reply | 'ready'>);
    else this.onExit.push(listener as Listener<JobProcessExit>);
  }

  /** Sends a message (structured-clone serialization: typed arrays and nested objects pass whole). */
  send(message: unknown): void {
    if (this.exited || this.killed || !this.child.connected) return;
    this.child.send(message as Parameters<ChildProcess['send']>[0], (error) => {
      if (error) this.kill();
    });
  }

  /** Keeps the parent's event loop alive (a job is running: the caller awaits it). */
  ref(): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  /** Lets the parent exit with this child idle. */
  unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Ends the child at once (SIGKILL: a job stuck in a loop cannot delay it). */
  kill(): void {
    if (this.killed || this.exited) return;
    this.killed = true;
    this.child.kill('SIGKILL');
  }

  private ended(code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    if (this.exited) return;
    this.exited = true;
    const outOfMemory = OUT_OF_MEMORY.test(this.stderr);
    const how = error
      ? `could not run: ${error.message}`
      : outOfMemory
        ? 'ran out of memory'
        : signal
          ? `was ended by ${signal}`
          : `exited with code ${code}`;
    const exit = new JobProcessExit(`the job process ${how}`, outOfMemory, this.stderr);
    for (const listener of this.onExit) listener(exit);
  }
}

function scriptPath(script: string | URL | undefined): string {
  if (script === undefined) throw new TypeError('a job process needs a script or a source');
  return script instanceof URL ? fileURLToPath(script) : script;
}
