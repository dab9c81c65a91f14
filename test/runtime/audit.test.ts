// The audit trail: every call of a toolkit with a store is recorded (allowed, denied, invalid,
// failed, cancelled) with who, what, the decision and the code, and the input with its secrets
// redacted at any depth; writing never delays or fails a call, and `toolwright audit` reads it back.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { createToolkit, openStore } from '../../src/index.js';
import { AUDIT_QUEUE_LIMIT, AuditRecorder } from '../../src/runtime/audit/recorder.js';
import type { AuditEntry, AuditLog, AuditRecord, Store } from '../../src/runtime/store/types.js';
import { tempDir } from '../support/helpers.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { vaultToolkit } from '../support/vault.js';
import { scaled } from '../support/time.js';
import { collectingWarnings } from '../support/warnings.js';

let cluster: PgCluster | undefined;
const engines: { name: string; spec: (folder: string) => string }[] = [
  // The workspace's default store, in its state folder outside it.
  { name: 'embedded', spec: () => 'embedded' },
];
if (pgBinaries || requirePg) engines.push({ name: 'postgres', spec: () => cluster!.url() });
else describe.skip('audit on postgres (skipped: PostgreSQL binaries not found)', () => it('runs', () => {}));

beforeAll(async () => {
  if (engines.length > 1) cluster = await startCluster();
}, scaled(60_000));
afterAll(async () => {
  await cluster?.destroy();
});

/** The entries of one scope (the PostgreSQL database is shared by the tests), oldest first. */
async function entriesOf(store: Store, scope: string): Promise<AuditRecord[]> {
  return (await store.audit.query({ limit: 10_000 })).filter((r) => r.scope === scope);
}

