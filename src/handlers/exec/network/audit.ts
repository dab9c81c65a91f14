// Each connection a sandboxed command makes through the proxy, in the toolkit's audit (when it has a
// store): one entry per tunnel, per request the proxy reads (plain HTTP, intercepted HTTPS) and per
// refusal, filed under the principal of the call that started the command, as operation
// `<operation>.connection` (exec.bash.connection), its input naming the command.
import { AuditRecorder } from '../../../runtime/audit/recorder.js';
import type { Redactor } from '../../../runtime/redaction.js';
import type { AuditLog } from '../../../runtime/store/types.js';

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
      this.#recorder.record({
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

  flush(): Promise<void> {
    return this.#recorder.flush();
  }
}
