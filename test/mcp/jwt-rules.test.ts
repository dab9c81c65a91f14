// What a JWT must say to be let through, and who it makes the calls act for: `exp` is required, the
// type is an access token or a plain JWT, the principal is the issuer and the subject together (two
// issuers' `alice` are two principals, seeing nothing of each other's), and a scope claim chooses
// the policy the calls run under — a token whose claim chooses none is refused.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startMcpHttpServer,
  type McpHttpOptions,
  type RunningHttpServer,
} from '../../src/adapters/mcp/transports/http.js';
import { jwtPrincipal } from '../../src/adapters/mcp/transports/http-jwt.js';
import { createToolkit, openStore } from '../../src/index.js';
import { cli } from '../support/cli.js';
import { tempDir } from '../support/helpers.js';

const AUDIENCE = 'toolwright-test';
const ISSUER = 'http://127.0.0.1/issuer';
let jwks: Server;
let jwksUrl: string;
let key: CryptoKey;
let running: RunningHttpServer | undefined;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const keys = [{ ...(await exportJWK(pair.publicKey)), kid: 'main', alg: 'RS256', use: 'sig' }];
  jwks = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys })),
  );
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const now = () => Math.floor(Date.now() / 1000);

interface Claims {
  sub?: string | undefined;
  iss?: string | undefined;
  exp?: number | undefined;
  typ?: string | undefined;
  [claim: string]: unknown;
}

/** A token signed by the JWKS key: `alice` of ISSUER for this audience, valid five minutes, unless told otherwise. */
async function token(claims: Claims = {}): Promise<string> {
  const { typ, ...body } = { sub: 'alice', iss: ISSUER, exp: now() + 300, typ: 'JWT', ...claims };
  const payload: Record<string, unknown> = { aud: AUDIENCE };
  for (const [name, value] of Object.entries(body)) if (value !== undefined) payload[name] = value;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'main', ...(typ !== undefined ? { typ } : {}) })
    .sign(key);
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: {
    result?: { structuredContent?: Record<string, unknown>; isError?: boolean; content?: unknown };
    error?: { message?: string };
  };
}

function send(url: string, message: unknown, headers: Record<string, string>): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          const data = /^data: (.*)$/m.exec(body)?.[1] ?? body;
          let json = {} as Reply['json'];
          try {
            json = JSON.parse(data) as Reply['json'];
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(message));
  });
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const call = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name, arguments: args },
});
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'jwt-rules', version: '1' } },
};

async function serve(workspace: string, options: Partial<McpHttpOptions> = {}, store?: string) {
  running = await startMcpHttpServer(
    ({ session, policy }) =>
      createToolkit({ workspace, session, ...(store ? { store } : {}), ...(policy !== undefined ? { policy } : {}) }),
    { stateless: true, ...options, authJwt: { jwksUrl, audience: AUDIENCE, ...options.authJwt } },
  );
  return running;
}

describe('what a token must say', () => {
  it('exp is required: no exp, an exp in the past or not a number is a 401 that says so', async () => {
    const server = await serve(await tempDir());
    const cases: [string, string, RegExp][] = [
      ['no exp', await token({ exp: undefined }), /no expiry time \(exp\)/],
      ['expired', await token({ exp: now() - 3600 }), /expired/],
      ['exp a string', await token({ exp: 'tomorrow' as unknown as number }), /exp/],
      ['no issuer', await token({ iss: undefined }), /issuer \(iss\)/],
      ['no subject', await token({ sub: undefined }), /subject \(sub\)/],
      ['a subject with a bidi override', await token({ sub: 'eve\u202eecila' }), /subject/],
      ['a subject with an escape sequence', await token({ sub: 'eve\u001b[2K' }), /subject/],
      ['an issuer with a zero-width space', await token({ iss: `${ISSUER}\u200b` }), /issuer/],
    ];
    for (const [label, jwt, why] of cases) {
      const reply = await send(server.url, call('task_list', {}), bearer(jwt));
      expect(reply.status, label).toBe(401);
      expect(String(reply.json.error?.message), label).toMatch(why);
      expect(String(reply.headers['www-authenticate']), label).toContain('error="invalid_token"');
    }
  });

  it('typ: JWT and at+jwt in any case (with or without application/) or none pass; any other type is refused', async () => {
    const server = await serve(await tempDir());
    for (const typ of [
      'JWT',
      'jwt',
      'at+jwt',
      'at+JWT',
      'AT+JWT',
      'application/at+jwt',
      'application/JWT',
      undefined,
    ]) {
      const reply = await send(server.url, call('task_list', {}), bearer(await token({ typ })));
      expect(reply.status, String(typ)).toBe(200);
    }
    for (const typ of ['JOSE', 'JOSE+JSON', 'secevent+jwt', 'logout+jwt', 'dpop+jwt', 'id+jwt', 'at+jwt2', '']) {
      const reply = await send(server.url, call('task_list', {}), bearer(await token({ typ })));
      expect(reply.status, typ).toBe(401);
      expect(String(reply.json.error?.message), typ).toMatch(/typ header is neither at\+jwt nor JWT/);
    }
  });
});

