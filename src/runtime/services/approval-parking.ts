// A human for callers nobody can ask at once: an `ask` whose user channel cannot reach a person
// (no elicitation, a headless client that cancels every prompt) is parked in the store as a
// pending approval instead of refused, and the call waits for an operator to decide it (the
// `/approvals` page, `toolwright approvals`) from any replica. It wakes on the store's
// notification, re-checks on a slow poll and when the notification connection comes back, is
// denied when nobody decides in time, and marks the record cancelled when the caller gives up.
import { ToolError, abortError } from '../contract/errors.js';
import { EXPIRY_DECIDER } from '../store/approvals.js';
import {
  APPROVALS_CHANNEL,
  DEFAULT_MAX_PENDING_APPROVALS,
  type ApprovalRecord,
  type Store,
  type StoreKey,
  type Subscription,
} from '../store/types.js';
import type { ApprovalRequest } from './user.js';
import { DEFAULT_MAX_APPROVAL_CHARS, approvalText } from './visible-text.js';

/** How long a parked call waits by default, seconds. */
export const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 300;
/** How often a parked call re-reads its record when no notification came (a lost one costs this much). */
const DEFAULT_POLL_MS = 5_000;

export interface ApprovalParkingOptions {
  store: Store;
  /** How long a parked call waits for a decision, seconds (default 300); past it the call is denied. */
  timeoutSeconds?: number;
  /** Calls one principal may have parked at once (default 20); past it the call is refused. */
  maxPending?: number;
  /** @internal How often the record is re-read without a notification, ms. */
  pollMs?: number;
}

/** How a parked call ended: approved (run it) or refused, and who decided why. */
export interface ParkedOutcome {
  approved: boolean;
  approval: ApprovalRecord;
  /** Why it was refused, for the caller (who denied and why, or that nobody decided in time). */
  reason?: string;
}

export interface ApprovalParking {
  readonly timeoutSeconds: number;
  /**
   * Parks `request` for `key` and waits for the decision; rejects CANCELLED when `signal` aborts.
   * `onParked` hears the record once it is in the store.
   */
  wait(
    key: StoreKey,
    operation: string,
    request: ApprovalRequest,
    signal: AbortSignal,
    onParked?: (record: ApprovalRecord) => void,
  ): Promise<ParkedOutcome>;
}

export function createApprovalParking(options: ApprovalParkingOptions): ApprovalParking {
  const { store } = options;
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS;
  if (!(Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 && timeoutSeconds <= 7 * 24 * 3600))
    throw new TypeError('approvalTimeout must be a number of seconds above 0, at most a week');
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING_APPROVALS;
  if (!(Number.isSafeInteger(maxPending) && maxPending >= 1))
    throw new TypeError('maxPendingApprovals must be a whole number of at least 1');
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const timeoutMs = Math.round(timeoutSeconds * 1000);
  return {
    timeoutSeconds,
    async wait(key, operation, request, signal, onParked) {
      if (signal.aborted) throw abortError(signal);
      // The operator sees the whole input, hidden characters escaped, or the call is refused.
      const shown = approvalText(request, DEFAULT_MAX_APPROVAL_CHARS);
      if (shown.refusal) throw new ToolError('DENIED_BY_POLICY', `${request.operation} was refused: ${shown.refusal}`);
      const parked = await store.approvals.park(key, {
        operation,
        request,
        text: shown.text,
        timeoutMs,
        maxPending,
      });
      onParked?.(parked);
      const approval = await decided(store, parked, timeoutMs, pollMs, signal);
      return outcomeOf(approval, timeoutSeconds);
    },
  };
}

function outcomeOf(approval: ApprovalRecord, timeoutSeconds: number): ParkedOutcome {
  switch (approval.status) {
    case 'approved':
      return { approved: true, approval };
    case 'denied':
      return {
        approved: false,
        approval,
        reason: `denied by ${approval.decided_by ?? 'an approver'}${approval.reason ? `: ${approval.reason}` : ''}`,
      };
    case 'expired':
      return {
        approved: false,
        approval,
        reason: `it waited for approval and nobody decided within ${timeoutSeconds} s`,
      };
    default:
      return { approved: false, approval, reason: 'its approval was cancelled' };
  }
}

/**
 * Resolves the approval once it is no longer pending: decided by someone, expired here when its
 * time runs out, or cancelled here when `signal` aborts (then rejects CANCELLED).
 */
function decided(
  store: Store,
  parked: ApprovalRecord,
  timeoutMs: number,
  pollMs: number,
  signal: AbortSignal,
): Promise<ApprovalRecord> {
  const { id } = parked;
  const deadline = Date.now() + timeoutMs;
  return new Promise<ApprovalRecord>((resolve, reject) => {
    let done = false;
    let subscription: Subscription | undefined;
    let checking: Promise<void> | undefined;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(expiry);
      signal.removeEventListener('abort', onAbort);
      void subscription?.close().catch(() => undefined);
      settle();
    };
    const check = () => {
      if (done || checking) return;
      checking = store.approvals
        .get(id)
        .then((current) => {
          // The caller gave up: its own cancel (or whatever came first) ends the call as cancelled.
          if (signal.aborted) finish(() => reject(abortError(signal)));
          else if (!current) finish(() => reject(new ToolError('NOT_FOUND', `approval ${id} is gone from the store`)));
          else if (current.status !== 'pending') finish(() => resolve(current));
          else if (Date.now() >= deadline) expire();
        })
        .catch(() => undefined /* the store is down: the next poll tries again */)
        .finally(() => {
          checking = undefined;
        });
    };
    const end = (status: 'expired' | 'cancelled', by: string) =>
      store.approvals.decide(id, { status, by }).then((outcome) => outcome?.approval);
    const onAbort = () => {
      if (done) return;
      const error = abortError(signal);
      end('cancelled', parked.principal).then(
        () => finish(() => reject(error)),
        () => finish(() => reject(error)),
      );
    };
    const poll = setInterval(check, pollMs);
    poll.unref?.();
    // First decision wins: an approval that landed just before still counts. A store that is down
    // is tried again by the next poll.
    const expire = () => {
      if (done) return;
      end('expired', EXPIRY_DECIDER).then(
        (current) => {
          if (current && current.status !== 'pending') finish(() => resolve(current));
        },
        () => undefined,
      );
    };
    const expiry = setTimeout(expire, timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    store.notifications
      .subscribe(APPROVALS_CHANNEL, (payload) => payload === id && check(), { onResume: check })
      .then(
        (sub) => {
          if (done) void sub.close().catch(() => undefined);
          else subscription = sub;
          check();
        },
        () => check() /* no notifications: the poll alone */,
      );
  });
}
