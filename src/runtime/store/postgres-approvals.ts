// The PostgreSQL engine's parked approvals. A decision is one UPDATE that applies only to a pending
// (and, for approve or deny, unexpired) row, so the first decision from any replica wins; a new
// approval is counted against the principal's pending cap in a transaction that first locks the
// key's counter row.
import { nodeCrypto } from '../startup/lazy-require.js';
import {
  checkApprovalPark,
  checkApprovalQuery,
  checkDecision,
  decidesExpired,
  EXPIRY_DECIDER,
  KEPT_DECIDED_APPROVALS,
  pendingLimitReached,
} from './approvals.js';
import { checkId } from './errors.js';
import { isoOf, isoOrNull, rowsOf, type PgConnection } from './postgres-connection.js';
import { plusMs } from './postgres-tasks.js';
import type { ApprovalRecord, ApprovalRecords } from './types.js';

const COLUMNS = `id, scope, principal, operation, request, text, status, created_at, expires_at, decided_at, decided_by, reason`;

function approvalOf(row: Record<string, unknown>): ApprovalRecord {
  return {
    id: String(row.id),
    scope: String(row.scope),
    principal: String(row.principal),
    operation: String(row.operation),
    request: JSON.parse(String(row.request)) as unknown,
    text: String(row.text),
    status: row.status as ApprovalRecord['status'],
    created_at: isoOf(row.created_at),
    expires_at: isoOf(row.expires_at),
    decided_at: isoOrNull(row.decided_at),
    decided_by: (row.decided_by as string | null) ?? null,
    reason: (row.reason as string | null) ?? null,
  };
}

const INSERT = `INSERT INTO toolwright_approvals (id, scope, principal, operation, request, text, status, created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, 'pending', now(), ${plusMs(7)}) RETURNING ${COLUMNS}`;

// The CTE's outer SELECT sees the row as it was: the record as it is when the decision did not apply.
const DECIDE = `
  WITH u AS (UPDATE toolwright_approvals SET status = $2, decided_by = $3, reason = $4, decided_at = now()
    WHERE id = $1 AND status = 'pending' AND ($5 OR expires_at > now()) RETURNING ${COLUMNS})
  SELECT true AS applied, * FROM u
  UNION ALL SELECT false AS applied, ${COLUMNS} FROM toolwright_approvals WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM u)`;

const PRUNE = `DELETE FROM toolwright_approvals WHERE id IN (
  SELECT id FROM toolwright_approvals WHERE status <> 'pending' ORDER BY decided_at DESC OFFSET ${KEPT_DECIDED_APPROVALS})`;

export function postgresApprovals(db: PgConnection): ApprovalRecords {
  const prune = () => db.query(PRUNE).catch(() => undefined);
  return {
    async park(key, park) {
      const checked = checkApprovalPark(key, park);
      const params = [
        nodeCrypto().randomUUID(),
        key.scope,
        key.principal,
        checked.operation,
        checked.requestText,
        checked.text,
        checked.timeoutMs,
      ];
      if (checked.maxPending === undefined) return approvalOf((await db.query(INSERT, params)).rows[0]!);
      const max = checked.maxPending;
      return db.transaction(async (client) => {
        await client.query(
          `INSERT INTO toolwright_counters AS c (scope, principal, kind, next) VALUES ($1, $2, 'approval', 1)
          ON CONFLICT (scope, principal, kind) DO UPDATE SET next = c.next + 1`,
          [key.scope, key.principal],
        );
        const [count] = await rowsOf(
          client,
          `SELECT count(*)::int AS pending FROM toolwright_approvals
          WHERE scope = $1 AND principal = $2 AND status = 'pending' AND expires_at > now()`,
          [key.scope, key.principal],
        );
        const pending = Number(count!.pending);
        if (pending >= max) throw pendingLimitReached(pending, max);
        return approvalOf((await rowsOf(client, INSERT, params))[0]!);
      });
    },
    async get(id) {
      checkId('approval id', id);
      const { rows } = await db.query(`SELECT ${COLUMNS} FROM toolwright_approvals WHERE id = $1`, [id]);
      return rows[0] ? approvalOf(rows[0]) : undefined;
    },
    async list(query) {
      const { status, limit } = checkApprovalQuery(query);
      const sql =
        status === undefined
          ? `(SELECT ${COLUMNS}, 0 AS part, seq AS sort FROM toolwright_approvals WHERE status = 'pending')
            UNION ALL (SELECT ${COLUMNS}, 1 AS part, -seq AS sort FROM toolwright_approvals WHERE status <> 'pending')
            ORDER BY part, sort LIMIT $1`
          : status === 'pending'
            ? `SELECT ${COLUMNS} FROM toolwright_approvals WHERE status = 'pending' AND expires_at > now() ORDER BY seq LIMIT $1`
            : `SELECT ${COLUMNS} FROM toolwright_approvals WHERE status = $2 ORDER BY seq DESC LIMIT $1`;
      const { rows } = await db.query(sql, status === undefined || status === 'pending' ? [limit] : [limit, status]);
      return rows.map(approvalOf);
    },
    async decide(id, decision) {
      const { reason } = checkDecision(id, decision);
      const { rows } = await db.query(DECIDE, [
        id,
        decision.status,
        decision.by,
        reason,
        decidesExpired(decision.status),
      ]);
      const row = rows[0];
      if (!row) return undefined;
      if (row.applied === true) await prune();
      return { approval: approvalOf(row), applied: row.applied === true };
    },
    async expire() {
      const { rows } = await db.query(
        `UPDATE toolwright_approvals SET status = 'expired', decided_by = $1, decided_at = now(), reason = NULL
        WHERE status = 'pending' AND expires_at <= now() RETURNING ${COLUMNS}`,
        [EXPIRY_DECIDER],
      );
      if (rows.length > 0) await prune();
      return rows.map(approvalOf);
    },
  };
}
