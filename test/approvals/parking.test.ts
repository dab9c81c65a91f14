// Parking through the library and the CLI: an `ask` no channel can put to a person waits in the
// store for an operator instead of being refused; approved it runs, denied it is refused naming
// who denied and why, undecided it is denied when its time runs out, and a caller that gives up
// leaves the record cancelled. Decided through another store instance (another replica) and
// through `toolwright approvals`; every decision audited with who made it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { ApprovalRecord, Store } from '../../src/runtime/store/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { cli } from '../support/cli.js';
import { scaled } from '../support/time.js';

const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };

let dir: string;
let storeDir: string;
const opened: Store[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-park-ws-'));
  storeDir = await mkdtemp(join(tmpdir(), 'tw-park-store-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
  await rm(storeDir, { recursive: true, force: true, maxRetries: 5 });
});

function store(): Store {
  const s = createEmbeddedStore(storeDir);
  opened.push(s);
  return s;
}

const exists = (name: string) =>
  readFile(join(dir, name)).then(
    () => true,
    () => false,
  );

async function pendingOne(s: Store): Promise<ApprovalRecord> {
  let found: ApprovalRecord | undefined;
  await expect
    .poll(async () => (found = (await s.approvals.list({ status: 'pending' }))[0]), { timeout: scaled(10_000) })
    .toBeDefined();
  return found!;
}

function toolkit(options: { approvalTimeout?: number } = {}) {
  return createToolkit({ workspace: dir, policy, store: store(), approvals: true, ...options });
}

describe('a parked approval through the library', () => {
  it('approved through another store instance, the call runs; the record shows the whole input escaped', async () => {
    const tk = toolkit();
    const operator = store();
    const call = tk.invoke(
      'filesystem',
      'write_file',
      { path: 'yes.txt', content: 'hi\u202etxt.exe' },
      { principal: 'alice' },
    );
    const parked = await pendingOne(operator);
    expect(parked).toMatchObject({ principal: 'alice', operation: 'filesystem.write_file', status: 'pending' });
    expect(parked.text).toContain('yes.txt');
    expect(parked.text).not.toContain('\u202e');
    expect(await exists('yes.txt')).toBe(false);
    await operator.approvals.decide(parked.id, { status: 'approved', by: 'carol' });
    const result = await call;
    expect(result.ok).toBe(true);
    expect(await exists('yes.txt')).toBe(true);
    await tk.close();
  });

  it('denied, the call is refused naming who denied it and why', async () => {
    const tk = toolkit();
    const operator = store();
    const call = tk.invoke('filesystem', 'write_file', { path: 'no.txt', content: 'x' });
    const parked = await pendingOne(operator);
    await operator.approvals.decide(parked.id, { status: 'denied', by: 'carol', reason: 'not today' });
    const result = await call;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(!result.ok && result.error.message).toMatch(/denied by carol: not today/);
    expect(await exists('no.txt')).toBe(false);
    await tk.close();
  });

  it('undecided, the call is denied when its time runs out and the record reads expired (audited)', async () => {
    const tk = toolkit({ approvalTimeout: 1 });
    const result = await tk.invoke('filesystem', 'write_file', { path: 'late.txt', content: 'x' });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(!result.ok && result.error.message).toMatch(/nobody decided within 1 s/);
    const [record] = await store().approvals.list({ status: 'expired' });
    expect(record).toMatchObject({ status: 'expired', decided_by: 'toolwright:expiry' });
    const audit = await store().audit.query({ limit: 100 });
    expect(audit.some((r) => r.decision === 'expired' && r.principal === 'toolwright:expiry')).toBe(true);
    await tk.close();
  });

  it('a caller that gives up leaves the record cancelled, and a late approval changes nothing', async () => {
    const tk = toolkit();
    const operator = store();
    const abort = new AbortController();
    const call = tk.invoke('filesystem', 'write_file', { path: 'gone.txt', content: 'x' }, { signal: abort.signal });
    const parked = await pendingOne(operator);
    abort.abort();
    const result = await call;
    expect(!result.ok && result.error.code).toBe('CANCELLED');
    // The record is marked once the abort reaches the parking; under load that can take over a second.
    await expect
      .poll(async () => (await operator.approvals.get(parked.id))?.status, { timeout: scaled(10_000) })
      .toBe('cancelled');
    expect(await operator.approvals.decide(parked.id, { status: 'approved', by: 'carol' })).toMatchObject({
      applied: false,
    });
    expect(await exists('gone.txt')).toBe(false);
    await tk.close();
  });

  it('onParked names the approval once it is in the store; onAdmitted follows an approval, never a denial', async () => {
    const tk = toolkit();
    const operator = store();
    const events: string[] = [];
    const told: { approval: string; expiresAt: string }[] = [];
    const options = {
      onParked: (parked: { approval: string; expiresAt: string }) => {
        told.push(parked);
        events.push('parked');
        throw new Error('a listener that throws changes nothing');
      },
      onAdmitted: () => events.push('admitted'),
    };
    const call = tk.invoke('filesystem', 'write_file', { path: 'told.txt', content: 'x' }, options);
    const parked = await pendingOne(operator);
    await expect.poll(() => told.length, { timeout: scaled(10_000) }).toBe(1);
    expect(told[0]).toEqual({ approval: parked.id, expiresAt: parked.expires_at });
    expect(events).toEqual(['parked']);
    await operator.approvals.decide(parked.id, { status: 'approved', by: 'carol' });
    expect((await call).ok).toBe(true);
    expect(events).toEqual(['parked', 'admitted']);

    const denied: string[] = [];
    const refused = tk.invoke(
      'filesystem',
      'write_file',
      { path: 'refused.txt', content: 'x' },
      { onParked: () => denied.push('parked'), onAdmitted: () => denied.push('admitted') },
    );
    await operator.approvals.decide((await pendingOne(operator)).id, { status: 'denied', by: 'carol' });
    expect((await refused).ok).toBe(false);
    expect(denied).toEqual(['parked']);

    // A call that needs no approval is never told it is parked; a listener that is no function is refused.
    const plain: string[] = [];
    expect(
      (await tk.invoke('filesystem', 'read_file', { path: 'told.txt' }, { onParked: () => plain.push('x') })).ok,
    ).toBe(true);
    expect(plain).toEqual([]);
    const bad = await tk.invoke('filesystem', 'read_file', { path: 'told.txt' }, { onParked: 'yes' } as never);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('options.onParked') });
    await tk.close();
  });

  it('without a store the option is refused; without it nothing is parked', async () => {
    expect(() => createToolkit({ workspace: dir, policy, approvals: true })).toThrow(/approvals need a store/);
    const tk = createToolkit({ workspace: dir, policy, store: store() });
    const result = await tk.invoke('filesystem', 'write_file', { path: 'x.txt', content: 'x' });
    expect(!result.ok && result.error.message).toMatch(/no human could be asked/);
    expect(await store().approvals.list()).toEqual([]);
    await tk.close();
  });
});

