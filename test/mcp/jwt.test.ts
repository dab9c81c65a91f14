// JWT access tokens for MCP over HTTP: only a token signed by a key of the issuer's JWKS, with an
// asymmetric algorithm, in its validity window, for this audience and issuer, gets through; every
// other request is a 401 that points at the protected-resource metadata. The token's issuer and
// subject are the principal of the calls: two principals see nothing of each other's tasks or sessions.
import { createServer, request, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startMcpHttpServer,
  type McpHttpOptions,
  type RunningHttpServer,
} from '../../src/adapters/mcp/transports/http.js';
import { createToolkit, openStore } from '../../src/index.js';
import { rawModern } from '../support/mcp-modern.js';

const AUDIENCE = 'toolwright-test';
const ISSUER = 'http://127.0.0.1/issuer';
let jwks: Server;
let jwksUrl: string;
let signing: { privateKey: CryptoKey; publicKey: CryptoKey };
let other: { privateKey: CryptoKey; publicKey: CryptoKey };
let ed: { privateKey: CryptoKey; publicKey: CryptoKey };
let jwksFetches = 0;
let dir: string;
let running: RunningHttpServer | undefined;

beforeAll(async () => {
  signing = await generateKeyPair('RS256');
  other = await generateKeyPair('RS256');
  ed = await generateKeyPair('EdDSA');
  const keys: JWK[] = [
    { ...(await exportJWK(signing.publicKey)), kid: 'main', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ed.publicKey)), kid: 'ed', alg: 'EdDSA', use: 'sig' },
  ];
  jwks = createServer((req, res) => {
    jwksFetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-jwt-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

interface Claims {
  sub?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  nbf?: number;
}

const now = () => Math.floor(Date.now() / 1000);

async function token(claims: Claims = {}, key: CryptoKey = signing.privateKey, kid = 'main', alg = 'RS256') {
  const body = { sub: 'alice', aud: AUDIENCE, iss: ISSUER, exp: now() + 300, ...claims };
  let jwt = new SignJWT({}).setProtectedHeader({ alg, kid }).setIssuedAt();
  if (body.sub !== undefined) jwt = jwt.setSubject(body.sub);
  jwt = jwt.setAudience(body.aud).setIssuer(body.iss).setExpirationTime(body.exp);
  if (body.nbf !== undefined) jwt = jwt.setNotBefore(body.nbf);
  return jwt.sign(key);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function serve(options: Partial<McpHttpOptions> = {}, store?: string): Promise<RunningHttpServer> {
  running = await startMcpHttpServer(
    ({ session }) => createToolkit({ workspace: dir, session, ...(store ? { store } : {}) }),
    { authJwt: { jwksUrl, audience: AUDIENCE, issuer: ISSUER }, ...options },
  );
  return running;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { result?: { structuredContent?: Record<string, unknown>; isError?: boolean } } & Record<string, unknown>;
}

function send(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
  path?: string,
): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: path ?? target.pathname,
        method,
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
          let json = {} as Reply['json'];
          const data = /^data: (.*)$/m.exec(body)?.[1] ?? body;
          try {
            json = data ? (JSON.parse(data) as Reply['json']) : json;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify(message) : undefined);
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
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'jwt-test', version: '1' } },
};

