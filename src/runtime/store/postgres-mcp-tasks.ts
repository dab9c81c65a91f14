// The PostgreSQL engine's MCP task records. A change a cap bounds (a new task, a result kept) runs
// in one transaction that first locks the key's counter row, so concurrent callers on any number of
// replicas are counted one after the other and none can pass a cap; room is made by removing the
// key's own oldest ended tasks only.
import type { PoolClient } from 'pg';
import { nodeCrypto } from '../startup/lazy-require.js';
import { checkId, checkKey, checkMs, checkText } from './errors.js';
import { isoOf, isoOrNull, rowsOf, type PgConnection } from './postgres-connection.js';
import { plusMs } from './postgres-tasks.js';
import {
  checkMcpTaskLimits,
  checkMcpTaskPage,
  checkMcpTaskPatch,
  checkMcpTaskStart,
  runningTasksLimitReached,
  storedTasksLimitReached,
} from './record-checks.js';
import { roomForResult } from './task-limits.js';
import type { McpTaskRecord, McpTaskRecords, StoreKey } from './types.js';

const KEY = 'scope = $1 AND principal = $2';
const LIVE = '(expires_at IS NULL OR expires_at > now())';
const OPEN = `status IN ('working', 'input_required')`;
const LEASE_LOST = 'its replica stopped renewing its lease (it died or lost the store)';
const COLUMNS = `id, seq, scope, principal, operation, status, status_message, result, ttl_ms, created_at, updated_at,
  expires_at, owner, lease_expires_at`;

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

/**
 * Locks the key's MCP task counter row until the transaction ends: every change a cap bounds
 * takes it first, so each counts what the one before it committed.
 */
async function lockKey(client: PoolClient, key: StoreKey): Promise<void> {
  await client.query(
    `INSERT INTO toolwright_counters AS c (scope, principal, kind, next) VALUES ($1, $2, 'mcp_task', 1)
    ON CONFLICT (scope, principal, kind) DO UPDATE SET next = c.next + 1`,
    [key.scope, key.principal],
  );
}

const INSERT = `INSERT INTO toolwright_mcp_tasks
  (id, scope, principal, operation, status, ttl_ms, created_at, updated_at, expires_at, owner, lease_expires_at)
  VALUES ($1, $2, $3, $4, 'working', $5, now(), now(), CASE WHEN $5::bigint IS NULL THEN NULL ELSE ${plusMs(5)} END, $6, ${plusMs(7)})
  RETURNING ${COLUMNS}`;

// The CTE's outer SELECT sees the row as it was: the task as it is when the update did not apply.
const UPDATE = `
  WITH u AS (UPDATE toolwright_mcp_tasks SET status = coalesce($4, status),
      status_message = CASE WHEN $5 THEN $6 ELSE status_message END,
      result = CASE WHEN $7 THEN $8 ELSE result END,
      result_bytes = CASE WHEN $7 THEN coalesce(octet_length($8), 0) ELSE result_bytes END, updated_at = now()
    WHERE ${KEY} AND id = $3 AND ${OPEN} AND ${LIVE} RETURNING ${COLUMNS})
  SELECT true AS applied, * FROM u
  UNION ALL SELECT false AS applied, ${COLUMNS} FROM toolwright_mcp_tasks
    WHERE ${KEY} AND id = $3 AND ${LIVE} AND NOT EXISTS (SELECT 1 FROM u)`;

/** Makes room for one more task of the key (within the locked transaction); LIMIT_REACHED when it cannot. */
async function makeRoomForTask(
  client: PoolClient,
  key: StoreKey,
  limits: { running?: number; stored?: number },
): Promise<void> {
  const params = [key.scope, key.principal];
  // Tasks past their ttl are gone already: they count for nothing.
  await client.query(`DELETE FROM toolwright_mcp_tasks WHERE ${KEY} AND NOT ${LIVE}`, params);
  const [count] = await rowsOf(
    client,
    `SELECT count(*) FILTER (WHERE ${OPEN})::int AS working, count(*)::int AS stored FROM toolwright_mcp_tasks WHERE ${KEY}`,
    params,
  );
  const working = Number(count!.working);
  const stored = Number(count!.stored);
  if (limits.running !== undefined && working >= limits.running)
    throw runningTasksLimitReached(working, limits.running);
  if (limits.stored === undefined || stored < limits.stored) return;
  const excess = stored - limits.stored + 1;
  const { rowCount } = await client.query(
    `DELETE FROM toolwright_mcp_tasks WHERE id IN (
      SELECT id FROM toolwright_mcp_tasks WHERE ${KEY} AND NOT ${OPEN} ORDER BY seq LIMIT $3)`,
    [...params, excess],
  );
  if ((rowCount ?? 0) < excess) throw storedTasksLimitReached(stored, limits.stored);
}

