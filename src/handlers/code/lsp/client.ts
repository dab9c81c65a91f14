// One running language server: its JSON-RPC connection, `initialize`, the documents it holds open,
// the diagnostics it pushes, and its end. Every request is bounded in time (cancelled at the
// deadline) and every message in size (a server that sends more is killed).
import { stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node';
import type { Diagnostic, InitializeResult, ServerCapabilities } from 'vscode-languageserver-protocol';
import { ToolError } from '../../../runtime/contract/errors.js';
import { MessageSizeGuard, withDeadline } from './bounds.js';
import { languageOf, type ServerSpec } from '../discovery.js';
import type { ServerProcess } from './process.js';

/** A message larger than this ends the server (a sane answer is far smaller). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Documents kept open at once; the least recently used is closed beyond it. */
const MAX_OPEN_DOCUMENTS = 256;
/** Pushed diagnostics held for all open files together (estimated bytes); the oldest go beyond. */
const MAX_PUSHED_BYTES = 16 * 1024 * 1024;
/** Diagnostics one push keeps for a file (and at most MAX_PUSHED_BYTES of them). */
const MAX_PUSHED_PER_FILE = 5_000;
/** What a kept diagnostic costs besides its texts (its range, severity, the object). */
const DIAGNOSTIC_OVERHEAD_BYTES = 128;
/** The server's stderr kept to say why it ended. */
const STDERR_KEPT = 4096;

interface OpenDocument {
  version: number;
  text: string;
  used: number;
  /** The push counter when the server was last given this text. */
  changed: number;
  /** The file's size and mtime when its text was last compared with the disk. */
  stamp?: string;
}

export class LanguageClient {
  readonly capabilities: ServerCapabilities;
  #dead: ToolError | undefined;
  readonly #documents = new Map<string, OpenDocument>();
  readonly #pushed = new Map<string, { diagnostics: Diagnostic[]; version?: number; at: number; bytes: number }>();
  /** The estimated size of what #pushed holds. */
  #pushedBytes = 0;
  readonly #pushWaiters = new Set<() => void>();
  readonly #endListeners = new Set<(error: ToolError) => void>();
  #inFlight = 0;
  #analysing = false;
  #lastEvent = 0;
  #stopped = false;
  #clock = 0;

  private constructor(
    readonly spec: ServerSpec,
    readonly workspace: string,
    private readonly process: ServerProcess,
    private readonly connection: rpc.MessageConnection,
    initialized: InitializeResult,
    private readonly stderrTail: () => string,
  ) {
    this.capabilities = initialized.capabilities;
  }

  /** Starts the conversation: `initialize` within `timeoutMs`, then `initialized`. */
  static async connect(
    spec: ServerSpec,
    workspace: string,
    server: ServerProcess,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<LanguageClient> {
    const { child } = server;
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    child.stdin!.on('error', () => {}); // its end is reported through the exit
    // The pipes never keep the host running: a call waiting for an answer has a deadline timer that does.
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as { unref?: () => void })?.unref?.();
    const guarded = child.stdout!.pipe(new MessageSizeGuard(MAX_MESSAGE_BYTES, () => server.kill()));
    const connection = rpc.createMessageConnection(
      new rpc.StreamMessageReader(guarded),
      new rpc.StreamMessageWriter(child.stdin!),
    );
    const root = pathToFileURL(workspace).href;
    const pending: { client?: LanguageClient } = {};
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishParams) =>
      pending.client?.onPush(params),
    );
    // pyright says when it analyses (its own notifications): a push during that may be replaced.
    connection.onNotification('pyright/beginProgress', () => pending.client?.onProgress(true));
    connection.onNotification('pyright/reportProgress', () => pending.client?.onProgress(true));
    connection.onNotification('pyright/endProgress', () => pending.client?.onProgress(false));
    connection.onRequest('workspace/configuration', (params: { items?: { section?: string }[] }) =>
      (params.items ?? []).map((item) => settingFor(spec.settings, item.section)),
    );
    connection.onRequest('workspace/workspaceFolders', () => [{ uri: root, name: 'workspace' }]);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('client/unregisterCapability', () => null);
    connection.onRequest('window/showMessageRequest', () => null);
    connection.onRequest('workspace/applyEdit', () => ({ applied: false, failureReason: 'read-only client' }));
    connection.onError(() => {});
    connection.listen();
    const ended = new Promise<never>((_, reject) => {
      child.once('exit', (code, sig) =>
        reject(
          new ToolError(
            'UNAVAILABLE',
            `${spec.name} exited while starting (${sig ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().slice(-600)}` : ''}`,
          ),
        ),
      );
    });
    ended.catch(() => {});
    const initialized = await withDeadline(
      Promise.race([
        connection.sendRequest<InitializeResult>('initialize', {
          // In a PID namespace our pid means another process: a server watching it would stall.
          processId: server.confined ? null : process.pid,
          clientInfo: { name: 'toolwright' },
          rootUri: root,
          rootPath: workspace,
          workspaceFolders: [{ uri: root, name: 'workspace' }],
          initializationOptions: spec.initializationOptions,
          capabilities: CLIENT_CAPABILITIES,
        }),
        ended,
      ]),
      timeoutMs,
      signal,
      `${spec.name} did not finish starting within ${timeoutMs} ms (a large project takes a while the first time: call again)`,
      // A start outliving the call that wanted it does not keep the host running.
      false,
    );
    connection.sendNotification('initialized', {}).catch(() => {});
    if (spec.settings)
      connection.sendNotification('workspace/didChangeConfiguration', { settings: spec.settings }).catch(() => {});
    const client = new LanguageClient(spec, workspace, server, connection, initialized, () => stderr);
    pending.client = client;
    child.once('exit', (code, sig) => client.handleExit(code, sig));
    return client;
  }

  get dead(): ToolError | undefined {
    return this.#dead;
  }

  /** The server's process group (its leader: bwrap, or the server itself). */
  get pid(): number | undefined {
    return this.process.child.pid;
  }

  /** True once `stop()` was called (its end is then no crash). */
  get stopped(): boolean {
    return this.#stopped;
  }

  get busy(): boolean {
    return this.#inFlight > 0;
  }

  whenEnded(listener: (error: ToolError) => void): void {
    this.#endListeners.add(listener);
  }

  /** A request within `timeoutMs` (cancelled at the deadline: TIMEOUT) or until `signal` (CANCELLED). */
  async request<R>(method: string, params: unknown, timeoutMs: number, signal?: AbortSignal): Promise<R> {
    if (this.#dead) throw this.#dead;
    const source = new rpc.CancellationTokenSource();
    this.#inFlight++;
    try {
      return await withDeadline(
        Promise.race([this.connection.sendRequest<R>(method, params, source.token), this.#ended()]),
        timeoutMs,
        signal,
        `${this.spec.name} did not answer ${method} within ${timeoutMs} ms`,
      );
    } catch (error) {
      source.cancel();
      if (error instanceof rpc.ResponseError) {
        throw new ToolError('UNAVAILABLE', `${this.spec.name} failed ${method}: ${error.message}`);
      }
      throw error;
    } finally {
      source.dispose();
      this.#inFlight--;
    }
  }

  notify(method: string, params: unknown): void {
    if (this.#dead) return;
    this.#lastEvent = Date.now();
    this.connection.sendNotification(method, params).catch(() => {});
  }

  /** Makes the server hold `text` for the file (opened, or changed if it held other text). */
  sync(absolute: string, relative: string, text: string): void {
    const uri = pathToFileURL(absolute).href;
    const open = this.#documents.get(uri);
    if (open) {
      open.used = ++this.#clock;
      if (open.text === text) return;
      open.version++;
      open.text = text;
      open.stamp = undefined; // compared with the disk again on the next refresh
      open.changed = this.#clock;
      this.notify('textDocument/didChange', {
        textDocument: { uri, version: open.version },
        contentChanges: [{ text }],
      });
      return;
    }
    this.#documents.set(uri, { version: 1, text, used: ++this.#clock, changed: this.#clock });
    this.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: languageOf(relative, this.spec.languages), version: 1, text },
    });
    if (this.#documents.size > MAX_OPEN_DOCUMENTS) this.#closeLeastUsed();
  }

  /**
   * Gives the server again every open file that changed on disk since it was last given (written by
   * another tool: a restore, a command, an editor), and closes those that are gone, so a lookup by
   * name or across files never answers from text that is no longer there. Only files whose size or
   * mtime moved are read.
   */
  async refreshOpen(read: (absolute: string) => Promise<string | undefined>): Promise<void> {
    for (const [uri, open] of [...this.#documents]) {
      const absolute = fileURLToPath(uri);
      const stats = await stat(absolute).catch(() => undefined);
      if (!stats) {
        this.close(absolute);
        continue;
      }
      const stamp = `${stats.size}:${stats.mtimeMs}`;
      if (open.stamp === stamp) continue;
      const text = await read(absolute).catch(() => undefined);
      if (text === undefined) {
        this.close(absolute);
        continue;
      }
      if (text !== open.text) {
        open.version++;
        open.text = text;
        open.changed = ++this.#clock;
        this.notify('textDocument/didChange', {
          textDocument: { uri, version: open.version },
          contentChanges: [{ text }],
        });
      }
      open.stamp = stamp;
    }
  }

  /** Forgets a file (the server reads it from disk again, or learns it is gone). */
  close(absolute: string): void {
    const uri = pathToFileURL(absolute).href;
    if (!this.#documents.delete(uri)) return;
    this.#dropPush(uri);
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** How many files the server holds open. */
  get openCount(): number {
    return this.#documents.size;
  }

  /** The text the server holds for a file, if it holds it open. */
  textOf(absolute: string): string | undefined {
    return this.#documents.get(pathToFileURL(absolute).href)?.text;
  }

  /** The push counter when the server was last given the file's text (pushes after it are about that text). */
  changedAt(absolute: string): number | undefined {
    return this.#documents.get(pathToFileURL(absolute).href)?.changed;
  }

  versionOf(absolute: string): number | undefined {
    return this.#documents.get(pathToFileURL(absolute).href)?.version;
  }

  /** The last diagnostics pushed for a file since `since` (a push counter value), if any. */
  pushedSince(absolute: string, since: number): Diagnostic[] | undefined {
    const entry = this.#pushed.get(pathToFileURL(absolute).href);
    return entry && entry.at > since ? entry.diagnostics : undefined;
  }

  /** The last diagnostics pushed for a file, with the document version they are about (when the server says). */
  pushedFor(absolute: string): { diagnostics: Diagnostic[]; version?: number } | undefined {
    return this.#pushed.get(pathToFileURL(absolute).href);
  }

  /** A counter of pushes received: diagnostics newer than a value taken now arrived after it. */
  pushMark(): number {
    return this.#clock;
  }

  /** Resolves at the next push or progress report (or at once if the server ended). */
  nextPush(): Promise<void> {
    if (this.#dead) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = () => {
        this.#pushWaiters.delete(waiter);
        resolve();
      };
      this.#pushWaiters.add(waiter);
    });
  }

  /** Asks the server to end, then kills its group (never waits long). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (!this.#dead) {
      this.#dead = new ToolError('UNAVAILABLE', `${this.spec.name} was stopped`);
      try {
        await withDeadline(this.connection.sendRequest('shutdown'), 500, undefined, 'shutdown');
        await this.connection.sendNotification('exit');
      } catch {
        // killed below either way
      }
    }
    this.connection.dispose();
    this.process.kill();
  }

  /** Whether the server said it is analysing (between its begin and end of progress). */
  get analysing(): boolean {
    return this.#analysing;
  }

  /** When the server last pushed, reported progress, or was given a text (ms since the epoch). */
  get lastEvent(): number {
    return this.#lastEvent;
  }

  private onProgress(running: boolean): void {
    this.#analysing = running;
    this.#lastEvent = Date.now();
    for (const waiter of [...this.#pushWaiters]) waiter();
  }

  /** How many files' pushed diagnostics are held, and their estimated size (bounded: see onPush). */
  get heldPushes(): { files: number; bytes: number } {
    return { files: this.#pushed.size, bytes: this.#pushedBytes };
  }

  private onPush(params: PublishParams): void {
    this.#lastEvent = Date.now();
    const uri = typeof params?.uri === 'string' ? params.uri : undefined;
    // Only documents this client holds open are ever asked about: a server pushing about others
    // (or flooding) must not grow the host's memory.
    if (uri !== undefined && this.#documents.has(uri)) {
      this.#dropPush(uri);
      const { diagnostics, bytes } = keptDiagnostics(params.diagnostics);
      this.#pushed.set(uri, {
        diagnostics,
        ...(typeof params.version === 'number' ? { version: params.version } : {}),
        at: ++this.#clock,
        bytes,
      });
      this.#pushedBytes += bytes;
      this.#evictPushesBeyondBound(uri);
    }
    for (const waiter of [...this.#pushWaiters]) waiter();
  }

  #dropPush(uri: string): void {
    const entry = this.#pushed.get(uri);
    if (!entry) return;
    this.#pushedBytes -= entry.bytes;
    this.#pushed.delete(uri);
  }

  /** The oldest other files' pushes go first while the total is over its bound. */
  #evictPushesBeyondBound(newest: string): void {
    while (this.#pushedBytes > MAX_PUSHED_BYTES || this.#pushed.size > MAX_OPEN_DOCUMENTS) {
      let oldest: string | undefined;
      let at = Infinity;
      for (const [uri, entry] of this.#pushed) {
        if (uri !== newest && entry.at < at) {
          at = entry.at;
          oldest = uri;
        }
      }
      if (oldest === undefined) return;
      this.#dropPush(oldest);
    }
  }

  private handleExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.#dead) {
      const said = this.stderrTail().trim();
      this.#dead = new ToolError(
        'UNAVAILABLE',
        `${this.spec.name} ended (${signal ?? `exit code ${code}`})${said ? `: ${said.slice(-600)}` : ''}; the next call starts it again`,
      );
    }
    this.process.kill();
    this.connection.dispose();
    for (const waiter of [...this.#pushWaiters]) waiter();
    for (const listener of [...this.#endListeners]) listener(this.#dead);
  }

  #ended(): Promise<never> {
    return new Promise<never>((_, reject) => {
      if (this.#dead) reject(this.#dead);
      else this.#endListeners.add(reject);
    });
  }

  #closeLeastUsed(): void {
    let oldest: string | undefined;
    let used = Infinity;
    for (const [uri, document] of this.#documents) {
      if (document.used < used) {
        used = document.used;
        oldest = uri;
      }
    }
    if (oldest === undefined) return;
    this.#documents.delete(oldest);
    this.#dropPush(oldest);
    this.notify('textDocument/didClose', { textDocument: { uri: oldest } });
  }
}

/**
 * A push's diagnostics as kept: only the fields read later (a server's `data` or related
 * information can be any size), at most MAX_PUSHED_PER_FILE of them and MAX_PUSHED_BYTES in all.
 */
function keptDiagnostics(pushed: unknown): { diagnostics: Diagnostic[]; bytes: number } {
  const diagnostics: Diagnostic[] = [];
  let bytes = 0;
  if (!Array.isArray(pushed)) return { diagnostics, bytes };
  for (const item of pushed as Partial<Diagnostic>[]) {
    if (diagnostics.length >= MAX_PUSHED_PER_FILE) break;
    if (!item || typeof item !== 'object' || !item.range) continue;
    const message =
      typeof item.message === 'string'
        ? item.message
        : typeof (item.message as { value?: unknown } | undefined)?.value === 'string'
          ? (item.message as unknown as { value: string }).value
          : '';
    const code = typeof item.code === 'string' || typeof item.code === 'number' ? item.code : undefined;
    const source = typeof item.source === 'string' ? item.source : undefined;
    const size = DIAGNOSTIC_OVERHEAD_BYTES + 2 * (message.length + String(code ?? '').length + (source?.length ?? 0));
    if (bytes + size > MAX_PUSHED_BYTES) break;
    bytes += size;
    const { start, end } = item.range;
    diagnostics.push({
      range: {
        start: { line: start?.line, character: start?.character },
        end: { line: end?.line, character: end?.character },
      },
      message,
      ...(item.severity !== undefined ? { severity: item.severity } : {}),
      ...(code !== undefined ? { code } : {}),
      ...(source !== undefined ? { source } : {}),
    });
  }
  return { diagnostics, bytes };
}

interface PublishParams {
  uri: string;
  version?: number;
  diagnostics?: Diagnostic[];
}

const CLIENT_CAPABILITIES = {
  general: { positionEncodings: ['utf-16'] },
  textDocument: {
    synchronization: { didSave: false, dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: false, versionSupport: true },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    definition: { linkSupport: false },
    references: {},
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    rename: { prepareSupport: false },
  },
  workspace: {
    workspaceFolders: true,
    configuration: true,
    symbol: {},
    workspaceEdit: { documentChanges: true },
  },
  window: { workDoneProgress: false },
};

/** The value of a dotted settings section (`python.analysis`), or null. */
function settingFor(settings: Readonly<Record<string, unknown>> | undefined, section: string | undefined): unknown {
  if (!settings) return null;
  if (!section) return settings;
  let value: unknown = settings;
  for (const key of section.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}
