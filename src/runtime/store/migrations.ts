// Versioned schema of the PostgreSQL engine. Migrations run in one transaction under an advisory
// lock, so replicas that start (or `toolwright store migrate`) at the same moment apply each
// version once; `toolwright_schema_migrations` records what was applied. Append new versions at
// the end; never edit one that shipped.
import type { PoolClient } from 'pg';
import type { MigrationReport } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const TASK_STATUSES = `'pending', 'in_progress', 'completed', 'cancelled'`;
const JOB_STATUSES = `'running', 'exited', 'killed', 'timed_out', 'failed'`;
const MCP_STATUSES = `'working', 'input_required', 'completed', 'failed', 'cancelled'`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'task lists, background jobs and their output, MCP tasks, audit log, replica leases',
    sql: `
      CREATE TABLE toolwright_counters (
        scope text NOT NULL, principal text NOT NULL, kind text NOT NULL, next bigint NOT NULL,
        PRIMARY KEY (scope, principal, kind));
      CREATE TABLE toolwright_tasks (
        scope text NOT NULL, principal text NOT NULL, id text NOT NULL, seq bigint NOT NULL,
        title text NOT NULL, description text, status text NOT NULL CHECK (status IN (${TASK_STATUSES})),
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
        PRIMARY KEY (scope, principal, id));
      CREATE INDEX toolwright_tasks_order ON toolwright_tasks (scope, principal, seq);
      CREATE TABLE toolwright_jobs (
        scope text NOT NULL, principal text NOT NULL, id text NOT NULL, seq bigint NOT NULL,
        owner text NOT NULL, command text NOT NULL, status text NOT NULL CHECK (status IN (${JOB_STATUSES})),
        exit_code integer, signal text, note text,
        started_at timestamptz NOT NULL, ended_at timestamptz, lease_expires_at timestamptz NOT NULL,
        output_total bigint NOT NULL DEFAULT 0, head_bytes bigint NOT NULL, tail_bytes bigint NOT NULL,
        PRIMARY KEY (scope, principal, id));
      CREATE INDEX toolwright_jobs_order ON toolwright_jobs (scope, principal, seq);
      CREATE INDEX toolwright_jobs_running ON toolwright_jobs (owner, lease_expires_at) WHERE status = 'running';
      CREATE TABLE toolwright_job_output (
        scope text NOT NULL, principal text NOT NULL, job_id text NOT NULL, pos bigint NOT NULL, data bytea NOT NULL,
        PRIMARY KEY (scope, principal, job_id, pos),
        FOREIGN KEY (scope, principal, job_id) REFERENCES toolwright_jobs (scope, principal, id) ON DELETE CASCADE);
      CREATE TABLE toolwright_mcp_tasks (
        id text PRIMARY KEY, seq bigint GENERATED ALWAYS AS IDENTITY,
        scope text NOT NULL, principal text NOT NULL, operation text NOT NULL,
        status text NOT NULL CHECK (status IN (${MCP_STATUSES})), status_message text, result text,
        ttl_ms bigint, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, expires_at timestamptz,
        owner text NOT NULL, lease_expires_at timestamptz NOT NULL);
      CREATE INDEX toolwright_mcp_tasks_order ON toolwright_mcp_tasks (scope, principal, seq);
      CREATE INDEX toolwright_mcp_tasks_expiry ON toolwright_mcp_tasks (expires_at) WHERE expires_at IS NOT NULL;
      CREATE INDEX toolwright_mcp_tasks_live ON toolwright_mcp_tasks (owner, lease_expires_at) WHERE status IN ('working', 'input_required');
      CREATE TABLE toolwright_audit (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, time timestamptz NOT NULL,
        scope text NOT NULL, principal text NOT NULL, operation text NOT NULL, risk text NOT NULL,
        decision text NOT NULL, rule text, error_code text, duration_ms double precision NOT NULL, input text NOT NULL);
      CREATE INDEX toolwright_audit_time ON toolwright_audit (time);
      CREATE TABLE toolwright_replicas (
        id text PRIMARY KEY, started_at timestamptz NOT NULL, heartbeat_at timestamptz NOT NULL,
        lease_expires_at timestamptz NOT NULL, info text NOT NULL);`,
  },
  {
    version: 2,
    name: 'background jobs remember how far their output was read',
    sql: `ALTER TABLE toolwright_jobs ADD COLUMN read_pos bigint NOT NULL DEFAULT 0;`,
  },
  {
    version: 3,
    name: 'input for background jobs; per-principal caps count running jobs and bytes of task results',
    sql: `
      ALTER TABLE toolwright_jobs ADD COLUMN input_pending bytea NOT NULL DEFAULT ''::bytea,
        ADD COLUMN input_total bigint NOT NULL DEFAULT 0, ADD COLUMN input_taken bigint NOT NULL DEFAULT 0,
        ADD COLUMN input_eof boolean NOT NULL DEFAULT false, ADD COLUMN input_closed boolean NOT NULL DEFAULT false;
      CREATE INDEX toolwright_jobs_key_running ON toolwright_jobs (scope, principal) WHERE status = 'running';
      ALTER TABLE toolwright_mcp_tasks ADD COLUMN result_bytes bigint NOT NULL DEFAULT 0;
      UPDATE toolwright_mcp_tasks SET result_bytes = octet_length(result) WHERE result IS NOT NULL;`,
  },
  {
    version: 4,
    name: 'calls parked until a human approves or denies them',
    sql: `
      CREATE TABLE toolwright_approvals (
        id text PRIMARY KEY, seq bigint GENERATED ALWAYS AS IDENTITY,
        scope text NOT NULL, principal text NOT NULL, operation text NOT NULL,
        request text NOT NULL, text text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'expired', 'cancelled')),
        created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
        decided_at timestamptz, decided_by text, reason text);
      CREATE INDEX toolwright_approvals_pending ON toolwright_approvals (seq) WHERE status = 'pending';
      CREATE INDEX toolwright_approvals_key ON toolwright_approvals (scope, principal) WHERE status = 'pending';
      CREATE INDEX toolwright_approvals_decided ON toolwright_approvals (decided_at) WHERE status <> 'pending';`,
  },
];

export const LATEST_VERSION = MIGRATIONS.at(-1)!.version;

/** The advisory lock every migrating process takes (a key derived from a name, not a magic number). */
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('toolwright.schema_migrations'))`;

/**
 * Applies the migrations the database lacks, in one transaction on `client` (which the caller
 * releases). `statementTimeoutMs` bounds each statement, the wait for another migrator included.
 */
export async function applyMigrations(client: PoolClient, statementTimeoutMs: number): Promise<MigrationReport> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
    await client.query(LOCK);
    await client.query(`CREATE TABLE IF NOT EXISTS toolwright_schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM toolwright_schema_migrations');
    const have = new Set(rows.map((row) => Number(row.version)));
    const applied: MigrationReport['applied'] = [];
    for (const migration of MIGRATIONS) {
      if (have.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO toolwright_schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push({ version: migration.version, name: migration.name });
    }
    await client.query('COMMIT');
    return { applied, version: Math.max(LATEST_VERSION, ...have) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** The schema version the database is at (0: never migrated). */
export async function schemaVersion(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number> {
  // Two statements: one naming a table that does not exist fails to parse, whatever branch it is in.
  const { rows: exists } = await query(`SELECT to_regclass('toolwright_schema_migrations') IS NOT NULL AS present`);
  if (exists[0]?.present !== true) return 0;
  const { rows } = await query('SELECT coalesce(max(version), 0) AS version FROM toolwright_schema_migrations');
  return Number(rows[0]?.version ?? 0);
}
