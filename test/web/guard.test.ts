// The SSRF defence of web_fetch. Fetch-level tests only use addresses that mean this machine
// (127/8, ::1, 0.0.0.0 and their encodings) or host names resolved by an injected lookup to
// 127.0.0.1, so even a broken guard could not send traffic anywhere else. Other ranges are
// checked with checkTarget/blockedReason directly, which never connect.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockedReason, checkTarget, type ResolvedAddress } from '../../src/runtime/net/address-guard.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult, WebOptions } from '../../src/runtime/contract/types.js';
import { startTestServer, type TestServer } from '../support/web-server.js';

let server: TestServer;
let workspace: string;

beforeAll(async () => {
  server = await startTestServer();
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-web-guard-'));
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

function fetchWith(web: WebOptions, url: string): Promise<InvokeResult> {
  return createToolkit({ workspace, web }).invoke('web', 'web_fetch', { url, timeout_ms: 5000 });
}

/** A resolver that maps names to addresses and records every question it was asked. */
function resolver(table: Record<string, string | string[]>) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const answer = table[hostname];
    if (answer === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { lookup, asked };
}

describe('blocked by default', () => {
  const forms = (port: number) => [
    `http://127.0.0.1:${port}/html`,
    `http://127.0.0.2:${port}/html`,
    `http://2130706433:${port}/html`,
    `http://0x7f.1:${port}/html`,
    `http://0x7f000001:${port}/html`,
    `http://017700000001:${port}/html`,
    `http://127.1:${port}/html`,
    `http://[::1]:${port}/html`,
    `http://[::ffff:127.0.0.1]:${port}/html`,
    `http://[::ffff:7f00:1]:${port}/html`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/html`,
    `http://[::127.0.0.1]:${port}/html`,
    `http://0.0.0.0:${port}/html`,
    `http://0:${port}/html`,
    `http://[::]:${port}/html`,
    `https://127.0.0.1:${port}/html`,
  ];

  it('refuses every encoding of this machine and never connects', async () => {
    for (const url of forms(server.port)) {
      const result = await fetchWith({}, url);
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.error.code, url).toBe('BLOCKED_URL');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('names the address and the reason', async () => {
    const result = await fetchWith({}, `http://2130706433:${server.port}/`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('127.0.0.1 is a loopback address');
    expect(result.error.details).toMatchObject({ address: '127.0.0.1', reason: 'a loopback address' });
  });

  it('refuses a host name that resolves to loopback, without connecting', async () => {
    const { lookup, asked } = resolver({ 'innocent.test': '127.0.0.1' });
    const result = await fetchWith({ lookup }, `http://innocent.test:${server.port}/html`);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('BLOCKED_URL');
      expect(result.error.message).toContain('innocent.test resolves to 127.0.0.1');
    }
    expect(asked).toEqual(['innocent.test']);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses "localhost" (resolved by the system) and a trailing-dot variant', async () => {
    for (const url of [`http://localhost:${server.port}/`, `http://LOCALHOST.:${server.port}/`]) {
      const result = await fetchWith({}, url);
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(['BLOCKED_URL', 'NETWORK_ERROR']).toContain(result.error.code);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('address ranges (checked without connecting)', () => {
  const blocked = [
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.2.10', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['2002:a9fe:a9fe::', '6to4'],
    ['2001::1', 'Teredo'],
    ['::a9fe:a9fe', 'outside global unicast'],
  ] as const;

  it.each(blocked)('%s is refused as %s', (address, words) => {
    expect(blockedReason(address)).toContain(words);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    '%s is public',
    (address) => {
      expect(blockedReason(address)).toBeUndefined();
    },
  );

  it('checks literal URLs in every range', async () => {
    for (const [address] of blocked) {
      const host = address.includes(':') ? `[${address}]` : address;
      await expect(checkTarget(new URL(`http://${host}/`), {}), address).rejects.toMatchObject({ code: 'BLOCKED_URL' });
    }
  });

  it('refuses a name when any of its addresses is private (metadata behind a public one)', async () => {
    const { lookup } = resolver({ 'mixed.test': ['93.184.216.34', '169.254.169.254'] });
    await expect(checkTarget(new URL('http://mixed.test/'), { lookup })).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      details: { address: '169.254.169.254' },
    });
  });

  it('passes a name with only public addresses and returns exactly them for the connection', async () => {
    const { lookup } = resolver({ 'public.test': ['93.184.216.34', '2606:2800:220:1::'] });
    const target = await checkTarget(new URL('http://public.test/'), { lookup });
    expect(target.addresses).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::', family: 6 },
    ]);
  });

  it('reports an unresolvable name as NETWORK_ERROR', async () => {
    const { lookup } = resolver({});
    await expect(checkTarget(new URL('http://nowhere.test/'), { lookup })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    const empty = async () => [];
    await expect(checkTarget(new URL('http://empty.test/'), { lookup: empty })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});

describe('allowing hosts', () => {
  it('allowPrivateNetwork reaches the loopback server', async () => {
    const result = await fetchWith({ allowPrivateNetwork: true }, `${server.origin}/text`);
    expect(result.ok).toBe(true);
  });

  it('allowHosts accepts an IP literal, a CIDR range, a name and a *.wildcard', async () => {
    const { lookup } = resolver({ 'app.test': '127.0.0.1', 'api.svc.test': '127.0.0.1' });
    const cases: [WebOptions, string][] = [
      [{ allowHosts: ['127.0.0.1'] }, `${server.origin}/text`],
      [{ allowHosts: ['127.0.0.0/8'] }, `${server.origin}/text`],
      [{ allowHosts: ['app.test'], lookup }, `http://app.test:${server.port}/text`],
      [{ allowHosts: ['*.svc.test'], lookup }, `http://api.svc.test:${server.port}/text`],
    ];
    for (const [web, url] of cases) {
      const result = await fetchWith(web, url);
      expect(result.ok, JSON.stringify(web.allowHosts)).toBe(true);
    }
  });

  it('allowing one host does not allow another', async () => {
    const { lookup } = resolver({ 'app.test': '127.0.0.1', 'other.test': '127.0.0.1' });
    for (const url of [
      `${server.origin}/text`,
      `http://other.test:${server.port}/text`,
      `http://[::1]:${server.port}/`,
    ]) {
      const result = await fetchWith({ allowHosts: ['app.test'], lookup }, url);
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('BLOCKED_URL');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('connects to the checked address: a name no real DNS knows is reached through the pinned answer, asked once', async () => {
    // A rebinding resolver: the first answer is the allowed loopback address, any later one is not.
    let calls = 0;
    const lookup = async (): Promise<ResolvedAddress[]> => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.99', family: 4 }];
    };
    const result = await fetchWith(
      { allowHosts: ['127.0.0.1/32'], lookup },
      `http://rebind.invalid:${server.port}/headers`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const seen = JSON.parse((result.output as { content: string }).content) as { headers: Record<string, string> };
    expect(seen.headers.host).toBe(`rebind.invalid:${server.port}`);
    expect(calls).toBe(1);
  });
});

describe('redirects are re-checked', () => {
  it('refuses a redirect from an allowed host to a blocked address', async () => {
    const { lookup } = resolver({ 'app.test': '127.0.0.1' });
    const target = `http://127.0.0.1:${server.port}/html`;
    const result = await fetchWith(
      { allowHosts: ['app.test'], lookup },
      `http://app.test:${server.port}/redirect-to?location=${encodeURIComponent(target)}`,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('BLOCKED_URL');
    expect(server.requests.map((r) => r.url)).toEqual([`/redirect-to?location=${encodeURIComponent(target)}`]);
  });

  it('refuses a redirect to a name that resolves to a blocked address', async () => {
    const { lookup, asked } = resolver({ 'app.test': '127.0.0.1', 'evil.test': '127.0.0.1' });
    const result = await fetchWith(
      { allowHosts: ['app.test'], lookup },
      `http://app.test:${server.port}/redirect-to?location=${encodeURIComponent(`http://evil.test:${server.port}/html`)}`,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('BLOCKED_URL');
    expect(asked).toEqual(['app.test', 'evil.test']);
    expect(server.requests).toHaveLength(1);
  });

  it('resolves each hop afresh when both hosts are allowed', async () => {
    const { lookup, asked } = resolver({ 'a.test': '127.0.0.1', 'b.test': '127.0.0.1' });
    const result = await fetchWith(
      { allowHosts: ['a.test', 'b.test'], lookup },
      `http://a.test:${server.port}/redirect-to?location=${encodeURIComponent(`http://b.test:${server.port}/headers`)}`,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect((result.output as { final_url: string }).final_url).toBe(`http://b.test:${server.port}/headers`);
      expect(JSON.parse((result.output as { content: string }).content).headers.host).toBe(`b.test:${server.port}`);
    }
    expect(asked).toEqual(['a.test', 'b.test']);
  });
});

describe('IPv6 loopback (when this machine has ::1)', () => {
  it('reaches [::1] and a name pinned to ::1 only when allowed', async () => {
    const v6 = http.createServer((req, res) => res.end(`host=${req.headers.host} from=${req.socket.remoteAddress}`));
    try {
      v6.listen(0, '::1');
      await once(v6, 'listening');
    } catch {
      return; // no IPv6 loopback here
    }
    try {
      const port = (v6.address() as AddressInfo).port;
      const blocked = await fetchWith({}, `http://[::1]:${port}/`);
      expect(blocked.ok).toBe(false);
      const literal = await fetchWith({ allowPrivateNetwork: true }, `http://[::1]:${port}/`);
      expect(literal.ok && (literal.output as { content: string }).content).toBe(`host=[::1]:${port} from=::1`);
      const { lookup } = resolver({ 'v6.test': '::1' });
      const named = await fetchWith({ allowHosts: ['v6.test'], lookup }, `http://v6.test:${port}/`);
      expect(named.ok && (named.output as { content: string }).content).toBe(`host=v6.test:${port} from=::1`);
    } finally {
      v6.close();
    }
  });
});