/** Makes room for a result of `bytes` for task `id` (within the locked transaction); LIMIT_REACHED when it cannot. */
async function makeRoomForResult(client: PoolClient, key: StoreKey, id: string, bytes: number, max: number) {
  const params = [key.scope, key.principal, id];
  const [held] = await rowsOf(
    client,
    `SELECT coalesce(sum(result_bytes), 0)::bigint AS bytes FROM toolwright_mcp_tasks WHERE ${KEY} AND id <> $3 AND ${LIVE}`,
    params,
  );
  if (Number(held!.bytes) + bytes <= max) return;
  const rows = await rowsOf(
    client,
    `SELECT id, ${OPEN} AS working, result_bytes FROM toolwright_mcp_tasks WHERE ${KEY} AND ${LIVE} ORDER BY seq`,
    params.slice(0, 2),
  );
  const kept = rows.map((row) => ({
    id: String(row.id),
    ended: row.working !== true,
    bytes: Number(row.result_bytes),
  }));
  const removed = roomForResult(kept, id, bytes, max);
  if (removed.length > 0)
    await client.query(`DELETE FROM toolwright_mcp_tasks WHERE ${KEY} AND id = ANY($3::text[])`, [
      key.scope,
      key.principal,
      removed,
    ]);
}

// Whole on purpose: one object literal of the McpTaskRecords methods, each a query over the same connection.
export function postgresMcpTasks(db: PgConnection): McpTaskRecords {
  return {
    async create(key, start) {
      const { operation, owner, ttlMs, leaseMs, limits } = checkMcpTaskStart(key, start);
      const params = [nodeCrypto().randomUUID(), key.scope, key.principal, operation, ttlMs, owner, leaseMs];
      if (!limits || (limits.running === undefined && limits.stored === undefined))
        return mcpTaskOf((await db.query(INSERT, params)).rows[0]!);
      return db.transaction(async (client) => {
        await lockKey(client, key);
        await makeRoomForTask(client, key, limits);
        return mcpTaskOf((await rowsOf(client, INSERT, params))[0]!);
      });
    },
    async get(key, id) {
      checkKey(key);
      checkId('task id', id);
      const { rows } = await db.query(
        `SELECT ${COLUMNS} FROM toolwright_mcp_tasks WHERE ${KEY} AND id = $3 AND ${LIVE}`,
        [key.scope, key.principal, id],
      );
      return rows[0] ? mcpTaskOf(rows[0]) : undefined;
    },
    async list(key, page = {}) {
      const { limit, after } = checkMcpTaskPage(key, page);
      const { rows } = await db.query(
        `SELECT ${COLUMNS} FROM toolwright_mcp_tasks WHERE ${KEY} AND seq > $3 AND ${LIVE} ORDER BY seq LIMIT $4`,
        [key.scope, key.principal, after, limit + 1],
      );
      const page1 = rows.slice(0, limit);
      return {
        tasks: page1.map(mcpTaskOf),
        ...(rows.length > limit ? { next_cursor: String(page1.at(-1)!.seq) } : {}),
      };
    },
    async update(key, id, patch, limits) {
      const checked = checkMcpTaskPatch(key, id, patch);
      const maxBytes = checkMcpTaskLimits(limits)?.storedBytes;
      const result = checked.resultText ?? null;
      const params = [
        key.scope,
        key.principal,
        id,
        checked.status ?? null,
        patch.status_message !== undefined,
        checked.message ?? null,
        patch.result !== undefined,
        result,
      ];
      const outcome = (row: Record<string, unknown> | undefined) =>
        row ? { task: mcpTaskOf(row), applied: row.applied === true } : undefined;
      if (result === null || maxBytes === undefined) return outcome((await db.query(UPDATE, params)).rows[0]);
      return db.transaction(async (client) => {
        await lockKey(client, key);
        const [open] = await rowsOf(
          client,
          `SELECT 1 FROM toolwright_mcp_tasks WHERE ${KEY} AND id = $3 AND ${OPEN} AND ${LIVE}`,
          [key.scope, key.principal, id],
        );
        // Only a task still open takes a result: an ended one is answered as it is, removing nothing.
        if (open) await makeRoomForResult(client, key, id, Buffer.byteLength(result), maxBytes);
        return outcome((await rowsOf(client, UPDATE, params))[0]);
      });
    },
    async renewLeases(owner, leaseMs, only) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      return (
        await db.query(
          `UPDATE toolwright_mcp_tasks SET lease_expires_at = ${plusMs(2)}
          WHERE owner = $1 AND ${OPEN} AND ($3::text[] IS NULL OR id = ANY($3::text[]))`,
          [owner, leaseMs, only ? [...only] : null],
        )
      ).rowCount;
    },
    async failExpired() {
      const { rows } = await db.query(
        `UPDATE toolwright_mcp_tasks SET status = 'failed', status_message = $1, updated_at = now()
        WHERE ${OPEN} AND lease_expires_at <= now() AND ${LIVE} RETURNING ${COLUMNS}`,
        [LEASE_LOST],
      );
      return rows.map(mcpTaskOf);
    },
    async sweepExpired() {
      return (await db.query('DELETE FROM toolwright_mcp_tasks WHERE expires_at <= now()')).rowCount;
    },
  };
}