describe.each(engines)('audit: $name', (engine) => {
  it('records allowed, denied, invalid, failed and cancelled calls with their fields', async () => {
    const workspace = await tempDir();
    await writeFile(join(workspace, 'a.txt'), 'alpha\n');
    const store = openStore(engine.spec(workspace), { workspace });
    const toolkit = createToolkit({
      workspace,
      store,
      principal: 'alice',
      policy: { rules: [{ operation: 'write_file', decision: 'deny', reason: 'read only here' }] },
    });
    const before = Date.now();
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' })).ok).toBe(true);
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'b.txt', content: 'x' })).ok).toBe(false);
    // @ts-expect-error invalid on purpose: no path
    expect((await toolkit.invoke('filesystem', 'read_file', { limit: 3 })).ok).toBe(false);
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'missing.txt' })).ok).toBe(false);
    const stop = new AbortController();
    const running = toolkit.invoke('exec', 'bash', { command: 'sleep 5' }, { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    expect(await running).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    const unknownTool: string = 'no_such_tool';
    expect((await toolkit.invoke('filesystem', unknownTool, { x: 1 })).ok).toBe(false);
    // Another principal for one call, named by the host.
    expect((await toolkit.invoke('task', 'task_list', {}, { principal: 'bob' })).ok).toBe(true);
    await toolkit.close();
    const entries = await entriesOf(store, workspace);
    await store.close();
    expect(entries.map((e) => [e.principal, e.operation, e.decision, e.rule, e.error_code])).toEqual([
      ['alice', 'filesystem.read_file', 'allow', 'default', null],
      ['alice', 'filesystem.write_file', 'deny', '0', 'DENIED_BY_POLICY'],
      ['alice', 'filesystem.read_file', 'allow', 'default', 'INVALID_INPUT'],
      ['alice', 'filesystem.read_file', 'allow', 'default', 'NOT_FOUND'],
      ['alice', 'exec.bash', 'allow', 'default', 'CANCELLED'],
      ['alice', 'filesystem.no_such_tool', 'allow', 'default', 'UNKNOWN_OPERATION'],
      ['bob', 'task.task_list', 'allow', 'default', null],
    ]);
    expect(entries.map((e) => e.risk)).toEqual([
      'read_only',
      'moderate',
      'read_only',
      'read_only',
      'high',
      '',
      'read_only',
    ]);
    expect(entries[0]!.input).toEqual({ path: 'a.txt' });
    expect(entries[1]!.input).toEqual({ path: 'b.txt', content: 'x' });
    expect(entries[5]!.input).toEqual({ x: 1 });
    for (const entry of entries) {
      expect(entry.scope).toBe(workspace);
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
      // The time is the call's start.
      expect(Date.parse(entry.time)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('redacts secret-role values, top-level and nested, whether the call succeeds or fails', async () => {
    const workspace = await tempDir();
    const store = openStore(engine.spec(workspace), { workspace });
    const toolkit = vaultToolkit({ workspace, store });
    const secret = 'hunter2-very-secret';
    await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: secret });
    await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: `bad-${secret}` });
    await toolkit.invoke('vault', 'vault_stash', {
      items: [{ key: secret, note: 'kept' }, { note: 'no key' }, { key: `${secret}-2` }],
    });
    // Invalid input is redacted by the same roles (the extra field is kept, the token is not).
    await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: secret, extra: true });
    await toolkit.close();
    const entries = await entriesOf(store, workspace);
    await store.close();
    expect(entries).toHaveLength(4);
    expect(JSON.stringify(entries)).not.toContain('hunter2');
    expect(entries[0]!.input).toEqual({ user: 'ann', token: '\u27easecret\u27eb' });
    expect(entries[2]!.input).toEqual({
      items: [{ key: '\u27easecret\u27eb', note: 'kept' }, { note: 'no key' }, { key: '\u27easecret\u27eb' }],
    });
    expect(entries[3]).toMatchObject({
      error_code: 'INVALID_INPUT',
      input: { user: 'ann', token: '\u27easecret\u27eb', extra: true },
    });
  });

  it('`toolwright audit` prints a table or JSON lines, filtered by principal, operation, time and count', async () => {
    const workspace = await tempDir();
    await writeFile(join(workspace, 'a.txt'), 'alpha\n');
    const spec = engine.spec(workspace);
    const store = openStore(spec, { workspace });
    // A scope of its own, so that the shared PostgreSQL database's other entries stay out (--since).
    const toolkit = createToolkit({ workspace, store, principal: 'carol' });
    const from = new Date().toISOString();
    await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
    await toolkit.invoke('task', 'task_create', { title: 'one' }, { principal: 'dave' });
    await toolkit.invoke('filesystem', 'read_file', { path: 'nope.txt' });
    await toolkit.close();
    await store.close();
    const cli = async (...args: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(['audit', '--store', spec, '-w', workspace, '--since', from, ...args], {
        stdout: { write: (s: string) => (out += s) },
        stderr: { write: (s: string) => (err += s) },
      });
      return { code, out, err };
    };
    const json = await cli('--json');
    expect(json.code).toBe(0);
    const lines = json.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditRecord);
    expect(lines.map((l) => [l.principal, l.operation, l.error_code])).toEqual([
      ['carol', 'filesystem.read_file', null],
      ['dave', 'task.task_create', null],
      ['carol', 'filesystem.read_file', 'NOT_FOUND'],
    ]);
    const byPrincipal = await cli('--json', '--principal', 'dave');
    expect(byPrincipal.out.trim().split('\n')).toHaveLength(1);
    const byOperation = await cli('--json', '--operation', 'filesystem.read_file', '--limit', '1');
    // The newest that match.
    expect(JSON.parse(byOperation.out) as AuditRecord).toMatchObject({ error_code: 'NOT_FOUND' });
    const table = await cli();
    expect(table.code).toBe(0);
    const rows = table.out.trim().split('\n');
    expect(rows[0]).toMatch(/^TIME\s+PRINCIPAL\s+OPERATION\s+DECISION\s+CODE\s+DURATION\s+INPUT$/);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatch(
      /carol\s+filesystem\.read_file\s+allow \(default\)\s+NOT_FOUND\s+[\d.]+ ms\s+\{"path":"nope.txt"\}/,
    );
    const none = await cli('--principal', 'nobody');
    expect([none.code, none.out, none.err]).toEqual([0, '', expect.stringContaining('no entries match')]);
    for (const bad of [
      ['--since', 'yesterday'],
      ['--limit', '0'],
      ['--operation', 'read_file'],
    ]) {
      const refused = await cli(...bad);
      expect(refused.code, bad.join(' ')).toBe(2);
      expect(refused.err, bad.join(' ')).toMatch(new RegExp(bad[0]!));
    }
  });
});

describe('the principal of a call', () => {
  it('refuses a principal that is not a usable name, for one call or for the toolkit', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace });
    const hostile = {
      get principal(): string {
        throw new Error('boom');
      },
    };
    for (const options of [{ principal: '' }, { principal: 'a\nb' }, { principal: 'x'.repeat(257) }, hostile]) {
      // Refused on purpose: not a principal.
      const result = await toolkit.invoke('task', 'task_list', {}, options);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(result.ok ? '' : result.error.message).toMatch(/principal/);
    }
    for (const principal of ['', 'tab\there', 42]) {
      expect(() => createToolkit({ workspace, principal: principal as string })).toThrow(TypeError);
    }
  });

  it('gives each principal its own task list, in memory or in a store, and the handler sees who it acts for', async () => {
    const workspace = await tempDir();
    for (const store of [undefined, join(await tempDir(), 'store')]) {
      const toolkit = createToolkit({ workspace, ...(store ? { store } : {}) });
      await toolkit.invoke('task', 'task_create', { title: 'mine' });
      await toolkit.invoke('task', 'task_create', { title: 'hers' }, { principal: 'erin' });
      const list = async (principal?: string) => {
        const result = await toolkit.invoke('task', 'task_list', {}, principal ? { principal } : {});
        return result.ok ? (result.output as { tasks: { title: string }[] }).tasks.map((t) => t.title) : result.text;
      };
      expect([await list(), await list('erin'), await list('frank')], String(store)).toEqual([['mine'], ['hers'], []]);
      await toolkit.close();
    }
  });
});

