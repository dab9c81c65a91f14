// The PostgreSQL engine's background-job records. Job output is kept in rows of at most 64 KiB:
// the head rows as written, the tail rows trimmed in the same transaction that appends, so the
// table never holds more than head + tail bytes of a job. Leases use the server's clock, the one
// every replica shares. A job with a cap is counted and inserted in one transaction holding the
// key's counter row, so concurrent starts on any number of replicas cannot pass it.
import { checkId, checkKey, checkMs, checkText, invalidStoreInput } from './errors.js';
import { checkJobEnd, checkJobInput, checkJobStart, jobLimitReached } from './record-checks.js';
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
import { MAX_PENDING_INPUT_BYTES, type InputWrite, type JobRecord, type JobRecords, type OutputRead } from './types.js';

const ROW_BYTES = 64 * 1024;
const LEASE_LOST = 'its replica stopped renewing its lease (it died or lost the store)';
const KEY = 'scope = $1 AND principal = $2';
/** Every column but the input waiting for the process (up to 1 MiB): reads of a record never carry it. */
const COLUMNS = `scope, principal, id, seq, owner, command, status, exit_code, signal, note, started_at, ended_at,
  lease_expires_at, output_total, head_bytes, tail_bytes, read_pos, input_total, input_taken, input_eof, input_closed`;

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
    input_total: Number(row.input_total ?? 0),
    input_taken: Number(row.input_taken ?? 0),
    input_eof: row.input_eof === true,
    input_closed: row.input_closed === true,
  };
}

export function postgresJobs(db: PgConnection, layout: OutputLayout): JobRecords {
  return { ...jobRecords(db, layout), ...jobOutput(db), ...jobReadPosition(db), ...jobInput(db) };
}

type JobLifecycle = Omit<
  JobRecords,
  'appendOutput' | 'readOutput' | 'markRead' | 'writeInput' | 'takeInput' | 'pendingInput'
>;

const NEXT_JOB_SEQ = `INSERT INTO toolwright_counters AS c (scope, principal, kind, next) VALUES ($1, $2, 'job', 2)
  ON CONFLICT (scope, principal, kind) DO UPDATE SET next = c.next + 1
  RETURNING next - 1 AS seq`;