describe('JWT access tokens', () => {
  it('lets a valid token through (RS256 and EdDSA keys of the JWKS)', async () => {
    const server = await serve({ stateless: true });
    const ok = await send(server.url, call('task_list', {}), bearer(await token()));
    expect(ok.status).toBe(200);
    expect(ok.json.result?.isError).toBeFalsy();
    const edToken = await token({}, ed.privateKey, 'ed', 'EdDSA');
    expect((await send(server.url, call('task_list', {}), bearer(edToken))).status).toBe(200);
  });

  it('refuses every token that must not verify with 401 and a pointer to the metadata', async () => {
    const server = await serve({ stateless: true });
    const publicPem = await exportSPKI(signing.publicKey);
    const hsWithPublicKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'main' })
      .setSubject('mallory')
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setExpirationTime(now() + 300)
      .sign(new TextEncoder().encode(publicPem));
    const header = { alg: 'none', typ: 'JWT' };
    const claims = { sub: 'mallory', aud: AUDIENCE, iss: ISSUER, exp: now() + 300 };
    const valid = await token();
    const [head, payload] = valid.split('.');
    const cases: [string, Record<string, string>, RegExp][] = [
      ['expired', bearer(await token({ exp: now() - 3600 })), /expired/],
      ['not yet valid', bearer(await token({ nbf: now() + 3600 })), /not valid yet/],
      ['wrong audience', bearer(await token({ aud: 'someone-else' })), /aud claim/],
      ['wrong issuer', bearer(await token({ iss: 'http://127.0.0.1/evil' })), /iss claim/],
      ['wrong key', bearer(await token({}, other.privateKey)), /signature/],
      ['alg none', bearer(`${b64(header)}.${b64(claims)}.`), /algorithm|malformed/],
      ['alg none, no kid either', bearer(`${b64({ alg: 'none' })}.${b64(claims)}.`), /algorithm|malformed/],
      ['HS256 with the public key as secret', bearer(hsWithPublicKey), /algorithm/],
      [
        'payload swapped under a valid signature',
        bearer(`${head}.${b64({ ...claims, sub: 'alice' })}.${valid.split('.')[2]}`),
        /signature/,
      ],
      ['no subject', bearer(await token({ sub: undefined })), /subject/],
      ['malformed', bearer('abc.def'), /malformed/],
      ['not a bearer token', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, /not a bearer/],
      ['token of another scheme spelling', { authorization: `Token ${valid}` }, /not a bearer/],
      ['missing', {}, /no bearer token/],
    ];
    expect(payload).toBeTruthy();
    for (const [label, headers, why] of cases) {
      const reply = await send(server.url, call('task_list', {}), headers);
      expect(reply.status, label).toBe(401);
      expect(String((reply.json.error as { message?: string } | undefined)?.message), label).toMatch(why);
      const challenge = String(reply.headers['www-authenticate']);
      expect(challenge, label).toContain(
        `Bearer resource_metadata="http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp"`,
      );
      if (label === 'missing') expect(challenge).not.toContain('error=');
      else expect(challenge, label).toContain('error="invalid_token"');
    }
  });

  it('serves the protected-resource metadata document without a token', async () => {
    const server = await serve();
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const reply = await send(server.url, undefined, {}, 'GET', path);
      expect(reply.status, path).toBe(200);
      expect(reply.json).toEqual({
        resource: `http://127.0.0.1:${server.port}/mcp`,
        authorization_servers: [ISSUER],
        bearer_methods_supported: ['header'],
      });
    }
    // Only with JWT authentication: a server without it has no such document.
    await running!.close();
    running = await startMcpHttpServer(createToolkit({ workspace: dir }), {});
    expect((await send(running.url, undefined, {}, 'GET', '/.well-known/oauth-protected-resource')).status).toBe(404);
  });

  it('answers 503 (never lets a call through) when the JWKS cannot be fetched', async () => {
    running = await startMcpHttpServer(createToolkit({ workspace: dir }), {
      stateless: true,
      authJwt: { jwksUrl: 'http://127.0.0.1:1/jwks.json', audience: AUDIENCE },
    });
    const reply = await send(running.url, call('task_list', {}), bearer(await token()));
    expect(reply.status).toBe(503);
    expect(String(reply.headers['www-authenticate'])).toContain('error="temporarily_unavailable"');
  });

  it('refuses options that would weaken it', async () => {
    await expect(
      startMcpHttpServer(createToolkit({ workspace: dir }), {
        authToken: 'x'.repeat(32),
        authJwt: { jwksUrl, audience: AUDIENCE },
      }),
    ).rejects.toThrow(/not both/);
    await expect(
      startMcpHttpServer(createToolkit({ workspace: dir }), { authJwt: { jwksUrl, audience: '' } }),
    ).rejects.toThrow(/audience/);
    await expect(
      startMcpHttpServer(createToolkit({ workspace: dir }), {
        authJwt: { jwksUrl: 'file:///etc/jwks', audience: 'a' },
      }),
    ).rejects.toThrow(/http/);
    // JWT counts as authentication for a non-loopback bind.
    const open = await startMcpHttpServer(createToolkit({ workspace: dir }), {
      host: '0.0.0.0',
      authJwt: { jwksUrl, audience: AUDIENCE },
    });
    await open.close();
  });

  it('verifies a token once, not on every request', async () => {
    const server = await serve({ stateless: true });
    const jwt = await token();
    const before = jwksFetches;
    for (let i = 0; i < 5; i++) expect((await send(server.url, call('task_list', {}), bearer(jwt))).status).toBe(200);
    expect(jwksFetches - before).toBeLessThanOrEqual(1);
  });
});

