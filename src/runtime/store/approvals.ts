// What both engines share of parked approvals: the checks of what is kept, and the effects of
// every change: a notification on APPROVALS_CHANNEL (so waiters and pages on any replica wake) and,
// for a decision, an audit entry naming who decided.
import { ToolError } from '../contract/errors.js';
import { checkId, checkKey, checkMs, checkText, invalidStoreInput, jsonText } from './errors.js';
import {
  APPROVALS_CHANNEL,
  APPROVAL_STATUSES,
  type ApprovalDecision,
  type ApprovalPark,
  type ApprovalRecord,
  type ApprovalRecords,
  type ApprovalStatus,
  type AuditLog,
  type Notifications,
  type StoreKey,
} from './types.js';

/** The largest approval request kept (as JSON), and the largest text shown for it. */
export const MAX_APPROVAL_REQUEST_BYTES = 256 * 1024;
export const MAX_APPROVAL_TEXT_CHARS = 256 * 1024;
/** Decided approvals kept for the recent list; older ones are removed. */
export const KEPT_DECIDED_APPROVALS = 500;

export interface CheckedPark {
  operation: string;
  requestText: string;
  text: string;
  timeoutMs: number;
  maxPending: number | undefined;
}

export function checkApprovalPark(key: StoreKey, park: ApprovalPark): CheckedPark {
  checkKey(key);
  if (!park || typeof park !== 'object') throw invalidStoreInput('an approval must be an object');
  const maxPending = park.maxPending;
  if (maxPending !== undefined && !(Number.isSafeInteger(maxPending) && maxPending >= 1))
    throw invalidStoreInput('maxPending must be a whole number of at least 1');
  const timeoutMs = checkMs('timeoutMs', park.timeoutMs);
  if (timeoutMs < 1) throw invalidStoreInput('timeoutMs must be at least 1');
  return {
    operation: checkText('operation', park.operation, 256),
    requestText: jsonText('the approval request', park.request, MAX_APPROVAL_REQUEST_BYTES),
    text: checkText('the approval text', park.text, MAX_APPROVAL_TEXT_CHARS),
    timeoutMs,
    maxPending,
  };
}

export function checkDecision(id: string, decision: ApprovalDecision): { reason: string | null } {
  checkId('approval id', id);
  if (!decision || typeof decision !== 'object') throw invalidStoreInput('a decision must be an object');
  if (!['approved', 'denied', 'cancelled', 'expired'].includes(decision.status))
    throw invalidStoreInput('a decision is approved, denied, cancelled or expired');
  checkText('decided by', decision.by, 256);
  const reason =
    decision.reason === undefined || decision.reason === '' ? null : checkText('reason', decision.reason, 2000);
  return { reason };
}

export function checkApprovalQuery(query: { status?: ApprovalStatus; limit?: number } = {}): {
  status: ApprovalStatus | undefined;
  limit: number;
} {
  const limit = query.limit ?? 100;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
    throw invalidStoreInput('limit must be a whole number between 1 and 1000');
  if (query.status !== undefined && !APPROVAL_STATUSES.includes(query.status))
    throw invalidStoreInput(`status must be one of ${APPROVAL_STATUSES.join(', ')}`);
  return { status: query.status, limit };
}

export function pendingLimitReached(pending: number, max: number): ToolError {
  return new ToolError(
    'LIMIT_REACHED',
    `this principal already has ${pending} calls waiting for approval (at most ${max}); wait for them to be decided`,
    { pending, max_pending: max },
  );
}

/** Whether a decision of `status` still applies to a record that expired (only a cancel or the expiry itself). */
export const decidesExpired = (status: ApprovalDecision['status']): boolean =>
  status === 'cancelled' || status === 'expired';

/**
 * The engine's records with their effects: every change published on APPROVALS_CHANNEL, every
 * decision that applied audited with who decided. A lost notification costs a waiter its slow
 * poll, never a decision; an audit that fails is reported as the decision's failure after it applied.
 */
export function withApprovalEffects(
  records: ApprovalRecords,
  notifications: Notifications,
  audit: AuditLog,
): ApprovalRecords {
  const publish = (id: string) => notifications.publish(APPROVALS_CHANNEL, id).catch(() => undefined);
  const audited = (approval: ApprovalRecord) =>
    audit.append({
      scope: approval.scope,
      principal: approval.decided_by ?? approval.principal,
      operation: approval.operation,
      risk: riskOf(approval.request),
      decision: approval.status,
      rule: 'approval',
      error_code: null,
      duration_ms: Math.max(
        0,
        Date.parse(approval.decided_at ?? approval.created_at) - Date.parse(approval.created_at),
      ),
      input: {
        approval_id: approval.id,
        caller: approval.principal,
        ...(approval.reason !== null ? { reason: approval.reason } : {}),
      },
    });
  return {
    get: (id) => records.get(id),
    list: (query) => records.list(query),
    async park(key, park) {
      const approval = await records.park(key, park);
      await publish(approval.id);
      return approval;
    },
    async decide(id, decision) {
      const outcome = await records.decide(id, decision);
      if (outcome?.applied) {
        await publish(id);
        await audited(outcome.approval);
      }
      return outcome;
    },
    async expire() {
      const expired = await records.expire();
      for (const approval of expired) {
        await publish(approval.id);
        await audited(approval);
      }
      return expired;
    },
  };
}

function riskOf(request: unknown): string {
  const risk = (request as { risk?: unknown } | null)?.risk;
  return typeof risk === 'string' && risk.length <= 64 ? risk : 'unknown';
}

/** Who decides an expiry. */
export const EXPIRY_DECIDER = 'toolwright:expiry';
