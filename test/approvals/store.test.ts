// The store contract of parked approvals, on both engines: a decision is atomic (only a pending,
// unexpired record changes, the first of racing decisions through two store instances wins and
// the others learn it was decided), the pending cap per principal holds under racing parks, every
// change is published, and every decision is audited naming who decided.
import { describe, expect, it } from 'vitest';
import { APPROVALS_CHANNEL, type ApprovalPark } from '../../src/runtime/store/types.js';
import { scaled } from '../support/time.js';
import { contractEngines, freshKey, rejection, storeOpener } from '../store/contract-engines.js';

const engines = contractEngines();
const bounded = { timeoutMs: scaled(5_000) };

const park = (over: Partial<ApprovalPark> = {}): ApprovalPark => ({
  operation: 'exec.bash',
  request: {
    id: 's:exec.bash',
    provider: 'exec',
    operation: 'bash',
    kind: 'resource',
    risk: 'high',
    input: { command: 'rm -rf build' },
  },
  text: 'bash (high risk): rm -rf build',
  timeoutMs: 60_000,
  ...over,
});

describe.each(engines)('parked approvals: $name', (engine) => {
  const open = storeOpener(engine);

  it('parks a pending record with a random id and lists it, then the first decision wins', async () => {
    const store = open(bounded);
    const key = freshKey('alice');
    const parked = await store.approvals.park(key, park());
    expect(parked.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parked).toMatchObject({ status: 'pending', principal: 'alice', operation: 'exec.bash', decided_by: null });
    expect((await store.approvals.list({ status: 'pending' })).map((a) => a.id)).toContain(parked.id);
    expect((await store.approvals.get(parked.id))?.request).toMatchObject({ input: { command: 'rm -rf build' } });

    const first = await store.approvals.decide(parked.id, { status: 'approved', by: 'carol', reason: 'fine' });
    expect(first).toMatchObject({
      applied: true,
      approval: { status: 'approved', decided_by: 'carol', reason: 'fine' },
    });
    const second = await store.approvals.decide(parked.id, { status: 'denied', by: 'dave' });
    expect(second).toMatchObject({ applied: false, approval: { status: 'approved', decided_by: 'carol' } });
    expect(await store.approvals.decide('00000000-0000-4000-8000-000000000000', { status: 'denied', by: 'x' })).toBe(
      undefined,
    );
    expect((await store.approvals.list({ status: 'pending' })).map((a) => a.id)).not.toContain(parked.id);
    expect((await store.approvals.list()).map((a) => a.id)).toContain(parked.id);
  });

  it('decisions racing through two store instances: exactly one applies', async () => {
    const [a, b] = [open(bounded), open(bounded)];
    const parked = await a.approvals.park(freshKey('alice'), park());
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).approvals.decide(parked.id, { status: i % 3 ? 'approved' : 'denied', by: `op-${i}` }),
      ),
    );
    expect(raced.filter((o) => o?.applied)).toHaveLength(1);
    const winner = raced.find((o) => o?.applied)!.approval;
    for (const outcome of raced) expect(outcome?.approval.decided_by).toBe(winner.decided_by);
  });

  it('an expired record is not approved or denied; the sweep marks it expired; cancel still applies to a pending one', async () => {
    const store = open(bounded);
    const short = await store.approvals.park(freshKey('alice'), park({ timeoutMs: 1 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.approvals.decide(short.id, { status: 'approved', by: 'carol' })).toMatchObject({
      applied: false,
      approval: { status: 'pending' },
    });
    const swept = await store.approvals.expire();
    expect(swept.map((a) => a.id)).toContain(short.id);
    expect(await store.approvals.get(short.id)).toMatchObject({ status: 'expired', decided_by: 'toolwright:expiry' });
    const other = await store.approvals.park(freshKey('bob'), park());
    expect(await store.approvals.decide(other.id, { status: 'cancelled', by: 'bob' })).toMatchObject({ applied: true });
  });

  it('caps pending approvals per principal, racing parks included; another principal is not counted', async () => {
    const [a, b] = [open(bounded), open(bounded)];
    const alice = freshKey('alice');
    const raced = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).approvals.park(alice, park({ maxPending: 3 }))),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(String(refused.reason.message)).toMatch(/3 calls waiting for approval \(at most 3\)/);
    await a.approvals.park({ scope: alice.scope, principal: 'bob' }, park({ maxPending: 3 }));
  });

  it('every change is published on the approvals channel (seen through another store instance)', async () => {
    const [a, b] = [open(bounded), open(bounded)];
    const seen: string[] = [];
    const sub = await b.notifications.subscribe(APPROVALS_CHANNEL, (id) => seen.push(id));
    try {
      const parked = await a.approvals.park(freshKey('alice'), park());
      await a.approvals.decide(parked.id, { status: 'denied', by: 'carol' });
      await expect.poll(() => seen.filter((id) => id === parked.id).length, { timeout: scaled(5_000) }).toBe(2);
    } finally {
      await sub.close();
    }
  });

  it('every decision is audited with who decided, the operation, the decision and the approval id', async () => {
    const store = open(bounded);
    const key = freshKey('alice');
    const approved = await store.approvals.park(key, park());
    const denied = await store.approvals.park(key, park());
    await store.approvals.decide(approved.id, { status: 'approved', by: 'carol' });
    await store.approvals.decide(denied.id, { status: 'denied', by: 'dave', reason: 'no' });
    await store.approvals.decide(denied.id, { status: 'approved', by: 'eve' }); // too late: not audited
    const rows = (await store.audit.query({ limit: 10_000 })).filter((r) => r.scope === key.scope);
    expect(
      rows.map((r) => [r.principal, r.operation, r.decision, (r.input as { approval_id: string }).approval_id]),
    ).toEqual([
      ['carol', 'exec.bash', 'approved', approved.id],
      ['dave', 'exec.bash', 'denied', denied.id],
    ]);
    expect(rows[1]!.input).toMatchObject({ caller: 'alice', reason: 'no' });
  });

  it('bad input is refused before anything is kept', async () => {
    const store = open(bounded);
    expect((await rejection(store.approvals.park(freshKey(), park({ timeoutMs: -1 })))).code).toBe('INVALID_INPUT');
    expect((await rejection(store.approvals.park(freshKey(), park({ operation: '' })))).code).toBe('INVALID_INPUT');
    expect((await rejection(store.approvals.decide('x', { status: 'pending' as never, by: 'c' }))).code).toBe(
      'INVALID_INPUT',
    );
    expect((await rejection(store.approvals.decide('x', { status: 'approved', by: '' }))).code).toBe('INVALID_INPUT');
  });
});