describe('background jobs of a principal', () => {
  it('are seen and stopped by that principal only', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace });
    const started = await toolkit.invoke(
      'exec',
      'bash',
      { command: 'echo hi; sleep 30', run_in_background: true },
      {
        principal: 'alice',
      },
    );
    expect(started.ok).toBe(true);
    const jobId = started.ok ? String((started.output as { job_id?: string }).job_id) : '';
    for (const principal of ['bob', undefined]) {
      const options = principal ? { principal } : {};
      expect(await toolkit.invoke('exec', 'bash_output', { job_id: jobId }, options)).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
      expect(await toolkit.invoke('exec', 'bash_kill', { job_id: jobId }, options)).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
    }
    const read = await toolkit.invoke('exec', 'bash_output', { job_id: jobId, wait_ms: 2_000 }, { principal: 'alice' });
    expect(read).toMatchObject({ ok: true });
    expect(await toolkit.invoke('exec', 'bash_kill', { job_id: jobId }, { principal: 'alice' })).toMatchObject({
      ok: true,
    });
    await toolkit.close();
  });
});

describe('the audit queue', () => {
  const entry = (n: number): AuditEntry => ({
    scope: 's',
    principal: 'p',
    operation: `x.op${n}`,
    risk: 'low',
    decision: 'allow',
    rule: 'default',
    error_code: null,
    duration_ms: 0,
    input: {},
  });

  it('writes the calls of a burst in batches, after they returned', async () => {
    const batches: number[] = [];
    const log: AuditLog = {
      append: () => Promise.reject(new Error('not used')),
      appendMany: async (entries) => {
        batches.push(entries.length);
      },
      query: async () => [],
    };
    const recorder = new AuditRecorder(log);
    for (let i = 0; i < 450; i++) recorder.record(entry(i));
    expect(batches).toEqual([]);
    await recorder.flush();
    expect(batches).toEqual([200, 200, 50]);
    expect(recorder.counts).toEqual({ written: 450, failed: 0, dropped: 0 });
  });

  it('drops and counts what is beyond its bound while the store is slow, and reports once', async () => {
    let release!: () => void;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const reports: string[] = [];
    const recorder = new AuditRecorder(
      { append: async () => {}, appendMany: () => pending, query: async () => [] },
      (message) => reports.push(message),
    );
    for (let i = 0; i < AUDIT_QUEUE_LIMIT + 7; i++) recorder.record(entry(i));
    expect(recorder.counts.dropped).toBe(7);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/queue is full/);
    release();
    await recorder.flush();
    expect(recorder.counts).toEqual({ written: AUDIT_QUEUE_LIMIT, failed: 0, dropped: 7 });
  });

  it('never fails or delays a call when the store cannot write, and reports the failure once', async () => {
    const workspace = await tempDir();
    const real = openStore(join(await tempDir(), 'store'), { workspace });
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    const failing: Store = {
      ...real,
      audit: {
        ...real.audit,
        appendMany: async () => {
          attempts++;
          await stuck;
          throw new Error('disk on fire');
        },
      },
    };
    try {
      const warnings = await collectingWarnings(async () => {
        const toolkit = createToolkit({ workspace, store: failing });
        for (let i = 0; i < 3; i++) {
          // Each call returns while the first batch's write is still stuck.
          expect(await toolkit.invoke('task', 'task_list', {})).toMatchObject({ ok: true });
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(attempts).toBe(1);
        release();
        await toolkit.close();
        await new Promise((resolve) => setImmediate(resolve));
        expect(attempts).toBe(2);
      });
      const ours = warnings.filter((w) => /audit entries could not be written: disk on fire/.test(w.message));
      expect(ours).toHaveLength(1);
    } finally {
      await real.close();
    }
  });

  it('records nothing, and opens nothing, without a store', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace });
    expect(toolkit.services.store).toBeUndefined();
    expect((await toolkit.invoke('task', 'task_list', {})).ok).toBe(true);
    await toolkit.close();
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(workspace)).toEqual([]);
  });
});
