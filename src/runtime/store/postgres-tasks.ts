// The PostgreSQL engine's task lists, audit log and replica leases. A task id comes from a per-key
// counter row bumped in the transaction that inserts the task: concurrent creators on any number
// of replicas get unique, sequential ids, and a failed insert leaves no gap behind.
import { MAX_TASKS_PER_LIST, patchTask, taskListFull, type Task } from '../services/tasks.js';
import { checkAuditEntry, checkAuditQuery } from './audit-entry.js';
import { checkKey, checkMs, checkTaskFields, checkText, jsonText } from './errors.js';
import { isoOf, rowsOf, type PgConnection } from './postgres-connection.js';
import type { AuditEntry, AuditLog, AuditRecord, ReplicaLeases, ReplicaRecord, TaskLists } from './types.js';

/** A timestamptz as ISO 8601 text made by the server (parsing 1,000 Dates client-side cost more than the query). */
const isoColumn = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const TASK_COLUMNS = `id, title, description, status, ${isoColumn('created_at')}, ${isoColumn('updated_at')}`;

function taskOf(row: Record<string, unknown>): Task {
  return {
    id: String(row.id),
    title: String(row.title),
    ...(row.description !== null && row.description !== undefined ? { description: row.description as string } : {}),
    status: row.status as Task['status'],
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

// The key's counter row, bumped first, stays locked until the transaction ends: creators of one list
// take turns, so the count that follows is exact and a list never passes its cap.
const BUMP_TASK_COUNTER = `
  INSERT INTO toolwright_counters AS c (scope, principal, kind, next) VALUES ($1, $2, 'task', 2)
  ON CONFLICT (scope, principal, kind) DO UPDATE SET next = c.next + 1
  RETURNING next - 1 AS seq`;
const COUNT_TASKS = `SELECT count(*)::int AS count FROM toolwright_tasks WHERE scope = $1 AND principal = $2`;
const DROP_OLDEST_ENDED = `
  DELETE FROM toolwright_tasks WHERE scope = $1 AND principal = $2 AND id = (
    SELECT id FROM toolwright_tasks WHERE scope = $1 AND principal = $2 AND status IN ('completed', 'cancelled')
    ORDER BY seq LIMIT 1)
  RETURNING id`;
const INSERT_TASK = `
  INSERT INTO toolwright_tasks (scope, principal, id, seq, title, description, status, created_at, updated_at)
  VALUES ($1, $2, 't' || $3::bigint, $3, $4, $5, $6, $7, $7)
  RETURNING ${TASK_COLUMNS}`;

export function postgresTaskLists(db: PgConnection): TaskLists {
  return {
    async create(key, input, now) {
      checkKey(key);
      checkTaskFields(input, true);
      const description = input.description === undefined || input.description === '' ? null : input.description;
      return db.transaction(async (client) => {
        const at = [key.scope, key.principal];
        const [counter] = await rowsOf<{ seq: string }>(client, BUMP_TASK_COUNTER, at);
        const [held] = await rowsOf<{ count: number }>(client, COUNT_TASKS, at);
        if (Number(held!.count) >= MAX_TASKS_PER_LIST && (await rowsOf(client, DROP_OLDEST_ENDED, at)).length === 0)
          throw taskListFull();
        const row = [counter!.seq, input.title, description, input.status ?? 'pending', now];
        const [created] = await rowsOf(client, INSERT_TASK, [...at, ...row]);
        return taskOf(created!);
      });
    },
    async update(key, id, patch, now) {
      checkKey(key);
      checkTaskFields(patch, false);
      if (typeof id !== 'string' || id.length > 128 || id.includes('\0')) return undefined;
      return db.transaction(async (client) => {
        const [row] = await rowsOf(
          client,
          `SELECT ${TASK_COLUMNS} FROM toolwright_tasks WHERE scope = $1 AND principal = $2 AND id = $3 FOR UPDATE`,
          [key.scope, key.principal, id],
        );
        if (!row) return undefined;
        const update = patchTask(taskOf(row), patch, now);
        if (update.changed.length > 0) {
          const { task } = update;
          await client.query(
            'UPDATE toolwright_tasks SET title = $4, description = $5, status = $6, updated_at = $7 WHERE scope = $1 AND principal = $2 AND id = $3',
            [key.scope, key.principal, id, task.title, task.description ?? null, task.status, now],
          );
        }
        return update;
      });
    },
    async list(key, filter) {
      checkKey(key);
      const { rows } = await db.query(
        `SELECT ${TASK_COLUMNS} FROM toolwright_tasks
        WHERE scope = $1 AND principal = $2 AND ($3::text IS NULL OR status = $3) ORDER BY seq`,
        [key.scope, key.principal, filter?.status ?? null],
      );
      return rows.map(taskOf);
    },
  };
}

export function postgresAudit(db: PgConnection): AuditLog {
  const insert = async (entries: readonly AuditEntry[]) => {
    const checked = entries.map(checkAuditEntry);
    if (checked.length === 0) return;
    // One statement for the batch: the columns as arrays, unnested row by row in order.
    await db.query(
      `INSERT INTO toolwright_audit (time, scope, principal, operation, risk, decision, rule, error_code, duration_ms, input)
      SELECT coalesce(t, now()), s, p, o, r, d, ru, c, ms, i
      FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
        $8::text[], $9::float8[], $10::text[]) WITH ORDINALITY AS b(t, s, p, o, r, d, ru, c, ms, i, n)
      ORDER BY n`,
      [
        checked.map((e) => e.time ?? null),
        checked.map((e) => e.scope),
        checked.map((e) => e.principal),
        checked.map((e) => e.operation),
        checked.map((e) => e.risk),
        checked.map((e) => e.decision),
        checked.map((e) => e.rule),
        checked.map((e) => e.error_code),
        checked.map((e) => e.duration_ms),
        checked.map((e) => e.input),
      ],
    );
  };
  return {
    append: (entry) => insert([entry]),
    appendMany: insert,
    async query(query) {
      const { since, principal, operation, limit, last } = checkAuditQuery(query);
      const { rows } = await db.query(
        `SELECT seq, time, scope, principal, operation, risk, decision, rule, error_code, duration_ms, input
        FROM toolwright_audit WHERE ($1::timestamptz IS NULL OR time >= $1) AND ($2::text IS NULL OR principal = $2)
        AND ($3::text IS NULL OR operation = $3)
        ORDER BY seq ${last ? 'DESC' : ''} LIMIT $4`,
        [since ?? null, principal ?? null, operation ?? null, limit],
      );
      if (last) rows.reverse();
      return rows.map((row): AuditRecord => ({
        seq: Number(row.seq),
        time: isoOf(row.time),
        scope: row.scope as AuditRecord['scope'],
        principal: row.principal as AuditRecord['principal'],
        operation: row.operation as AuditRecord['operation'],
        risk: row.risk as AuditRecord['risk'],
        decision: row.decision as AuditRecord['decision'],
        rule: (row.rule as AuditRecord['rule']) ?? null,
        error_code: (row.error_code as AuditRecord['error_code']) ?? null,
        duration_ms: Number(row.duration_ms),
        input: JSON.parse(String(row.input)) as unknown,
      }));
    },
  };
}

function replicaOf(row: Record<string, unknown>): ReplicaRecord {
  return {
    id: String(row.id),
    started_at: isoOf(row.started_at),
    heartbeat_at: isoOf(row.heartbeat_at),
    lease_expires_at: isoOf(row.lease_expires_at),
    info: JSON.parse(String(row.info)) as Record<string, unknown>,
  };
}

/** `now() + ms` in SQL, for parameter `$n` holding milliseconds. */
export const plusMs = (n: number) => `now() + make_interval(secs => $${n}::double precision / 1000)`;

export function postgresReplicas(db: PgConnection): ReplicaLeases {
  return {
    async register(id, { leaseMs, info = {} }) {
      checkText('replica id', id, 256);
      checkMs('leaseMs', leaseMs);
      const { rows } = await db.query(
        `INSERT INTO toolwright_replicas (id, started_at, heartbeat_at, lease_expires_at, info)
        VALUES ($1, now(), now(), ${plusMs(2)}, $3)
        ON CONFLICT (id) DO UPDATE SET started_at = now(), heartbeat_at = now(), lease_expires_at = excluded.lease_expires_at, info = excluded.info
        RETURNING *`,
        [id, leaseMs, jsonText('replica info', info, 64 * 1024)],
      );
      return replicaOf(rows[0]!);
    },
    async renew(id, leaseMs) {
      checkText('replica id', id, 256);
      checkMs('leaseMs', leaseMs);
      const { rows } = await db.query(
        `UPDATE toolwright_replicas SET heartbeat_at = now(), lease_expires_at = ${plusMs(2)} WHERE id = $1 RETURNING *`,
        [id, leaseMs],
      );
      return rows[0] ? replicaOf(rows[0]) : undefined;
    },
    async list() {
      return (await db.query('SELECT * FROM toolwright_replicas ORDER BY started_at, id')).rows.map(replicaOf);
    },
    async listExpired() {
      return (
        await db.query(
          'SELECT * FROM toolwright_replicas WHERE lease_expires_at <= now() ORDER BY lease_expires_at, id',
        )
      ).rows.map(replicaOf);
    },
    async remove(id) {
      checkText('replica id', id, 256);
      return (await db.query('DELETE FROM toolwright_replicas WHERE id = $1', [id])).rowCount > 0;
    },
  };
}
