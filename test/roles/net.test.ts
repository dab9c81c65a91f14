// A third party's `url` parameter gets what web_fetch gets: the URL is parsed, its host decided by
// host rules and its addresses by the address guard before the handler runs, and ctx.net connects
// only to checked addresses (every redirect hop checked, no second DNS lookup).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, vaultToolkit } from '../support/vault.js';
import { errorCode, tempDir } from '../support/helpers.js';
import { startTestServer, type TestServer } from '../support/web-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const ping = async (
  options: Parameters<typeof vaultToolkit>[0] extends infer O ? Omit<O & object, 'workspace'> : never,
  input: Record<string, unknown>,
) => vaultToolkit({ ...options, workspace: await tempDir() }).invoke('vault', 'vault_ping', input);

describe('url arguments of any provider', () => {
  it('refuse loopback, private, link-local and metadata addresses by default, before the handler runs', async () => {
    const before = server.requests.length;
    for (const target of [
      `${server.origin}/text`,
      'http://127.1:9/',
      'http://[::1]:9/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://2130706433:9/',
      'http://[::ffff:127.0.0.1]:9/',
    ]) {
      const result = await ping({}, { target });
      expect([target, errorCode(result)]).toEqual([target, 'BLOCKED_URL']);
      expect(result.ok === false && result.error.message).toMatch(/vault_ping only reaches public addresses/);
    }
    expect(server.requests.length).toBe(before);
    expect(calls).toEqual([]);
  });

  it('refuse what is not an absolute http(s) URL, or carries credentials', async () => {
    for (const target of [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'example.com/page',
      'http://user:pw@example.com/',
    ]) {
      expect([target, errorCode(await ping({}, { target }))]).toEqual([target, 'INVALID_INPUT']);
    }
  });

  it('reach a local server only when the toolkit allows it (allowPrivateNetwork, or allowHosts)', async () => {
    const open = await ping({ web: { allowPrivateNetwork: true } }, { target: `${server.origin}/text` });
    expect(open.ok && open.output).toEqual({ status: 200, body: 'just some plain text\nsecond line\n' });
    const listed = await ping({ web: { allowHosts: ['127.0.0.1'] } }, { target: `${server.origin}/json` });
    expect(listed.ok && listed.output).toMatchObject({ status: 200 });
    expect(calls.at(-1)!.ctx.urls.target).toMatchObject({
      hostname: '127.0.0.1',
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
  });

  it('check every redirect hop and every URL the handler derives, before connecting', async () => {
    const before = server.requests.length;
    // The first hop is allowed by allowHosts; its redirect to another loopback address is not.
    const hop = await ping(
      { web: { allowHosts: ['127.0.0.1'] } },
      { target: `${server.origin}/redirect-to?location=${encodeURIComponent('http://127.0.0.2:9/')}` },
    );
    expect(errorCode(hop)).toBe('BLOCKED_URL');
    expect(server.requests.length).toBe(before + 1);
    const derived = await ping(
      { web: { allowHosts: ['127.0.0.1'] } },
      { target: `${server.origin}/text`, then: 'http://169.254.169.254/' },
    );
    expect(errorCode(derived)).toBe('BLOCKED_URL');
    const scheme = await ping(
      { web: { allowPrivateNetwork: true } },
      { target: `${server.origin}/redirect-to?location=${encodeURIComponent('file:///etc/passwd')}` },
    );
    expect(errorCode(scheme)).toBe('BLOCKED_URL');
  });

  it('apply host rules to the argument and to every hop', async () => {
    const web = { allowPrivateNetwork: true };
    const denied = await ping(
      { web, policy: { rules: [{ operation: 'vault_ping', host: '127.0.0.1', decision: 'deny' }], default: 'allow' } },
      { target: `${server.origin}/text` },
    );
    expect(errorCode(denied)).toBe('DENIED_BY_POLICY');
    const onlyLocalhost = {
      rules: [{ operation: 'vault_ping', host: 'localhost', decision: 'allow' as const }],
      default: 'deny' as const,
    };
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const allowed = await ping(
      { web: { ...web, lookup }, policy: onlyLocalhost },
      { target: `http://localhost:${server.port}/text` },
    );
    expect(allowed.ok && allowed.output).toMatchObject({ status: 200 });
    const redirected = await ping(
      { web: { ...web, lookup }, policy: onlyLocalhost },
      { target: `http://localhost:${server.port}/redirect-to?location=${encodeURIComponent(`${server.origin}/text`)}` },
    );
    expect(errorCode(redirected)).toBe('DENIED_BY_POLICY');
    expect(redirected.ok === false && redirected.error.message).toMatch(/stopped at 127\.0\.0\.1/);
  });

  it('connect to the address checked before the call: the name is looked up once', async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return lookups === 1
        ? [{ address: '127.0.0.1', family: 4 as const }]
        : [{ address: '169.254.169.254', family: 4 as const }];
    };
    const result = await ping(
      { web: { allowPrivateNetwork: true, lookup } },
      { target: `http://pinned.test:${server.port}/text` },
    );
    expect(result.ok && result.output).toMatchObject({ status: 200 });
    expect(lookups).toBe(1);
    expect(server.requests.at(-1)!.headers.host).toBe(`pinned.test:${server.port}`);
  });

  it('a name that does not resolve is NETWORK_ERROR before the handler runs', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    const result = await ping({ web: { lookup } }, { target: 'http://nowhere.test/' });
    expect(errorCode(result)).toBe('NETWORK_ERROR');
    expect(calls).toEqual([]);
  });
});