describe('the principal is issuer and subject', () => {
  it('is unambiguous: a | or % inside either part is encoded', () => {
    expect(jwtPrincipal('https://idp.test/', 'alice')).toBe('https://idp.test/|alice');
    expect(jwtPrincipal('x', 'a|b')).not.toBe(jwtPrincipal('x|a', 'b'));
    expect(jwtPrincipal('x', 'a|b')).toBe('x|a%7Cb');
    expect(jwtPrincipal('x%7Ca', 'b')).toBe('x%257Ca|b');
    expect(jwtPrincipal('x%7Ca', 'b')).not.toBe(jwtPrincipal('x|a', 'b'));
  });

  for (const stateless of [true, false]) {
    it(`two issuers' alice are two principals: tasks, sessions and audit apart (${stateless ? 'stateless' : 'sessions'})`, async () => {
      const workspace = await tempDir();
      const store = join(workspace, '..', `store-${Math.random().toString(36).slice(2)}`);
      const server = await serve(workspace, { stateless }, store);
      const issuers = ['http://127.0.0.1/one', 'http://127.0.0.1/two'];
      const headers: Record<string, string>[] = [];
      for (const iss of issuers) {
        let h: Record<string, string> = bearer(await token({ iss, sub: 'alice' }));
        if (!stateless) {
          const opened = await send(server.url, initialize, h);
          h = { ...h, 'mcp-session-id': String(opened.headers['mcp-session-id']) };
        }
        headers.push(h);
      }
      const created = await send(server.url, call('task_create', { title: 'of the first alice' }), headers[0]!);
      expect(created.json.result?.isError).toBeFalsy();
      const other = await send(server.url, call('task_list', {}), headers[1]!);
      expect(other.json.result?.structuredContent).toMatchObject({ tasks: [] });
      const own = await send(server.url, call('task_list', {}), headers[0]!);
      expect(own.json.result?.structuredContent).toMatchObject({ tasks: [{ title: 'of the first alice' }] });
      if (!stateless) {
        // The second alice's valid token does not open the first alice's session.
        const hijack = await send(server.url, call('task_list', {}), {
          ...bearer(await token({ iss: issuers[1], sub: 'alice' })),
          'mcp-session-id': headers[0]!['mcp-session-id']!,
        });
        expect(hijack.status).toBe(404);
      }
      await running!.close();
      running = undefined;
      const opened = openStore(store);
      try {
        const principals = new Set((await opened.audit.query()).map((e) => e.principal));
        expect([...principals].sort()).toEqual(issuers.map((iss) => `${iss}|alice`));
      } finally {
        await opened.close();
      }
      const table = await cli(['audit', '--store', store]);
      expect(table.out).toContain('http://127.0.0.1/one|alice');
      const filtered = await cli(['audit', '--store', store, '--principal', 'http://127.0.0.1/two|alice', '--json']);
      expect(filtered.out.trim().split('\n')).toHaveLength(1);
    });
  }

  it('a host naming a principal with invisible characters is refused', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    for (const principal of ['eve\u202e', 'eve\u200b', 'eve\u2028x', 'eve\u001b[2K']) {
      const result = await toolkit.invoke('task', 'task_list', {}, { principal });
      expect(result.ok ? 'OK' : result.error.code, JSON.stringify(principal)).toBe('INVALID_INPUT');
    }
    expect(() => createToolkit({ workspace: '/tmp', principal: 'a\u2066b' })).toThrow(/invisible/);
  });
});

