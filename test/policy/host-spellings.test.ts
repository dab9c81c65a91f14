// Host rules against spellings of a host that the resolver or the socket treat as that host: extra
// trailing dots (`blocked.test..`, also as `%2e%2e` and on a redirect hop) and IPv4-mapped IPv6
// addresses (`[::ffff:127.0.0.1]`). The guard is lifted (allowPrivateNetwork) so that only the
// policy stands between a call and the loopback server; names resolve to 127.0.0.1 by a lookup.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, createToolkit, type PolicyOptions } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import type { ResolvedAddress } from '../../src/runtime/net/address-guard.js';
import { tempDir } from '../support/helpers.js';

const webFetch = operations.find((o) => o.name === 'web_fetch')!;

let server: Server;
let port: number;
/** `Host` headers of the requests the server got. */
const reached: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    reached.push(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/r') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function toolkitWith(policy: PolicyOptions) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const toolkit = createToolkit({ workspace: await tempDir(), web: { allowPrivateNetwork: true, lookup }, policy });
  const fetch = (url: string) => toolkit.invoke('web', 'web_fetch', { url, format: 'raw', timeout_ms: 5000 });
  return { fetch, asked };
}

describe('a host with an empty label', () => {
  const denying: PolicyOptions = {
    default: 'allow',
    rules: [{ operation: 'web_fetch', host: ['blocked.test', '*.evil.test'], decision: 'deny', reason: 'denied host' }],
  };

  it('is refused, not let past a deny rule: trailing dots, %2e%2e, and on a redirect hop', async () => {
    const { fetch, asked } = await toolkitWith(denying);
    reached.length = 0;
    for (const url of [
      `http://blocked.test..:${port}/`,
      `http://blocked.test...:${port}/`,
      `http://a.evil.test..:${port}/`,
      `http://blocked.test%2e%2e:${port}/`,
      `http://ok.test:${port}/r?to=${encodeURIComponent(`http://blocked.test..:${port}/`)}`,
      `http://ok.test:${port}/r?to=${encodeURIComponent(`http://a.evil.test%2E%2E:${port}/`)}`,
    ]) {
      const result = await fetch(url);
      expect(result.ok, url).toBe(false);
      expect(result.text, url).toMatch(/empty label/);
    }
    expect(reached.filter((host) => !host.startsWith('ok.test:'))).toEqual([]);
    expect(asked.filter((host) => host !== 'ok.test')).toEqual([]);
  });

  it('one trailing dot is the same host: denied by the rule, and allowed where the host is', async () => {
    const { fetch } = await toolkitWith(denying);
    for (const url of [`http://blocked.test.:${port}/`, `http://a.evil.test.:${port}/`]) {
      const result = await fetch(url);
      expect(!result.ok && result.error.code, url).toBe('DENIED_BY_POLICY');
      expect(result.text, url).toContain('denied host');
    }
    expect((await fetch(`http://ok.test.:${port}/`)).ok).toBe(true);
  });

  it('is not allowed by an allow rule for the host it spells', async () => {
    const { fetch } = await toolkitWith({
      default: 'deny',
      rules: [{ operation: 'web_fetch', host: ['docs.test', '*.docs.test'], decision: 'allow' }],
    });
    expect((await fetch(`http://docs.test:${port}/`)).ok).toBe(true);
    for (const url of [`http://docs.test..:${port}/`, `http://a.docs.test..:${port}/`]) {
      expect((await fetch(url)).ok, url).toBe(false);
    }
  });

  it('in a rule is a compile error, not a rule that matches nothing', () => {
    for (const host of ['blocked.test..', 'a..test', '*.evil.test..', '*..evil.test', '.', '..']) {
      expect(
        () => compilePolicy({ rules: [{ operation: 'web_fetch', host, decision: 'deny' }], default: 'allow' }),
        host,
      ).toThrow(/not a valid host name/);
    }
    // One trailing dot is still the host itself.
    expect(() =>
      compilePolicy({ rules: [{ operation: 'web_fetch', host: 'blocked.test.', decision: 'deny' }] }),
    ).not.toThrow();
  });
});

describe('an IPv4-mapped IPv6 address', () => {
  const decide = (host: string, url: string) =>
    compilePolicy({ rules: [{ operation: 'web_fetch', host, decision: 'deny' }], default: 'allow' }).decideCall(
      webFetch,
      { url },
      { workspaceRoot: '/ws' },
    );

  it('is the IPv4 address to a rule, whichever way the rule or the URL writes it', async () => {
    const cases: [string, string][] = [
      ['169.254.169.254', 'http://[::ffff:169.254.169.254]/latest/meta-data/'],
      ['169.254.169.254', 'http://[::ffff:a9fe:a9fe]/'],
      ['169.254.169.254', 'http://[0:0:0:0:0:ffff:a9fe:a9fe]/'],
      ['::ffff:169.254.169.254', 'http://169.254.169.254/'],
      ['[::ffff:a9fe:a9fe]', 'http://[::ffff:169.254.169.254]/'],
      ['127.0.0.1', 'http://[::ffff:7f00:1]/'],
    ];
    for (const [host, url] of cases) expect((await decide(host, url)).decision, `${host} ${url}`).toBe('deny');
    // Only the mapped form: an IPv4-compatible or other IPv6 address is another address.
    expect((await decide('127.0.0.1', 'http://[::7f00:1]/')).decision).toBe('allow');
    expect((await decide('127.0.0.1', 'http://[::ffff:7f00:2]/')).decision).toBe('allow');
  });

  it('does not get past a deny rule on the address once the guard is lifted, nor on a redirect hop', async () => {
    const { fetch } = await toolkitWith({
      default: 'allow',
      rules: [{ operation: 'web_fetch', host: '127.0.0.1', decision: 'deny', reason: 'no loopback' }],
    });
    reached.length = 0;
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://ok.test:${port}/r?to=${encodeURIComponent(`http://[::ffff:7f00:1]:${port}/`)}`,
    ]) {
      const result = await fetch(url);
      expect(!result.ok && result.error.code, url).toBe('DENIED_BY_POLICY');
    }
    expect(reached.filter((host) => !host.startsWith('ok.test:'))).toEqual([]);
  });
});
