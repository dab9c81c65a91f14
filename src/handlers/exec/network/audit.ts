// Each connection a sandboxed command makes through the proxy, in the toolkit's audit (when it has a
// store): one entry per tunnel, per request the proxy reads (plain HTTP, intercepted HTTPS) and per
// refusal, filed under the principal of the call that started the command, as operation
// `<operation>.connection` (exec.bash.connection), its input naming the command. Entries are held
// a short time and written together: a command that opens a connection per request would otherwise
// pay a write to the store (its lock, open, append, close) for each one.
import { AuditRecorder } from '../../../runtime/audit/recorder.js';
import type { Redactor } from '../../../runtime/secrets/redaction.js';
import type { AuditEntry, AuditLog } from '../../../runtime/store/types.js';

/** Longest an entry is held before it goes to the store (a command's end and close() send it at once). */
export const CONNECTION_AUDIT_HOLD_MS = 100;
/** Entries held at most: more go to the store at once. */
export const CONNECTION_AUDIT_BATCH = 64;

/** Whose command a connection belongs to. */
export interface ConnectionOwner {
  principal: string;
  scope: string;
  /** The call's operation id (exec.bash). */
  operation: string;
  /** The command line, cut to 200 characters. */
  command: string;
}

export interface ConnectionRecord {
  startedAt: number;
  host: string;
  port: number;
  method: string;
  /** Request target without its query (intercepted and plain HTTP requests). */
  path?: string;
  /** The address connected to. */
  address?: string;
  decision: 'allowed' | 'refused';
  /** The refusal's or failure's tag. */
  reason?: string;
  /** The allow entry that admitted it. */
  rule?: string;
  /** Set when the proxy wrote a credential into the request (its variable names). */
  credentials?: string[];
  status?: number;
  bytesSent: number;
  bytesReceived: number;
  failed?: boolean;
}

export class ConnectionAudit {
  readonly #recorder: AuditRecorder;
  #held: AuditEntry[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(
    log: AuditLog,
    private readonly redactor: Redactor | undefined,
  ) {
    this.#recorder = new AuditRecorder(log);
  }

  record(owner: ConnectionOwner, connection: ConnectionRecord): void {
    try {
      const input: Record<string, unknown> = {
        host: connection.host,
        port: connection.port,
        method: connection.method,
        ...(connection.path !== undefined ? { path: connection.path } : {}),
        ...(connection.address !== undefined ? { address: connection.address } : {}),
        ...(connection.status !== undefined ? { status: connection.status } : {}),
        ...(connection.reason !== undefined ? { reason: connection.reason } : {}),
        ...(connection.credentials?.length ? { credentials: connection.credentials } : {}),
        bytes_sent: connection.bytesSent,
        bytes_received: connection.bytesReceived,
        command: owner.command,
      };
      this.#hold({
        time: new Date(connection.startedAt),
        scope: owner.scope,
        principal: owner.principal,
        operation: `${owner.operation}.connection`,
        risk: 'network',
        decision: connection.decision,
        rule: connection.rule ?? null,
        error_code: connection.decision === 'refused' ? 'DENIED_BY_POLICY' : connection.failed ? 'NETWORK_ERROR' : null,
        duration_ms: Math.max(0, Date.now() - connection.startedAt),
        input: this.redactor ? this.redactor.value(input) : input,
      });
    } catch (error) {
      this.#recorder.failed(error);
    }
  }

  /** Sends the held entries to the store now (not waiting for the write). */
  release(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const held = this.#held;
    this.#held = [];
    for (const entry of held) this.#recorder.record(entry);
  }

  /** Sends the held entries and resolves once every entry is written (or failed). */
  flush(): Promise<void> {
    this.release();
    return this.#recorder.flush();
  }

  #hold(entry: AuditEntry): void {
    this.#held.push(entry);
    if (this.#held.length >= CONNECTION_AUDIT_BATCH) this.release();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => this.release(), CONNECTION_AUDIT_HOLD_MS);
      // close() flushes what is held: the timer alone keeps no process alive.
      this.#timer.unref();
    }
  }
}