describe('toolwright approvals', () => {
  it('lists, shows (escaped), approves as cli:<user> or --as; refuses unknown ids and second decisions', async () => {
    const tk = toolkit();
    const call = tk.invoke(
      'filesystem',
      'write_file',
      { path: 'cli.txt', content: 'a\u001b[31mred' },
      { principal: 'alice' },
    );
    const parked = await pendingOne(store());
    const list = await cli(['approvals', 'list', '--store', storeDir, '-w', dir]);
    expect(list.code).toBe(0);
    expect(list.out).toContain(parked.id);
    expect(list.out).toContain('filesystem.write_file');
    const show = await cli(['approvals', 'show', parked.id, '--store', storeDir, '-w', dir]);
    expect(show.code).toBe(0);
    expect(show.out).toContain('cli.txt');
    expect(show.out).not.toContain('\u001b');
    const unknown = await cli(['approvals', 'approve', '00000000-0000-4000-8000-000000000000', '--store', storeDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no approval 00000000-/);
    const approve = await cli(['approvals', 'approve', parked.id, '--as', 'ops-bob', '--store', storeDir, '-w', dir]);
    expect(approve.code, approve.err).toBe(0);
    expect(approve.out).toMatch(/approved .* as ops-bob/);
    expect((await call).ok).toBe(true);
    const again = await cli(['approvals', 'deny', parked.id, '--store', storeDir, '-w', dir]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already approved by ops-bob/);
    const audit = await store().audit.query({ limit: 100 });
    // The approver's entry and the call's own (also 'approved'), in either order.
    expect(audit).toContainEqual(
      expect.objectContaining({
        decision: 'approved',
        principal: 'ops-bob',
        operation: 'filesystem.write_file',
        input: expect.objectContaining({ approval_id: parked.id, caller: 'alice' }),
      }),
    );
    await tk.close();
  });

  it('denies as cli:<os user> with a reason the caller is told', async () => {
    const tk = toolkit();
    const call = tk.invoke('filesystem', 'write_file', { path: 'd.txt', content: 'x' });
    const parked = await pendingOne(store());
    const deny = await cli(['approvals', 'deny', parked.id, '--reason', 'ask first', '--store', storeDir, '-w', dir]);
    expect(deny.code, deny.err).toBe(0);
    const result = await call;
    expect(!result.ok && result.error.message).toMatch(/denied by cli:[^:]+: ask first/);
    await tk.close();
  });

  it('prints --json inert (C1, bidi and format characters escaped) and refuses a --reason holding them', async () => {
    const tk = toolkit();
    const content = 'hi \u009b2J\u009b31m \u202e\u200b end';
    const call = tk.invoke('filesystem', 'write_file', { path: 'invoice\u202etxt.exe', content });
    const parked = await pendingOne(store());
    const hidden = /[\u0080-\u009f\u200b\u202e]/;
    const list = await cli(['approvals', 'list', '--json', '--store', storeDir, '-w', dir]);
    const show = await cli(['approvals', 'show', parked.id, '--json', '--store', storeDir, '-w', dir]);
    for (const printed of [list, show]) {
      expect(printed.code, printed.err).toBe(0);
      expect(printed.out).not.toMatch(hidden);
      // The same JSON value: parsed, the characters are back.
      expect(JSON.stringify(JSON.parse(printed.out.trim().split('\n')[0]!))).toContain('invoice\u202etxt.exe');
    }
    expect(show.out).toContain('invoice\\u202etxt.exe');
    for (const reason of ['see \u202eevil\u202c', 'a\u001b[2Jb', 'nul\u0000here', 'c1 \u009b31m'])
      expect((await cli(['approvals', 'deny', parked.id, '--reason', reason, '--store', storeDir])).code).toBe(2);
    const deny = await cli(['approvals', 'deny', parked.id, '--reason', 'plain words', '--store', storeDir]);
    expect(deny.code, deny.err).toBe(0);
    expect((await call).ok).toBe(false);
    await tk.close();
  });
});
