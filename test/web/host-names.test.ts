// One canonical form of a host for the address guard, the connection pins and web_search's domain
// filters: a single trailing dot is the host itself, a name with an empty label (`a.test..`,
// `a..test`) is refused before anything resolves it or connects. Names resolve to 127.0.0.1 by an
// injected lookup; no traffic leaves this machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { checkTarget, parseFetchUrl, type ResolvedAddress } from '../../src/runtime/net/address-guard.js';
import { createGuardedNet, pinnedLookup } from '../../src/runtime/net/guarded.js';
import type { SearchBackend } from '../../src/runtime/services/search/backends.js';
import { createToolkit } from '../../src/toolkit.js';
import { startTestServer, type TestServer } from '../support/web-server.js';

let server: TestServer;
let workspace: string;

beforeAll(async () => {
  server = await startTestServer();
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-web-hosts-'));
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

function loopbackLookup() {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  return { lookup, asked };
}

const redirectTo = (target: string) =>
  `http://ok.test:${server.port}/redirect-to?location=${encodeURIComponent(target)}`;

describe('web_fetch and a host with an empty label', () => {
  it('refuses it as the url, as INVALID_INPUT, before resolving or connecting', async () => {
    const { lookup, asked } = loopbackLookup();
    const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true, lookup } });
    for (const host of ['a.test..', 'a.test...', 'a..test', 'a.test%2e%2e', '.a.test']) {
      const result = await toolkit.invoke('web', 'web_fetch', { url: `http://${host}:${server.port}/text` });
      expect(!result.ok && result.error.code, host).toBe('INVALID_INPUT');
      expect(result.text, host).toMatch(/empty label/);
    }
    expect(asked).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('refuses a redirect to it as BLOCKED_URL, without resolving it', async () => {
    const { lookup, asked } = loopbackLookup();
    const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true, lookup } });
    for (const target of [`http://a.test..:${server.port}/text`, `http://a.test%2E%2E:${server.port}/text`]) {
      const result = await toolkit.invoke('web', 'web_fetch', { url: redirectTo(target) });
      expect(!result.ok && result.error.code, target).toBe('BLOCKED_URL');
      expect(result.text, target).toMatch(/empty label/);
    }
    expect(asked.filter((host) => host !== 'ok.test')).toEqual([]);
    expect(server.requests.map((r) => r.url).filter((url) => url === '/text')).toEqual([]);
  });

  it('still fetches a host with one trailing dot, resolving the host itself', async () => {
    const { lookup, asked } = loopbackLookup();
    const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true, lookup } });
    const result = await toolkit.invoke('web', 'web_fetch', { url: `http://a.test.:${server.port}/text` });
    expect(result.ok).toBe(true);
    expect(asked).toEqual(['a.test']);
  });

  it('the guard refuses it wherever it is met: parsing a url, checking a target, pinning an address', async () => {
    expect(() => parseFetchUrl('http://a.test../')).toThrow(/empty label/);
    await expect(checkTarget(new URL('http://a.test../'), { allowPrivateNetwork: true })).rejects.toMatchObject({
      code: 'BLOCKED_URL',
    });
    const lookup = pinnedLookup(new Map([['a.test', [{ address: '127.0.0.1', family: 4 as const }]]]));
    const answer = (host: string) =>
      new Promise<string | undefined>((resolve) =>
        lookup(host, {}, (err, address) => resolve(err ? err.code : typeof address === 'string' ? address : undefined)),
      );
    expect(await answer('A.Test.')).toBe('127.0.0.1');
    expect(await answer('a.test..')).toBe('ENOTFOUND');
  });

  it('ctx.net refuses it as a url and on a redirect hop', async () => {
    const { lookup, asked } = loopbackLookup();
    const net = createGuardedNet({
      web: { allowPrivateNetwork: true, lookup },
      who: 'test',
      signal: new AbortController().signal,
    });
    try {
      await expect(net.check('http://a..test/')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      const error: unknown = await net.fetch(redirectTo(`http://a.test..:${server.port}/text`)).catch((e) => e);
      expect(error).toBeInstanceOf(ToolError);
      expect(error).toMatchObject({ code: 'BLOCKED_URL' });
      expect(asked).toEqual(['ok.test']);
    } finally {
      net.close();
    }
  });
});

describe('web_search domain filters and a host with an empty label', () => {
  const backend = (urls: string[]): SearchBackend => ({
    name: 'fixed',
    search: async () => urls.map((url, i) => ({ title: `r${i}`, url, snippet: '' })),
  });
  const search = (urls: string[], input: Record<string, unknown>) =>
    createToolkit({ workspace, search: backend(urls) }).invoke('web', 'web_search', { query: 'q', ...input });

  it('a result on a blocked domain spelled with extra trailing dots is dropped, not kept', async () => {
    const result = await search(
      [
        'https://blocked.example../x',
        'https://a.blocked.example.../y',
        'https://blocked.example./z',
        'https://ok.example/w',
      ],
      { blocked_domains: ['blocked.example'] },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect((result.output as { results: { url: string }[] }).results.map((r) => r.url)).toEqual([
      'https://ok.example/w',
    ]);
  });

  it('a filter entry with an empty label is refused, not kept as a domain that matches nothing', async () => {
    for (const entry of ['blocked.example..', 'a..example']) {
      const result = await search(['https://ok.example/w'], { blocked_domains: [entry] });
      expect(!result.ok && result.error.code, entry).toBe('INVALID_INPUT');
    }
    const dotted = await search(['https://blocked.example/x', 'https://ok.example/w'], {
      blocked_domains: ['blocked.example.'],
    });
    expect(dotted.ok && (dotted.output as { results: unknown[] }).results).toHaveLength(1);
  });
});
