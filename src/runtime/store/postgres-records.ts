// The PostgreSQL engine's background-job and MCP-task records. Job output is kept in rows of at
// most 64 KiB: the head rows as written, the tail rows trimmed in the same transaction that
// appends, so the table never holds more than head + tail bytes of a job. Leases use the
// server's clock, the one every replica shares.
import { nodeCrypto } from '../lazy-require.js';
import { checkId, checkKey, checkMs, checkText, invalidStoreInput } from './errors.js';
import { checkJobEnd, checkJobStart, checkMcpTaskPage, checkMcpTaskPatch, checkMcpTaskStart } from './record-checks.js';
import {
  checkChunk,
  checkCursor,
  checkMaxBytes,
  planAppend,
  planRead,
  splitPieces,
  type OutputLayout,
} from './output.js';
import { isoOf, isoOrNull, notFound, rowsOf, type PgConnection } from './postgres-connection.js';
import { plusMs } from './postgres-tasks.js';
import { type JobRecord, type JobRecords, type McpTaskRecord, type McpTaskRecords, type OutputRead } from './types.js';

const ROW_BYTES = 64 * 1024;
const LEASE_LOST = 'its replica stopped renewing its lease (it died or lost the store)';
const KEY = 'scope = $1 AND principal = $2';

function jobOf(row: Record<string, unknown>): JobRecord {
  return {
    id: String(row.id),
    scope: String(row.scope),
    principal: String(row.principal),
    owner: String(row.owner),
    command: String(row.command),
    status: row.status as JobRecord['status'],
    exit_code: row.exit_code === null ? null : Number(row.exit_code),
    signal: (row.signal as string | null) ?? null,
    started_at: isoOf(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    lease_expires_at: isoOf(row.lease_expires_at),
    output_bytes: Number(row.output_total),
    note: (row.note as string | null) ?? null,
    read_pos: Number(row.read_pos ?? 0),
  };
}

export function postgresJobs(db: PgConnection, layout: OutputLayout): JobRecords {
  return { ...jobRecords(db, layout), ...jobOutput(db), ...jobReadPosition(db) };
}

type JobLifecycle = Omit<JobRecords, 'appendOutput' | 'readOutput' | 'markRead'>;

// Whole on purpose: one object literal of the job lifecycle methods, sharing the connection and the output layout.
function jobRecords(db: PgConnection, layout: OutputLayout): JobLifecycle {
  return {
    async create(key, start) {
      const { owner, command, leaseMs } = checkJobStart(key, start);
      const { rows } = await db.query(
        `
        WITH n AS (
          INSERT INTO toolwright_counters AS c (scope, principal, kind, next) VALUES ($1, $2, 'job', 2)
          ON CONFLICT (scope, principal, kind) DO UPDATE SET next = c.next + 1
          RETURNING next - 1 AS seq)
        INSERT INTO toolwright_jobs (scope, principal, id, seq, owner, command, status, started_at, lease_expires_at, head_bytes, tail_bytes)
        SELECT $1, $2, 'job-' || n.seq, n.seq, $3, $4, 'running', now(), ${plusMs(5)}, $6, $7 FROM n
        RETURNING *`,
        [key.scope, key.principal, owner, command, leaseMs, layout.head, layout.tail],
      );
      return jobOf(rows[0]!);
    },
    async get(key, id) {
      checkKey(key);
      checkId('job id', id);
      const { rows } = await db.query(`SELECT * FROM toolwright_jobs WHERE ${KEY} AND id = $3`, [
        key.scope,
        key.principal,
        id,
      ]);
      return rows[0] ? jobOf(rows[0]) : undefined;
    },
    async list(key) {
      checkKey(key);
      return (
        await db.query(`SELECT * FROM toolwright_jobs WHERE ${KEY} ORDER BY seq`, [key.scope, key.principal])
      ).rows.map(jobOf);
    },
    async finish(key, id, end) {
      checkJobEnd(key, id, end);
      const exitCode = end.exit_code ?? null;
      if (exitCode !== null && !Number.isSafeInteger(exitCode))
        throw invalidStoreInput('exit_code must be a whole number or null');
      const signal = end.signal === undefined || end.signal === null ? null : checkText('signal', end.signal, 32);
      const note =
        end.note === undefined || end.note === null ? null : checkText('note', end.note, 4096, { empty: true });
      // The CTE's outer SELECT sees the row as it was: the job as it is when the update did not apply.
      const { rows } = await db.query(
        `
        WITH u AS (UPDATE toolwright_jobs SET status = $4, exit_code = $5, signal = $6, note = $7, ended_at = now()
          WHERE ${KEY} AND id = $3 AND status = 'running' RETURNING *)
        SELECT true AS applied, * FROM u
        UNION ALL SELECT false AS applied, * FROM toolwright_jobs WHERE ${KEY} AND id = $3 AND NOT EXISTS (SELECT 1 FROM u)`,
        [key.scope, key.principal, id, end.status, exitCode, signal, note],
      );
      return rows[0] ? { job: jobOf(rows[0]), applied: rows[0].applied === true } : undefined;
    },
    async remove(key, id) {
      checkKey(key);
      checkId('job id', id);
      return (
        (await db.query(`DELETE FROM toolwright_jobs WHERE ${KEY} AND id = $3`, [key.scope, key.principal, id]))
          .rowCount > 0
      );
    },
    async renewLeases(owner, leaseMs) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      return (
        await db.query(
          `UPDATE toolwright_jobs SET lease_expires_at = ${plusMs(2)} WHERE owner = $1 AND status = 'running'`,
          [owner, leaseMs],
        )
      ).rowCount;
    },
    async failExpired() {
      const { rows } = await db.query(
        `UPDATE toolwright_jobs SET status = 'failed', ended_at = now(), note = $1
        WHERE status = 'running' AND lease_expires_at <= now() RETURNING *`,
        [LEASE_LOST],
      );
      return rows.map(jobOf);
    },
  };
}