describe('the principal of a token', () => {
  const tasksOf = async (url: string, jwt: string) =>
    (await send(url, call('task_list', {}), bearer(jwt))).json.result?.structuredContent?.tasks as
      { title: string }[] | undefined;

  for (const stateless of [true, false]) {
    it(`keeps each principal's tasks to itself (${stateless ? 'stateless' : 'sessions'}, in memory)`, async () => {
      const server = await serve(stateless ? { stateless: true } : {});
      const alice = await token({ sub: 'alice' });
      const bob = await token({ sub: 'bob' });
      let aliceHeaders: Record<string, string> = bearer(alice);
      let bobHeaders: Record<string, string> = bearer(bob);
      if (!stateless) {
        const a = await send(server.url, initialize, aliceHeaders);
        const b = await send(server.url, initialize, bobHeaders);
        aliceHeaders = { ...aliceHeaders, 'mcp-session-id': String(a.headers['mcp-session-id']) };
        bobHeaders = { ...bobHeaders, 'mcp-session-id': String(b.headers['mcp-session-id']) };
      }
      const created = await send(server.url, call('task_create', { title: 'alice only' }), aliceHeaders);
      expect(created.json.result?.isError).toBeFalsy();
      expect((await send(server.url, call('task_list', {}), bobHeaders)).json.result?.structuredContent).toMatchObject({
        tasks: [],
      });
      expect(
        (await send(server.url, call('task_list', {}), aliceHeaders)).json.result?.structuredContent,
      ).toMatchObject({ tasks: [{ title: 'alice only' }] });
      if (!stateless) {
        // Bob cannot use Alice's session with his own valid token.
        const hijack = await send(server.url, call('task_list', {}), {
          ...bearer(bob),
          'mcp-session-id': aliceHeaders['mcp-session-id']!,
        });
        expect(hijack.status).toBe(404);
        expect(JSON.stringify(hijack.json)).not.toContain('alice only');
      }
    });
  }

  for (const stateless of [true, false]) {
    it(`keeps each principal's MCP tasks to itself, and runs them as it (${stateless ? 'stateless' : 'sessions'})`, async () => {
      const server = await serve(stateless ? { stateless: true } : {});
      const headers: Record<string, Record<string, string>> = {};
      for (const sub of ['alice', 'bob']) {
        headers[sub] = bearer(await token({ sub }));
        if (!stateless) {
          const opened = await send(server.url, initialize, headers[sub]);
          headers[sub] = { ...headers[sub], 'mcp-session-id': String(opened.headers['mcp-session-id']) };
        }
      }
      const rpc = (method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 9, method, params });
      const started = await send(
        server.url,
        rpc('tools/call', { name: 'bash', arguments: { command: 'echo from-alice' }, task: { ttl: 60_000 } }),
        headers.alice,
      );
      const taskId = (started.json.result as { task?: { taskId: string } } | undefined)?.task?.taskId as string;
      expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
      const result = await send(server.url, rpc('tasks/result', { taskId }), headers.alice);
      expect(JSON.stringify(result.json.result)).toContain('from-alice');
      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
        const other = await send(server.url, rpc(method, { taskId }), headers.bob);
        expect(other.json.error, method).toBeDefined();
        expect(JSON.stringify(other.json)).not.toContain('from-alice');
      }
      const bobList = await send(server.url, rpc('tasks/list', {}), headers.bob);
      const tasksIn = (answer: { json: { result?: unknown } }) =>
        (answer.json.result as { tasks: { taskId: string }[] }).tasks;
      expect(tasksIn(bobList)).toEqual([]);
      const aliceList = await send(server.url, rpc('tasks/list', {}), headers.alice);
      expect(tasksIn(aliceList).map((t) => t.taskId)).toEqual([taskId]);
    });
  }

  it('files tasks and audit entries under the principal in a shared store', async () => {
    // Outside the workspace, as a store folder must be.
    const storeDir = await mkdtemp(join(tmpdir(), 'tw-mcp-jwt-store-'));
    const store = join(storeDir, 'store');
    const server = await serve({ stateless: true }, store);
    const alice = await token({ sub: 'alice' });
    const bob = await token({ sub: 'bob' });
    await send(server.url, call('task_create', { title: 'from alice' }), bearer(alice));
    expect(await tasksOf(server.url, bob)).toEqual([]);
    expect(await tasksOf(server.url, alice)).toMatchObject([{ title: 'from alice' }]);
    await running!.close();
    running = undefined;
    const opened = openStore(store);
    try {
      const entries = await opened.audit.query();
      expect(entries.map((e) => [e.principal, e.operation])).toEqual([
        [`${ISSUER}|alice`, 'task.task_create'],
        [`${ISSUER}|bob`, 'task.task_list'],
        [`${ISSUER}|alice`, 'task.task_list'],
      ]);
    } finally {
      await opened.close();
      await rm(storeDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it(
    '2026-07-28 requests act for their token: task lists, extension tasks and the audit',
    { timeout: 60_000 },
    async () => {
      const storeDir = await mkdtemp(join(tmpdir(), 'tw-mcp-jwt-store-'));
      const store = join(storeDir, 'store');
      const server = await serve({ taskAfterMs: 0 }, store);
      const [alice, bob] = [await token({ sub: 'alice' }), await token({ sub: 'bob' })];
      const as = (jwt: string) => ({
        headers: bearer(jwt),
        capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      });
      const created = await rawModern(
        server.url,
        'tools/call',
        { name: 'task_create', arguments: { title: 'modern alice' } },
        as(alice),
      );
      expect(created.result.isError).toBeFalsy();
      const listed = async (jwt: string) =>
        (await rawModern(server.url, 'tools/call', { name: 'task_list', arguments: {} }, as(jwt))).result
          .structuredContent?.tasks;
      expect(await listed(bob)).toEqual([]);
      expect(await listed(alice)).toMatchObject([{ title: 'modern alice' }]);
      const task = await rawModern(
        server.url,
        'tools/call',
        { name: 'bash', arguments: { command: 'sleep 2; echo mine' } },
        as(alice),
      );
      expect(task.result.resultType).toBe('task');
      const taskId = task.result.taskId as string;
      for (const method of ['tasks/get', 'tasks/cancel']) {
        const refused = await rawModern(server.url, method, { taskId }, as(bob));
        expect(refused.error?.code, method).toBe(-32602);
      }
      expect((await rawModern(server.url, 'tasks/get', { taskId }, as(alice))).result.status).not.toBe('cancelled');
      const unauthenticated = await rawModern(server.url, 'tasks/get', { taskId }, { headers: {} });
      expect(unauthenticated.status).toBe(401);
      await running!.close();
      running = undefined;
      const opened = openStore(store);
      try {
        const entries = await opened.audit.query();
        expect(entries.filter((e) => e.operation === 'exec.bash').map((e) => e.principal)).toEqual([`${ISSUER}|alice`]);
        expect(entries.filter((e) => e.operation === 'task.task_create').map((e) => e.principal)).toEqual([
          `${ISSUER}|alice`,
        ]);
      } finally {
        await opened.close();
        await rm(storeDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
  );
});
