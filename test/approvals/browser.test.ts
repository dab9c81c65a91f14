// The /approvals page in a real browser (Debian's chromium driven by playwright-core): sign in with
// the form, a call parked on one replica appears on another replica's page without a reload (Server-
// Sent Events), Approve completes it, Deny refuses it, a non-approver is refused, and a call
// nobody decides is denied and shows as expired. Skipped only when chromium is missing and
// TOOLWRIGHT_REQUIRE_BROWSER is not set.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { Store } from '../../src/runtime/store/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { scaled } from '../support/time.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const required = process.env.TOOLWRIGHT_REQUIRE_BROWSER === '1';
const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
const MCP_TOKEN = 'mcp-token-0123456789abcdef';
const CAROL = 'approver-carol-0123456789';

describe.skipIf(!present && !required)('the approvals page in chromium', () => {
  let browser: Browser;
  let dir: string;
  let storeDir: string;
  const stores: Store[] = [];
  const servers: RunningHttpServer[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    if (!present) throw new Error(`TOOLWRIGHT_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing (apt-get install chromium)`);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  }, scaled(60_000));
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
    await rm(storeDir, { recursive: true, force: true, maxRetries: 5 });
  });

  async function replica(approvalTimeout = 60) {
    const store = createEmbeddedStore(storeDir);
    stores.push(store);
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
      { authToken: MCP_TOKEN, approvals: { store, approverTokens: [{ name: 'carol', token: CAROL }] } },
    );
    servers.push(server);
    return { server, base: server.url.replace(/\/mcp$/, '') };
  }

  async function parkWrite(url: string, name: string): Promise<{ result: Promise<CallToolResult> }> {
    const client = new Client({ name: 'headless', version: '1.0.0' }, { capabilities: {} });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${MCP_TOKEN}` } },
      }),
    );
    clients.push(client);
    const call = client.callTool({ name: 'write_file', arguments: { path: name, content: 'x' } }, undefined, {
      timeout: scaled(60_000),
    }) as Promise<CallToolResult>;
    call.catch(() => undefined);
    return { result: call };
  }

  async function signIn(base: string, token: string): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/approvals`);
    await page.fill('#token', token);
    await Promise.all([page.waitForURL(`${base}/approvals`), page.click('button[type=submit]')]);
    return page;
  }

  /** Marks the document: a reload or navigation would lose the mark. */
  const mark = (page: Page) => page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 42));
  const marked = (page: Page) => page.evaluate(() => (globalThis as unknown as { mark?: number }).mark);

  const fresh = async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-browser-ws-'));
    storeDir = await mkdtemp(join(tmpdir(), 'tw-browser-store-'));
  };
  const exists = (name: string) =>
    readFile(join(dir, name)).then(
      () => true,
      () => false,
    );
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

  it("a call parked on one replica appears on the other's page without reload; Approve completes it, Deny refuses it", async () => {
    await fresh();
    const a = await replica();
    const b = await replica();
    const page = await signIn(b.base, CAROL);
    await expect.poll(() => page.getAttribute('html', 'data-live'), { timeout: scaled(10_000) }).toBe('on');
    expect(await page.textContent('#who')).toBe('carol');
    await mark(page);

    const approved = (await parkWrite(a.server.url, 'yes.txt')).result;
    const item = page.locator('li.approval', { hasText: 'yes.txt' });
    await item.waitFor({ timeout: scaled(15_000) });
    expect(await marked(page)).toBe(42);
    await page
      .locator('li.approval button.approve')
      .first()
      .click({ timeout: scaled(10_000) });
    const done = await approved;
    expect(done.isError).toBeFalsy();
    expect(await exists('yes.txt')).toBe(true);

    const denied = (await parkWrite(a.server.url, 'no.txt')).result;
    await page.goto(`${b.base}/approvals`);
    await mark(page);
    const next = page.locator('li.approval', { hasText: 'no.txt' });
    await next.waitFor({ timeout: scaled(15_000) });
    expect(await marked(page)).toBe(42);
    await page.locator('li.approval input[name=reason]').first().fill('not on a Friday');
    await page
      .locator('li.approval button.deny')
      .first()
      .click({ timeout: scaled(10_000) });
    const refused = await denied;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/denied by carol: not on a Friday/);
    expect(await exists('no.txt')).toBe(false);
    await page.context().close();
  });

  it('a non-approver is refused', async () => {
    await fresh();
    const a = await replica();
    const page = await signIn(a.base, MCP_TOKEN);
    expect(await page.textContent('body')).toMatch(/is not an approver/);
    expect(await page.locator('li.approval').count()).toBe(0);
    const reply = await page.request.get(`${a.base}/approvals`);
    expect(reply.status()).toBe(403);
    await page.context().close();
  });

  it('a call nobody decides is denied, and the page shows it expired without reload', async () => {
    await fresh();
    const a = await replica(2);
    const page = await signIn(a.base, CAROL);
    await expect.poll(() => page.getAttribute('html', 'data-live'), { timeout: scaled(10_000) }).toBe('on');
    await mark(page);
    const call = (await parkWrite(a.server.url, 'late.txt')).result;
    await page.locator('li.approval', { hasText: 'late.txt' }).waitFor({ timeout: scaled(15_000) });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/nobody decided within 2 s/);
    await page.locator('li.decided', { hasText: 'expired' }).waitFor({ timeout: scaled(15_000) });
    expect(await page.locator('li.approval').count()).toBe(0);
    expect(await marked(page)).toBe(42);
    await page.context().close();
  });
});