/** Where the next read of a job's output starts, kept with the job (whichever replica reads). */
function jobReadPosition(db: PgConnection): Pick<JobRecords, 'markRead'> {
  return {
    async markRead(key, id, pos) {
      checkKey(key);
      checkId('job id', id);
      const to = checkCursor(pos);
      const { rowCount } = await db.query(
        `UPDATE toolwright_jobs SET read_pos = greatest(read_pos, least($4::bigint, output_total)) WHERE ${KEY} AND id = $3`,
        [key.scope, key.principal, id, to],
      );
      return rowCount > 0;
    },
  };
}

function jobOutput(db: PgConnection): Pick<JobRecords, 'appendOutput' | 'readOutput'> {
  return {
    async appendOutput(key, id, chunk) {
      checkKey(key);
      checkId('job id', id);
      const bytes = checkChunk(chunk);
      return db.transaction(async (client) => {
        const [job] = await rowsOf(
          client,
          `SELECT output_total, head_bytes, tail_bytes FROM toolwright_jobs WHERE ${KEY} AND id = $3 FOR UPDATE`,
          [key.scope, key.principal, id],
        );
        if (!job) throw notFound(`no background job ${JSON.stringify(id)} to append output to`);
        const own: OutputLayout = { head: Number(job.head_bytes), tail: Number(job.tail_bytes) };
        const plan = planAppend(Number(job.output_total), bytes.length, own);
        if (bytes.length === 0) return plan.total;
        const rows = splitPieces(plan.pieces, ROW_BYTES);
        const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        // One statement: drop and trim what fell out of the tail, add the new rows, set the total.
        await client.query(
          `
          WITH dropped AS (DELETE FROM toolwright_job_output WHERE ${KEY} AND job_id = $3 AND pos >= $4 AND pos + length(data) <= $5),
          trimmed AS (UPDATE toolwright_job_output SET data = substring(data FROM ($5 - pos + 1)::integer), pos = $5
            WHERE ${KEY} AND job_id = $3 AND pos >= $4 AND pos < $5 AND pos + length(data) > $5),
          added AS (INSERT INTO toolwright_job_output (scope, principal, job_id, pos, data)
            SELECT $1, $2, $3, p, d FROM unnest($6::bigint[], $7::bytea[]) AS r(p, d))
          UPDATE toolwright_jobs SET output_total = $8 WHERE ${KEY} AND id = $3`,
          [
            key.scope,
            key.principal,
            id,
            own.head,
            plan.dropBefore,
            rows.map((r) => r.pos),
            rows.map((r) => data.subarray(r.from, r.to)),
            plan.total,
          ],
        );
        return plan.total;
      });
    },
    async readOutput(key, id, cursor, maxBytes) {
      checkKey(key);
      checkId('job id', id);
      const from = checkCursor(cursor);
      const limit = checkMaxBytes(maxBytes);
      // One statement, one snapshot: the rows and the total agree. Rows are fetched up to the last
      // kept byte a read of maxBytes can reach: cursor + maxBytes + the dropped gap it jumps.
      const { rows } = await db.query(
        `
        SELECT j.output_total, j.head_bytes, j.tail_bytes, o.pos, o.data FROM toolwright_jobs j
        LEFT JOIN LATERAL (SELECT pos, data FROM toolwright_job_output o
          WHERE o.scope = j.scope AND o.principal = j.principal AND o.job_id = j.id AND o.pos + length(o.data) > $4
            AND o.pos < $4::bigint + $5::bigint + greatest(0,
              greatest(least(j.output_total, j.head_bytes), j.output_total - j.tail_bytes) - greatest($4::bigint, least(j.output_total, j.head_bytes)))
          ORDER BY o.pos) o ON true
        WHERE j.scope = $1 AND j.principal = $2 AND j.id = $3`,
        [key.scope, key.principal, id, from, limit],
      );
      if (rows.length === 0) return undefined;
      const total = Number(rows[0]!.output_total);
      const plan = planRead(from, limit, total, {
        head: Number(rows[0]!.head_bytes),
        tail: Number(rows[0]!.tail_bytes),
      });
      const stored = rows
        .filter((row) => row.pos !== null)
        .map((row) => ({ pos: Number(row.pos), data: row.data as Buffer }));
      const segments: OutputRead['segments'] = plan.ranges.map(([start, end]) => ({
        pos: start,
        data: gather(stored, start, end),
      }));
      return { segments, next: plan.next, total, omitted: plan.omitted };
    },
  };
}

