// The PostgreSQL engine's connections: `pg` loaded on first use (only a postgres:// store needs
// it), one bounded pool per store (connect, statement and query timeouts, application_name), every
// multi-statement write in a transaction, and every driver failure turned into UNAVAILABLE naming
// the store without its password.
import type { ClientConfig, Pool, PoolClient, QueryResultRow } from 'pg';
import { ToolError, isToolError } from '../contract/errors.js';
import { lazyRequire } from '../startup/lazy-require.js';
import { storeUnavailable } from './errors.js';
import { scrubSecrets } from './url.js';

const loadPg = lazyRequire<typeof import('pg')>('pg');

export interface ConnectionOptions {
  url: string;
  location: string;
  secrets: readonly string[];
  timeoutMs: number;
  poolSize: number;
  applicationName: string;
}

/** A statement's parameters. */
export type Params = readonly unknown[];

export class PgConnection {
  private pool: Pool | undefined;

  constructor(private readonly options: ConnectionOptions) {}

  /** The client settings shared by the pool and the notification listener. */
  clientConfig(): ClientConfig {
    const { url, timeoutMs, applicationName } = this.options;
    return {
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      idle_in_transaction_session_timeout: timeoutMs * 2,
      application_name: applicationName,
      keepAlive: true,
    };
  }

  /** A connection outside the pool (the notification listener, migrations with their own bound). */
  newClient(overrides: Partial<ClientConfig> = {}): import('pg').Client {
    return new (loadPg().Client)({ ...this.clientConfig(), ...overrides });
  }

  private poolNow(): Pool {
    if (!this.pool) {
      const pg = loadPg();
      const pool = new pg.Pool({
        ...this.clientConfig(),
        max: this.options.poolSize,
        idleTimeoutMillis: 30_000,
        allowExitOnIdle: true,
      });
      // An idle connection the server dropped reports here; the pool already discards it.
      pool.on('error', () => {});
      this.pool = pool;
    }
    return this.pool;
  }

  /** One statement (atomic on its own). */
  async query<R extends QueryResultRow = QueryResultRow>(
    sql: string,
    params: Params = [],
  ): Promise<{ rows: R[]; rowCount: number }> {
    const result = await this.poolNow().query<R>(sql, params as unknown[]);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }

  /**
   * Runs `work` in a transaction: committed whole or not at all. A failed transaction's connection
   * is closed, not reused (the server rolls back what it had).
   */
  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.poolNow().connect();
    // A connection lost while checked out is also an 'error' event on the client: the statement in
    // flight fails with it (and the client is dropped below), so the event itself is only heard here;
    // unheard, it would end the process.
    const lost = () => {};
    client.on('error', lost);
    let failure: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failure = error;
      // A refusal of toolwright's own (a cap reached) leaves the connection sound: rolled back, it is reused.
      if (isToolError(error))
        await client.query('ROLLBACK').then(
          () => (failure = undefined),
          () => undefined,
        );
      throw error;
    } finally {
      client.removeListener('error', lost);
      client.release(failure === undefined ? undefined : true);
    }
  }

  async end(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (!pool) return;
    // pool.end() waits for connections in use: a hung one must not hold close() for ever.
    await endWithin(pool.end(), this.options.timeoutMs);
  }

  /** What a caller sees of a failure: UNAVAILABLE with the reason, or INTERNAL-bound for a bug. */
  mapError(error: unknown): unknown {
    if (isToolError(error)) return error;
    const { location, secrets } = this.options;
    const raw = error as { code?: unknown; message?: unknown } | undefined;
    const code = typeof raw?.code === 'string' ? raw.code : undefined;
    const message = scrubSecrets(typeof raw?.message === 'string' ? raw.message : String(error), secrets);
    const reason = describeFailure(code, message, this.options.timeoutMs);
    if (reason === undefined) {
      // A statement the server refused as wrong (bad data, a constraint): a fault in toolwright.
      return new Error(`the store ${location} refused a statement (${code}): ${message}`);
    }
    return storeUnavailable(location, reason, code ? { reason_code: code } : undefined);
  }
}

/** The reason a failure makes the store unavailable, or undefined when it is a statement's own fault. */
function describeFailure(code: string | undefined, message: string, timeoutMs: number): string | undefined {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused (${message.replace(/^connect ECONNREFUSED /, '')}): is the server running, on that host and port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name does not resolve (${message})`;
    case '28P01':
    case '28000':
      return `${message} (check the user and password in the store URL)`;
    case '3D000':
      return `${message} (create it, or fix the database name in the store URL)`;
    case '57014':
      return `a statement did not finish within ${timeoutMs} ms`;
    case '42P01':
    case '42703':
    case '42883':
      return `${message}: its schema is missing or out of date (run \`toolwright store migrate --store URL\`)`;
    default:
      break;
  }
  if (code !== undefined && /^(22|23|42|2F|P0)/.test(code)) return undefined;
  if (/timeout/i.test(message)) return `no answer within ${timeoutMs} ms (${message})`;
  return message;
}

/** Rows of a query inside a transaction. */
export async function rowsOf<R extends QueryResultRow>(
  client: PoolClient,
  sql: string,
  params: Params = [],
): Promise<R[]> {
  return (await client.query<R>(sql, params as unknown[])).rows;
}

export const isoOf = (value: unknown): string =>
  typeof value === 'string' && value.endsWith('Z')
    ? value
    : (value instanceof Date ? value : new Date(String(value))).toISOString();
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : isoOf(value);
export const notFound = (what: string) => new ToolError('NOT_FOUND', what);

/** Waits for a connection to close, but not longer than `ms` (a dead server never answers). */
export function endWithin(ending: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    ending
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