// Whole on purpose: one object literal of the job lifecycle methods, sharing the connection and the output layout.
function jobRecords(db: PgConnection, layout: OutputLayout): JobLifecycle {
  return {
    async create(key, start) {
      const { owner, command, leaseMs, maxRunning } = checkJobStart(key, start);
      const params = [key.scope, key.principal, owner, command, leaseMs, layout.head, layout.tail];
      const insert = (seq: string) => `
        INSERT INTO toolwright_jobs (scope, principal, id, seq, owner, command, status, started_at, lease_expires_at, head_bytes, tail_bytes)
        SELECT $1, $2, 'job-' || n.seq, n.seq, $3, $4, 'running', now(), ${plusMs(5)}, $6, $7 FROM ${seq}
        RETURNING ${COLUMNS}`;
      if (maxRunning === undefined)
        return jobOf((await db.query(`WITH n AS (${NEXT_JOB_SEQ}) ${insert('n')}`, params)).rows[0]!);
      return db.transaction(async (client) => {
        // The counter row stays locked until the end: concurrent starts of the key count one after the other.
        const [next] = await rowsOf(client, NEXT_JOB_SEQ, params.slice(0, 2));
        const [count] = await rowsOf(
          client,
          `SELECT count(*)::int AS running FROM toolwright_jobs WHERE ${KEY} AND status = 'running'`,
          params.slice(0, 2),
        );
        const running = Number(count!.running);
        if (running >= maxRunning) throw jobLimitReached(running, maxRunning);
        const [row] = await rowsOf(client, insert('(SELECT $8::bigint AS seq) n'), [...params, next!.seq]);
        return jobOf(row!);
      });
    },
    async get(key, id) {
      checkKey(key);
      checkId('job id', id);
      const { rows } = await db.query(`SELECT ${COLUMNS} FROM toolwright_jobs WHERE ${KEY} AND id = $3`, [
        key.scope,
        key.principal,
        id,
      ]);
      return rows[0] ? jobOf(rows[0]) : undefined;
    },
    async list(key) {
      checkKey(key);
      return (
        await db.query(`SELECT ${COLUMNS} FROM toolwright_jobs WHERE ${KEY} ORDER BY seq`, [key.scope, key.principal])
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
        WITH u AS (UPDATE toolwright_jobs SET status = $4, exit_code = $5, signal = $6, note = $7, ended_at = now(),
            input_pending = ''::bytea
          WHERE ${KEY} AND id = $3 AND status = 'running' RETURNING ${COLUMNS})
        SELECT true AS applied, * FROM u
        UNION ALL SELECT false AS applied, ${COLUMNS} FROM toolwright_jobs WHERE ${KEY} AND id = $3 AND NOT EXISTS (SELECT 1 FROM u)`,
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
    async renewLeases(owner, leaseMs, only) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      if (!only)
        return (
          await db.query(
            `UPDATE toolwright_jobs SET lease_expires_at = ${plusMs(2)} WHERE owner = $1 AND status = 'running'`,
            [owner, leaseMs],
          )
        ).rowCount;
      return (
        await db.query(
          `UPDATE toolwright_jobs SET lease_expires_at = ${plusMs(2)} WHERE owner = $1 AND status = 'running'
          AND (scope, principal, id) IN (SELECT * FROM unnest($3::text[], $4::text[], $5::text[]))`,
          [owner, leaseMs, only.map((j) => j.scope), only.map((j) => j.principal), only.map((j) => j.id)],
        )
      ).rowCount;
    },
    async failExpired() {
      const { rows } = await db.query(
        `UPDATE toolwright_jobs SET status = 'failed', ended_at = now(), note = $1, input_pending = ''::bytea
        WHERE status = 'running' AND lease_expires_at <= now() RETURNING ${COLUMNS}`,
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

/** Input waiting in the record until the replica running the job takes it. */
function jobInput(db: PgConnection): Pick<JobRecords, 'writeInput' | 'takeInput' | 'pendingInput'> {
  return {
    async writeInput(key, id, data, eof) {
      const bytes = checkJobInput(key, id, data, eof);
      // The CTE's outer SELECT sees the row as it was: the job as it is when the input was refused.
      const { rows } = await db.query(
        `
        WITH u AS (UPDATE toolwright_jobs SET input_pending = input_pending || $4::bytea, input_total = input_total + length($4::bytea),
            input_eof = $5
          WHERE ${KEY} AND id = $3 AND status = 'running' AND NOT input_eof
            AND input_total - input_taken + length($4::bytea) <= $6 RETURNING ${COLUMNS})
        SELECT true AS queued, * FROM u
        UNION ALL SELECT false AS queued, ${COLUMNS} FROM toolwright_jobs WHERE ${KEY} AND id = $3 AND NOT EXISTS (SELECT 1 FROM u)`,
        [key.scope, key.principal, id, bytes, eof, MAX_PENDING_INPUT_BYTES],
      );
      const row = rows[0];
      if (!row) return undefined;
      const job = jobOf(row);
      if (row.queued === true) return { queued: true, job, end: job.input_total };
      const why: Extract<InputWrite, { queued: false }>['why'] =
        job.status !== 'running' ? 'ended' : job.input_eof ? 'eof' : 'full';
      return { queued: false, job, why };
    },
    async takeInput(key, id) {
      checkKey(key);
      checkId('job id', id);
      const { rows } = await db.query(
        `
        WITH old AS (SELECT input_pending, input_eof FROM toolwright_jobs WHERE ${KEY} AND id = $3 FOR UPDATE)
        UPDATE toolwright_jobs t SET input_pending = ''::bytea, input_taken = t.input_total,
          input_closed = t.input_closed OR t.input_eof
        FROM old WHERE t.scope = $1 AND t.principal = $2 AND t.id = $3
        RETURNING old.input_pending AS data, old.input_eof AS eof, t.input_taken AS taken`,
        [key.scope, key.principal, id],
      );
      const row = rows[0];
      return row ? { data: row.data as Buffer, eof: row.eof === true, taken: Number(row.taken) } : undefined;
    },
    async pendingInput(owner) {
      checkText('owner', owner, 256);
      const { rows } = await db.query(
        `SELECT scope, principal, id FROM toolwright_jobs WHERE owner = $1 AND status = 'running'
        AND (input_total > input_taken OR (input_eof AND NOT input_closed))`,
        [owner],
      );
      return rows.map((row) => ({ scope: String(row.scope), principal: String(row.principal), id: String(row.id) }));
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