/** The bytes [start, end) out of rows sorted by position (the plan only asks for kept bytes). */
function gather(rows: { pos: number; data: Buffer }[], start: number, end: number): Buffer {
  const parts: Buffer[] = [];
  for (const row of rows) {
    const rowEnd = row.pos + row.data.length;
    if (rowEnd <= start || row.pos >= end) continue;
    parts.push(row.data.subarray(Math.max(0, start - row.pos), Math.min(row.data.length, end - row.pos)));
  }
  return Buffer.concat(parts);
}

function mcpTaskOf(row: Record<string, unknown>): McpTaskRecord {
  return {
    id: String(row.id),
    scope: String(row.scope),
    principal: String(row.principal),
    operation: String(row.operation),
    status: row.status as McpTaskRecord['status'],
    status_message: (row.status_message as string | null) ?? null,
    result: row.result === null || row.result === undefined ? null : (JSON.parse(row.result as string) as unknown),
    ttl_ms: row.ttl_ms === null ? null : Number(row.ttl_ms),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
    expires_at: isoOrNull(row.expires_at),
    owner: String(row.owner),
    lease_expires_at: isoOf(row.lease_expires_at),
  };
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';
const OPEN = `status IN ('working', 'input_required')`;

// Whole on purpose: one object literal of the McpTaskRecords methods, each a query over the same connection.
export function postgresMcpTasks(db: PgConnection): McpTaskRecords {
  return {
    async create(key, start) {
      const { operation, owner, ttlMs, leaseMs } = checkMcpTaskStart(key, start);
      const { rows } = await db.query(
        `INSERT INTO toolwright_mcp_tasks
        (id, scope, principal, operation, status, ttl_ms, created_at, updated_at, expires_at, owner, lease_expires_at)
        VALUES ($1, $2, $3, $4, 'working', $5, now(), now(), CASE WHEN $5::bigint IS NULL THEN NULL ELSE ${plusMs(5)} END, $6, ${plusMs(7)})
        RETURNING *`,
        [nodeCrypto().randomUUID(), key.scope, key.principal, operation, ttlMs, owner, leaseMs],
      );
      return mcpTaskOf(rows[0]!);
    },
    async get(key, id) {
      checkKey(key);
      checkId('task id', id);
      const { rows } = await db.query(`SELECT * FROM toolwright_mcp_tasks WHERE ${KEY} AND id = $3 AND ${LIVE}`, [
        key.scope,
        key.principal,
        id,
      ]);
      return rows[0] ? mcpTaskOf(rows[0]) : undefined;
    },
    async list(key, page = {}) {
      const { limit, after } = checkMcpTaskPage(key, page);
      const { rows } = await db.query(
        `SELECT * FROM toolwright_mcp_tasks WHERE ${KEY} AND seq > $3 AND ${LIVE} ORDER BY seq LIMIT $4`,
        [key.scope, key.principal, after, limit + 1],
      );
      const page1 = rows.slice(0, limit);
      return {
        tasks: page1.map(mcpTaskOf),
        ...(rows.length > limit ? { next_cursor: String(page1.at(-1)!.seq) } : {}),
      };
    },
    async update(key, id, patch) {
      const checked = checkMcpTaskPatch(key, id, patch);
      const status = checked.status;
      const message = checked.message ?? null;
      const result = checked.resultText ?? null;
      const { rows } = await db.query(
        `
        WITH u AS (UPDATE toolwright_mcp_tasks SET status = coalesce($4, status),
            status_message = CASE WHEN $5 THEN $6 ELSE status_message END,
            result = CASE WHEN $7 THEN $8 ELSE result END, updated_at = now()
          WHERE ${KEY} AND id = $3 AND ${OPEN} AND ${LIVE} RETURNING *)
        SELECT true AS applied, * FROM u
        UNION ALL SELECT false AS applied, * FROM toolwright_mcp_tasks WHERE ${KEY} AND id = $3 AND ${LIVE} AND NOT EXISTS (SELECT 1 FROM u)`,
        [
          key.scope,
          key.principal,
          id,
          status ?? null,
          patch.status_message !== undefined,
          message,
          patch.result !== undefined,
          result,
        ],
      );
      return rows[0] ? { task: mcpTaskOf(rows[0]), applied: rows[0].applied === true } : undefined;
    },
    async renewLeases(owner, leaseMs) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      return (
        await db.query(`UPDATE toolwright_mcp_tasks SET lease_expires_at = ${plusMs(2)} WHERE owner = $1 AND ${OPEN}`, [
          owner,
          leaseMs,
        ])
      ).rowCount;
    },
    async failExpired() {
      const { rows } = await db.query(
        `UPDATE toolwright_mcp_tasks SET status = 'failed', status_message = $1, updated_at = now()
        WHERE ${OPEN} AND lease_expires_at <= now() AND ${LIVE} RETURNING *`,
        [LEASE_LOST],
      );
      return rows.map(mcpTaskOf);
    },
    async sweepExpired() {
      return (await db.query('DELETE FROM toolwright_mcp_tasks WHERE expires_at <= now()')).rowCount;
    },
  };
}
