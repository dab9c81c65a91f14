// The PostgreSQL store (`postgres://user:password@host:5432/database`). `pg` loads, and the pool
// opens, on the first call; that call also brings the schema up to date (unless `autoMigrate` is
// off, then an old schema is UNAVAILABLE until `toolwright store migrate` runs). Every call is
// bounded by `timeoutMs`: a server that is down, unreachable or refuses the credentials answers
// UNAVAILABLE naming the store without its password, and the next call after it is back works.
import { boundMethods, checkMs, storeUnavailable, withDeadline } from './errors.js';
import { applyMigrations, LATEST_VERSION, schemaVersion } from './migrations.js';
import { checkLayout } from './output.js';
import { endWithin, PgConnection } from './postgres-connection.js';
import { PgNotifications } from './postgres-notify.js';
import { postgresMcpTasks } from './postgres-mcp-tasks.js';
import { postgresApprovals } from './postgres-approvals.js';
import { withApprovalEffects } from './approvals.js';
import { postgresJobs } from './postgres-records.js';
import { postgresAudit, postgresReplicas, postgresTaskLists } from './postgres-tasks.js';
import {
  DEFAULT_OUTPUT_HEAD_BYTES,
  DEFAULT_OUTPUT_TAIL_BYTES,
  DEFAULT_STORE_TIMEOUT_MS,
  type MigrationReport,
  type Store,
  type StoreOptions,
} from './types.js';
import { parseStoreUrl, StoreUrlError } from './url.js';

export interface PostgresStoreOptions extends StoreOptions {
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
  /** What the server's pg_stat_activity shows (default "toolwright"). */
  applicationName?: string;
  /** Apply missing migrations on first use (default true). */
  autoMigrate?: boolean;
  /** Bound of a migration, waiting for another migrator included (default 60 s). */
  migrateTimeoutMs?: number;
}

// Whole on purpose: the store is one object literal of methods sharing the pool and its one-time migration.
export function createPostgresStore(url: string, options: PostgresStoreOptions = {}): Store {
  const target = parseStoreUrl(url, '/');
  if (target.engine !== 'postgres') throw new StoreUrlError('createPostgresStore needs a postgres:// URL');
  const location = target.location;
  const timeoutMs = checkMs('timeoutMs', options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS);
  const migrateTimeoutMs = checkMs('migrateTimeoutMs', options.migrateTimeoutMs ?? 60_000);
  const poolSize = options.poolSize ?? 10;
  if (!Number.isSafeInteger(poolSize) || poolSize < 1 || poolSize > 1000)
    throw new TypeError('poolSize must be a whole number between 1 and 1000');
  const layout = checkLayout(
    options.outputHeadBytes ?? DEFAULT_OUTPUT_HEAD_BYTES,
    options.outputTailBytes ?? DEFAULT_OUTPUT_TAIL_BYTES,
  );
  const db = new PgConnection({
    url: target.url,
    location,
    secrets: target.secrets,
    timeoutMs,
    poolSize,
    applicationName: options.applicationName ?? 'toolwright',
  });
  const notifier = new PgNotifications(db, location, timeoutMs);
  let closed = false;
  let ready: Promise<void> | undefined;

  async function migrate(): Promise<MigrationReport> {
    const client = db.newClient({
      query_timeout: migrateTimeoutMs,
      statement_timeout: migrateTimeoutMs,
      application_name: `${options.applicationName ?? 'toolwright'} migrate`,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return await applyMigrations(client as never, migrateTimeoutMs);
    } finally {
      await endWithin(client.end(), timeoutMs);
    }
  }

  async function ensureSchema(): Promise<void> {
    const version = await schemaVersion((sql) => db.query(sql));
    if (version >= LATEST_VERSION) return;
    if (options.autoMigrate === false) {
      throw storeUnavailable(
        location,
        `its schema is at version ${version}, this toolwright needs ${LATEST_VERSION}: run \`toolwright store migrate --store URL\``,
      );
    }
    await withDeadline(migrate(), migrateTimeoutMs, location);
  }
  // Checked once per store; a failure (the server down) is checked again by the next call.
  let isReady = false;
  const before = () =>
    isReady
      ? undefined
      : (ready ??= ensureSchema().then(
          () => {
            isReady = true;
          },
          (error: unknown) => {
            ready = undefined;
            throw error;
          },
        ));
  const mapError = (error: unknown) => db.mapError(error);
  const bound = <T extends object>(target: T): T =>
    boundMethods(target, { timeoutMs, location, mapError, isClosed: () => closed, before });

  const notifications = bound(notifier.api);
  const audit = bound(postgresAudit(db));
  const store: Store = {
    engine: 'postgres',
    location,
    tasks: bound(postgresTaskLists(db)),
    jobs: bound(postgresJobs(db, layout)),
    mcpTasks: bound(postgresMcpTasks(db)),
    audit,
    replicas: bound(postgresReplicas(db)),
    notifications,
    approvals: withApprovalEffects(bound(postgresApprovals(db)), notifications, audit),
    migrate: () =>
      boundMethods({ migrate }, { timeoutMs: migrateTimeoutMs, location, mapError, isClosed: () => closed }).migrate(),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([notifier.close(), db.end()]);
    },
  };
  // JSON.stringify(options) or a log line never carries the URL (and its password).
  Object.defineProperty(store, 'toJSON', { value: () => ({ engine: 'postgres', location }) });
  return Object.freeze(store);
}