describe('a scope claim chooses the policy', () => {
  const roles = {
    scopeClaim: 'roles',
    scopePolicies: [
      ['admin', 'allowAll'],
      ['reader', 'readOnly'],
    ] as const,
  };

  for (const stateless of [true, false]) {
    it(`each token's calls run under the policy its claim chose; none chosen is a 403 (${stateless ? 'stateless' : 'sessions'})`, async () => {
      const workspace = await tempDir();
      const server = await serve(workspace, { stateless, authJwt: { jwksUrl, audience: AUDIENCE, ...roles } });
      const open = async (jwt: string): Promise<Record<string, string>> => {
        if (stateless) return bearer(jwt);
        const opened = await send(server.url, initialize, bearer(jwt));
        expect(opened.status).toBe(200);
        return { ...bearer(jwt), 'mcp-session-id': String(opened.headers['mcp-session-id']) };
      };
      const write = (h: Record<string, string>) =>
        send(server.url, call('write_file', { path: 'a.txt', content: 'x' }), h);
      const reader = await open(await token({ roles: ['reader'] }));
      const readerWrite = await write(reader);
      expect(readerWrite.json.result?.isError).toBe(true);
      expect(JSON.stringify(readerWrite.json.result?.content)).toContain('DENIED_BY_POLICY');
      // Both values: the first listed (admin) wins.
      const admin = await open(await token({ sub: 'root', roles: ['reader', 'admin'] }));
      expect((await write(admin)).json.result?.isError).toBeFalsy();
      for (const [label, claims] of [
        ['no claim', {}],
        ['an unknown value', { roles: ['guest'] }],
        ['an empty list', { roles: [] }],
        ['not strings', { roles: [1, true] }],
        ['another claim holding the value', { scope: 'admin' }],
      ] as const) {
        const reply = await send(
          server.url,
          stateless ? call('task_list', {}) : initialize,
          bearer(await token(claims)),
        );
        expect(reply.status, label).toBe(403);
        expect(String(reply.headers['www-authenticate']), label).toContain('error="insufficient_scope"');
      }
      if (!stateless) {
        // A session stays under the policy it was opened with: a token choosing another does not use it.
        const other = await send(server.url, call('task_list', {}), {
          ...bearer(await token({ roles: ['admin'] })),
          'mcp-session-id': reader['mcp-session-id']!,
        });
        expect(other.status).toBe(404);
      }
    });
  }

  it('reads a space-separated scope string', async () => {
    const server = await serve(await tempDir(), {
      authJwt: { jwksUrl, audience: AUDIENCE, scopeClaim: 'scope', scopePolicies: [['tools:write', 'allowAll']] },
    });
    const ok = await send(server.url, call('task_list', {}), bearer(await token({ scope: 'openid tools:write' })));
    expect(ok.status).toBe(200);
    const refused = await send(server.url, call('task_list', {}), bearer(await token({ scope: 'openid tools:read' })));
    expect(refused.status).toBe(403);
  });

  it('a factory that does not apply the chosen policy runs nothing; a toolkit without a factory is refused', async () => {
    const workspace = await tempDir();
    running = await startMcpHttpServer(({ session }) => createToolkit({ workspace, session }), {
      stateless: true,
      authJwt: { jwksUrl, audience: AUDIENCE, ...roles },
    });
    const reply = await send(
      running.url,
      call('write_file', { path: 'a.txt', content: 'x' }),
      bearer(await token({ roles: ['reader'] })),
    );
    expect(reply.status).toBe(500);
    expect(String(reply.json.error?.message)).toMatch(/did not pass scope.policy/);
    await expect(
      startMcpHttpServer(createToolkit({ workspace }), { authJwt: { jwksUrl, audience: AUDIENCE, ...roles } }),
    ).rejects.toThrow(/toolkit factory/);
    await expect(
      startMcpHttpServer(createToolkit({ workspace }), {
        authJwt: { jwksUrl, audience: AUDIENCE, scopeClaim: 'roles' },
      }),
    ).rejects.toThrow(/policy of each value/);
  });

  it('the CLI flags: the claim and its policies go together, and replace --policy', async () => {
    const workspace = await tempDir();
    const jwt = ['mcp', '--http', '0', '-w', workspace, '--auth-jwks', jwksUrl, '--auth-audience', AUDIENCE];
    const alone = await cli([...jwt, '--auth-scope-claim', 'roles']);
    expect(alone.code).toBe(2);
    expect(alone.err).toMatch(/go together/);
    const both = await cli([
      ...jwt,
      '--auth-scope-claim',
      'roles',
      '--auth-scope-policy',
      'admin=allowAll',
      '--policy',
      'readOnly',
    ]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--policy does not apply/);
    const bad = await cli([...jwt, '--auth-scope-claim', 'roles', '--auth-scope-policy', 'admin']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/VALUE=POLICY/);
    const unknown = await cli([...jwt, '--auth-scope-claim', 'roles', '--auth-scope-policy', 'admin=readOnyl']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/not a preset/);
    const withoutJwks = await cli(['mcp', '--http', '0', '-w', workspace, '--auth-scope-claim', 'roles']);
    expect(withoutJwks.code).toBe(2);
  });
});
