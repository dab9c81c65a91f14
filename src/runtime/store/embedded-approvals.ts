// The embedded store's parked approvals: one JSON document for all of them (approvers see every
// principal's), changed under its lock, so a decision and the pending cap are counted with the
// change they bound. Decided approvals past KEPT_DECIDED_APPROVALS are dropped, oldest first.
import { join } from 'node:path';
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
import { expired, iso, type EmbeddedContext } from './embedded-records.js';
import { checkId } from './errors.js';
import { JsonDocument, listDocumentCheck } from './json-document.js';
import type { ApprovalRecord, ApprovalRecords } from './types.js';

type StoredApproval = ApprovalRecord & { seq: number };
interface ApprovalsDoc {
  version: 1;
  seq: number;
  approvals: StoredApproval[];
}

const plain = ({ seq: _seq, ...approval }: StoredApproval): ApprovalRecord => ({ ...approval });
const isLive = (approval: StoredApproval, now: number) =>
  approval.status === 'pending' && !expired(approval.expires_at, now);

/** Drops the oldest decided approvals past what is kept. */
function prune(state: ApprovalsDoc): void {
  const decided = state.approvals.filter((a) => a.status !== 'pending');
  if (decided.length <= KEPT_DECIDED_APPROVALS) return;
  const dropped = new Set(decided.slice(0, decided.length - KEPT_DECIDED_APPROVALS).map((a) => a.id));
  state.approvals = state.approvals.filter((a) => !dropped.has(a.id));
}

export function embeddedApprovals(ctx: EmbeddedContext): ApprovalRecords {
  const doc = new JsonDocument<ApprovalsDoc>({
    path: join(ctx.folder, 'approvals.json'),
    empty: () => ({ version: 1, seq: 0, approvals: [] }),
    check: listDocumentCheck<ApprovalsDoc>('approvals'),
    lockTimeoutMs: ctx.lockTimeoutMs,
    display: 'the approval list',
  });
  return {
    async park(key, park) {
      const checked = checkApprovalPark(key, park);
      return doc.mutate((state) => {
        const now = Date.now();
        if (checked.maxPending !== undefined) {
          const pending = state.approvals.filter(
            (a) => a.scope === key.scope && a.principal === key.principal && isLive(a, now),
          ).length;
          if (pending >= checked.maxPending) throw pendingLimitReached(pending, checked.maxPending);
        }
        const approval: StoredApproval = {
          id: nodeCrypto().randomUUID(),
          seq: ++state.seq,
          scope: key.scope,
          principal: key.principal,
          operation: checked.operation,
          request: JSON.parse(checked.requestText) as unknown,
          text: checked.text,
          status: 'pending',
          created_at: iso(now),
          expires_at: iso(now + checked.timeoutMs),
          decided_at: null,
          decided_by: null,
          reason: null,
        };
        state.approvals.push(approval);
        return { result: plain(approval), dirty: true };
      });
    },
    async get(id) {
      checkId('approval id', id);
      const found = (await doc.read()).approvals.find((a) => a.id === id);
      return found && plain(found);
    },
    async list(query) {
      const { status, limit } = checkApprovalQuery(query);
      const all = (await doc.read()).approvals;
      const now = Date.now();
      // A pending record past its time reads as pending until the sweep marks it; the page shows its expiry.
      const chosen =
        status === undefined
          ? [...all.filter((a) => a.status === 'pending'), ...all.filter((a) => a.status !== 'pending').reverse()]
          : status === 'pending'
            ? all.filter((a) => isLive(a, now))
            : all.filter((a) => a.status === status).reverse();
      return chosen.slice(0, limit).map(plain);
    },
    async decide(id, decision) {
      const { reason } = checkDecision(id, decision);
      return doc.mutate((state) => {
        const now = Date.now();
        const approval = state.approvals.find((a) => a.id === id);
        if (!approval) return { result: undefined, dirty: false };
        const open =
          approval.status === 'pending' && (decidesExpired(decision.status) || !expired(approval.expires_at, now));
        if (!open) return { result: { approval: plain(approval), applied: false }, dirty: false };
        Object.assign(approval, {
          status: decision.status,
          decided_at: iso(now),
          decided_by: decision.by,
          reason,
        });
        const result = { approval: plain(approval), applied: true };
        prune(state);
        return { result, dirty: true };
      });
    },
    async expire() {
      return doc.mutate((state) => {
        const now = Date.now();
        const hits = state.approvals.filter((a) => a.status === 'pending' && expired(a.expires_at, now));
        for (const approval of hits)
          Object.assign(approval, {
            status: 'expired',
            decided_at: iso(now),
            decided_by: EXPIRY_DECIDER,
            reason: null,
          });
        const result = hits.map(plain);
        if (hits.length > 0) prune(state);
        return { result, dirty: hits.length > 0 };
      });
    },
  };
}
