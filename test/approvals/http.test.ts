// Parking over MCP Streamable HTTP, on both store engines: a client without elicitation calls a
// tool the policy asks about; the call waits, parked on one server (replica), and is decided on
// another one's /approvals page or through `toolwright approvals`. Approve runs it, deny refuses
// it naming who, expiry denies it, the client's cancel leaves it cancelled. The page: only
// approvers see or decide (403 otherwise), a form post without its CSRF token is refused, the
// page's headers are strict, and every value on it is escaped.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import type { ApprovalRecord, Store } from '../../src/runtime/store/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { cli } from '../support/cli.js';
import { scaled } from '../support/time.js';
import { contractEngines, storeOpener } from '../store/contract-engines.js';
import { pageClient } from './page-client.js';

const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
const MCP_TOKEN = 'mcp-token-0123456789abcdef';
const CAROL = 'approver-carol-0123456789';
const DAVE = 'approver-dave-0123456789ab';

describe.each(contractEngines())('parked approvals over MCP HTTP: $name', (engine) => {
  const open = storeOpener(engine);
  let dir: string;
  const servers: RunningHttpServer[] = [];
  const clients: Client[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-park-http-'));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });

  async function replica(approvalTimeout = 60): Promise<{ server: RunningHttpServer; store: Store; base: string }> {
    const store = open({ timeoutMs: scaled(5_000) });
    const server = await startMcpHttpServer(
      ({ session }) =>
        createToolkit({
          workspace: dir,
          policy,
          session,
          store,
          approvals: true,
          approvalTimeout,
          user: createMcpElicitationUserChannel(),
        }),
      {
        authToken: MCP_TOKEN,
        approvals: { store, approverTokens: [{ name: 'carol', token: CAROL }, DAVE] },
      },
    );
    servers.push(server);
    return { server, store, base: server.url.replace(/\/mcp$/, '') };
  }

  async function headless(url: string): Promise<Client> {
    const client = new Client({ name: 'headless', version: '1.0.0' }, { capabilities: {} });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${MCP_TOKEN}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  const write = (client: Client, name: string, signal?: AbortSignal) =>
    client.callTool({ name: 'write_file', arguments: { path: name, content: 'x' } }, undefined, {
      timeout: scaled(60_000),
      ...(signal ? { signal } : {}),
    }) as Promise<CallToolResult>;
  const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  const exists = (name: string) =>
    readFile(join(dir, name)).then(
      () => true,
      () => false,
    );
  async function parked(store: Store): Promise<ApprovalRecord> {
    let found: ApprovalRecord | undefined;
    await expect
      .poll(async () => (found = (await store.approvals.list({ status: 'pending' }))[0]), { timeout: scaled(15_000) })
      .toBeDefined();
    return found!;
  }

  it("parked on one replica, approved on the other replica's page: the call runs, audited as the approver", async () => {
    const a = await replica();
    const b = await replica();
    const client = await headless(a.server.url);
    const call = write(client, 'approved.txt');
    const record = await parked(b.store);
    const page = await pageClient(b.base).login(CAROL);
    expect(await page.list()).toContain(record.id);
    expect((await page.decide(record.id, 'approve')).location).toBe('/approvals?notice=approved');
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(await exists('approved.txt')).toBe(true);
    const audit = await b.store.audit.query({ operation: 'filesystem.write_file', limit: 100 });
    // The approver's entry and the call's own (also 'approved') are written close together: in
    // either order.
    expect(audit).toContainEqual(
      expect.objectContaining({
        decision: 'approved',
        principal: 'carol',
        input: expect.objectContaining({ approval_id: record.id }),
      }),
    );
  });

  it('denied on the page: refused naming who denied and why', async () => {
    const a = await replica();
    const b = await replica();
    const call = write(await headless(a.server.url), 'denied.txt');
    const record = await parked(a.store);
    const page = await pageClient(b.base).login(DAVE);
    // A reason with control, bidi or NUL characters decides nothing: the page says why.
    for (const reason of ['see \u202eevil\u202c', 'a\u001b[2J', 'nul\u0000', 'c1\u009b31m'])
      expect((await page.decide(record.id, 'deny', reason)).location).toBe('/approvals?notice=reason');
    expect((await a.store.approvals.get(record.id))?.status).toBe('pending');
    await page.decide(record.id, 'deny', 'needs a ticket');
    const result = await call;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/denied by approver-token:[0-9a-f]{12}: needs a ticket/);
    expect(await exists('denied.txt')).toBe(false);
  });

  it('decided through `toolwright approvals` over the same store: approve runs, a second decision is refused', async () => {
    const a = await replica();
    const call = write(await headless(a.server.url), 'cli.txt');
    const record = await parked(a.store);
    const store = ['--store', engine.spec(), '-w', dir];
    const list = await cli(['approvals', 'list', ...store]);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toContain(record.id);
    const approve = await cli(['approvals', 'approve', record.id, '--as', 'ops-erin', ...store]);
    expect(approve.code, approve.err).toBe(0);
    expect((await call).isError).toBeFalsy();
    expect(await exists('cli.txt')).toBe(true);
    const again = await cli(['approvals', 'deny', record.id, ...store]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already approved by ops-erin/);
  });

  it('nobody decides: the call is denied when its time runs out', async () => {
    const a = await replica(1);
    const result = await write(await headless(a.server.url), 'late.txt');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/nobody decided within 1 s/);
    expect((await a.store.approvals.list({ status: 'expired' })).length).toBeGreaterThan(0);
  });

  it('the client cancels: the record is cancelled and a later approval changes nothing', async () => {
    const a = await replica();
    const abort = new AbortController();
    const call = write(await headless(a.server.url), 'gone.txt', abort.signal);
    call.catch(() => undefined);
    const record = await parked(a.store);
    abort.abort();
    await expect
      .poll(async () => (await a.store.approvals.get(record.id))?.status, { timeout: scaled(10_000) })
      .toBe('cancelled');
    const page = await pageClient(a.base).login(CAROL);
    expect((await page.decide(record.id, 'approve')).location).toBe('/approvals?notice=decided');
    expect(await exists('gone.txt')).toBe(false);
  });

  it('only approvers: the MCP token is signed in but refused (403), a wrong token 401, no CSRF token 403', async () => {
    const a = await replica();
    const call = write(await headless(a.server.url), 'csrf.txt');
    const record = await parked(a.store);
    const mcp = await pageClient(a.base).login(MCP_TOKEN);
    expect((await mcp.get('/approvals')).status).toBe(403);
    expect((await mcp.get('/approvals/events')).status).toBe(403);
    expect((await mcp.decide(record.id, 'approve', undefined, { csrf: 'x' })).status).toBe(403);
    const bearer = await fetch(`${a.base}/approvals`, { headers: { authorization: `Bearer ${MCP_TOKEN}` } });
    expect(bearer.status).toBe(403);
    const wrong = await pageClient(a.base).tryLogin('not-a-token-at-all-000');
    expect(wrong.status).toBe(401);
    const carol = await pageClient(a.base).login(CAROL);
    expect((await carol.decide(record.id, 'approve', undefined, { csrf: '' })).status).toBe(403);
    expect((await carol.decide(record.id, 'approve', undefined, { csrf: 'A'.repeat(43) })).status).toBe(403);
    const other = await pageClient(a.base).login(DAVE);
    expect((await carol.decide(record.id, 'approve', undefined, { csrf: other.csrf })).status).toBe(403);
    expect((await a.store.approvals.get(record.id))?.status).toBe('pending');
    await carol.decide(record.id, 'deny');
    expect((await call).isError).toBe(true);
  });

  it('a form posted from another origin of the host (another port) is refused: sign in, sign out, decide', async () => {
    const a = await replica();
    const call = write(await headless(a.server.url), 'origin.txt');
    const record = await parked(a.store);
    const carol = await pageClient(a.base).login(CAROL);
    const own = new URL(a.base);
    const post = (path: string, origin: string, form: Record<string, string>, cookie?: string) =>
      fetch(`${a.base}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin,
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(form).toString(),
      });
    const cookie = carol.cookie;
    for (const origin of [`http://localhost:1`, `http://127.0.0.1:${Number(own.port) + 1}`, `http://${own.hostname}`]) {
      const login = await post('/approvals/login', origin, { token: DAVE });
      expect([origin, login.status, login.headers.get('set-cookie')]).toEqual([origin, 403, null]);
      const logout = await post('/approvals/logout', origin, {}, cookie);
      expect([origin, logout.status, logout.headers.get('set-cookie')]).toEqual([origin, 403, null]);
      const decide = await post(
        '/approvals/decide',
        origin,
        { id: record.id, decision: 'approve', csrf: carol.csrf },
        cookie,
      );
      expect([origin, decide.status]).toEqual([origin, 403]);
    }
    expect((await a.store.approvals.get(record.id))?.status).toBe('pending');
    // From the page's own origin the same forms work.
    const same = await post(
      '/approvals/decide',
      own.origin,
      { id: record.id, decision: 'deny', csrf: carol.csrf },
      cookie,
    );
    expect(same.status).toBe(303);
    expect((await call).isError).toBe(true);
    const out = await post('/approvals/logout', own.origin, {}, cookie);
    expect([out.status, out.headers.get('set-cookie')?.startsWith('tw_approvals=;')]).toEqual([303, true]);
  });

  it('the page is strict: CSP without inline script, no-store, HttpOnly SameSite=Strict cookie on /approvals, escaped values', async () => {
    const a = await replica();
    const client = await headless(a.server.url);
    const call = client.callTool(
      {
        name: 'write_file',
        arguments: { path: '<script>alert(1)</script>.txt', content: '"><img src=x onerror=alert(1)>' },
      },
      undefined,
      { timeout: scaled(60_000) },
    ) as Promise<CallToolResult>;
    const record = await parked(a.store);
    const login = await pageClient(a.base).tryLogin(CAROL);
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/approvals/);
    const page = await pageClient(a.base).login(CAROL);
    const reply = await page.get('/approvals');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(reply.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
    const body = await reply.text();
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;.txt');
    expect(body).not.toMatch(/<script>(?!<\/script>)/);
    expect(body).toContain('<script src="/approvals/app.js" defer></script>');
    expect((await page.get('/approvals/app.js')).headers.get('content-type')).toMatch(/javascript/);
    await page.decide(record.id, 'deny');
    await call;
  });
});
