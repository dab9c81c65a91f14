// toolwright's code intelligence, as the toolkit service the runtime knows (CodeService): which
// servers cover which files, the edit checks, and the toolkit's hold on the shared servers. Light
// on purpose: the language-server client (vscode-jsonrpc) loads only when a server is used.
import type { CodeBinding, CodeIntelligence, CodeService, EditCheck } from '../../runtime/services/code.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import { discoverServers, type Discovery, type ServerSpec } from './discovery.js';
import type { LanguageClient } from './lsp/client.js';
import type { PoolOptions } from './lsp/pool.js';

export const DEFAULT_EDIT_DIAGNOSTICS_MS = 3_000;
export const DEFAULT_IDLE_MS = 300_000;

/** One toolkit's view of the workspace's language servers. */
/** How long the walk of the workspace's source files is kept, and how far it goes. */
const SOURCES_KEPT_MS = 5_000;
const SOURCES_WALK = { files: 5_000, entries: 50_000 };

export class WorkspaceCode implements CodeService {
  #sources: { at: number; files: string[] } | undefined;
  readonly workspace: string;
  readonly #binding: CodeBinding;
  #closed = false;
  /** Set once a server was asked for: only then is there something to release. */
  #used = false;

  constructor(binding: CodeBinding) {
    this.#binding = binding;
    this.workspace = binding.workspace;
  }

  get options(): CodeBinding['options'] {
    return this.#binding.options;
  }

  async coveredSources(signal?: AbortSignal): Promise<string[]> {
    const kept = this.#sources;
    if (kept && Date.now() - kept.at < SOURCES_KEPT_MS) return kept.files;
    const servers = this.discovery().servers;
    if (servers.length === 0) return [];
    const { sourceFiles } = await import('./walk.js');
    const { files } = await sourceFiles(
      this.workspace,
      this.workspace,
      (relative) => servers.some((spec) => spec.covers(relative)),
      SOURCES_WALK,
      signal,
    );
    this.#sources = { at: Date.now(), files };
    return files;
  }

  discovery(): Discovery {
    return discoverServers(this.workspace, this.#binding.options, process.env.PATH);
  }

  unavailable(): string | undefined {
    const found = this.discovery();
    if (found.servers.length > 0) return undefined;
    return `no language server was found: ${found.missing.join('; ') || 'none is configured'}`;
  }

  /** The server for a workspace-relative file: the first whose patterns cover it. */
  serverFor(relative: string): ServerSpec | undefined {
    return this.discovery().servers.find((spec) => spec.covers(relative));
  }

  get poolOptions(): PoolOptions {
    const idle = this.#binding.options.idleMs;
    return {
      ...(this.#binding.bwrapPath ? { bwrapPath: this.#binding.bwrapPath } : {}),
      pathVar: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
      idleMs: typeof idle === 'number' && idle > 0 ? idle : DEFAULT_IDLE_MS,
    };
  }

  /** Runs `work` with the server for `spec`, alone on it, waiting at most `timeoutMs` for its start. */
  async run<T>(
    spec: ServerSpec,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    work: (client: LanguageClient) => Promise<T>,
  ): Promise<T> {
    this.#used = true;
    const { withServer } = await import('./lsp/pool.js');
    return withServer(this, spec, this.workspace, this.poolOptions, timeoutMs, signal, work);
  }

  get editBudgetMs(): number {
    const budget = this.#binding.options.editDiagnosticsMs;
    return typeof budget === 'number' && budget > 0 ? budget : DEFAULT_EDIT_DIAGNOSTICS_MS;
  }

  async beginEdit(files: readonly ResolvedPath[]): Promise<EditCheck | undefined> {
    if (this.#closed || this.#binding.options.editDiagnostics === false) return undefined;
    const covered = files.flatMap((file) => {
      const spec = file.directory ? undefined : this.serverFor(file.relative);
      return spec ? [{ file, spec }] : [];
    });
    if (covered.length === 0) return undefined;
    const { beginEditCheck } = await import('./edit-check.js');
    return beginEditCheck(this, covered);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#used) return;
    const { release } = await import('./lsp/pool.js');
    await release(this);
  }
}

/** The service the package's createToolkit attaches to every toolkit. */
export const referenceCodeIntelligence: CodeIntelligence = Object.freeze({
  attach: (binding: CodeBinding) => new WorkspaceCode(binding),
});
