// Each principal has a share of the process's `subscriptions/listen` streams: one that holds its
// share is refused a stream more (429, with the request's id), another principal still gets one,
// and a stream closed gives its place back. A principal is never one by a spelling the store would
// write alike: a subject with a lone surrogate half is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { MAX_LISTEN_STREAMS_PER_PRINCIPAL } from '../../src/adapters/mcp/transports/http-modern.js';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { envelope, MODERN } from '../support/mcp-modern.js';
import { scaled } from '../support/time.js';

const AUDIENCE = 'toolwright-test';
const ISSUER = 'http://127.0.0.1/issuer';
let jwks: Server;
let jwksUrl: string;
let key: CryptoKey;

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

function token(sub: string): Promise<string> {
  return new SignJWT({ aud: AUDIENCE, sub, iss: ISSUER, exp: Math.floor(Date.now() / 1000) + 300 })
    .setProtectedHeader({ alg: 'RS256', kid: 'main', typ: 'JWT' })
    .sign(key);
}

let nextId = 1;

/** Opens a listen stream as `sub`: its status, its first message, and how to close it. */
async function listen(
  url: string,
  sub: string,
): Promise<{ status: number; first: Record<string, unknown>; id: number; close(): void }> {
  const id = nextId++;
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    signal: abort.signal,
    headers: {
      authorization: `Bearer ${await token(sub)}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: envelope() },
    }),
  });
  let first: Record<string, unknown>;
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    // The acknowledgement is the stream's first event; the stream stays open.
    const reader = response.body!.getReader();
    let text = '';
    while (!/^data:.*$/m.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    first = JSON.parse(/^data:(.*)$/m.exec(text)![1]!) as Record<string, unknown>;
  } else first = (await response.json()) as Record<string, unknown>;
  return { status: response.status, first, id, close: () => abort.abort() };
}

describe('listen streams per principal', () => {
  it(
    'one principal holding its share is refused one more; another principal is not; a closed stream frees a place',
    { timeout: scaled(120_000) },
    async () => {
      const workspace = await tempDir();
      const server: RunningHttpServer = await startMcpHttpServer(
        ({ session }) => createToolkit({ workspace, session }),
        { stateless: true, authJwt: { jwksUrl, audience: AUDIENCE } },
      );
      const open: { close(): void }[] = [];
      try {
        for (let i = 0; i < MAX_LISTEN_STREAMS_PER_PRINCIPAL; i++) {
          const stream = await listen(server.url, 'alice');
          open.push(stream);
          expect(stream.status).toBe(200);
        }
        const refused = await listen(server.url, 'alice');
        expect(refused.status).toBe(429);
        expect(refused.first).toMatchObject({
          id: refused.id,
          error: { message: expect.stringContaining(`the limit is ${MAX_LISTEN_STREAMS_PER_PRINCIPAL}`) },
        });
        const bob = await listen(server.url, 'bob');
        open.push(bob);
        expect(bob.status).toBe(200);
        expect(bob.first).not.toHaveProperty('error');
        // One of alice's closed: she may open one again (the server sees the close a moment later).
        open.shift()!.close();
        let again = await listen(server.url, 'alice');
        for (let i = 0; i < 50 && again.status === 429; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          again = await listen(server.url, 'alice');
        }
        open.push(again);
        expect(again.status).toBe(200);
      } finally {
        for (const stream of open) stream.close();
        await server.close();
      }
    },
  );

  it('a subject holding a lone surrogate half is refused (it would be stored as another subject with U+FFFD)', async () => {
    const workspace = await tempDir();
    const server = await startMcpHttpServer(({ session }) => createToolkit({ workspace, session }), {
      stateless: true,
      authJwt: { jwksUrl, audience: AUDIENCE },
    });
    try {
      for (const sub of ['victim\ud800', 'victim\udbff', '\udc00victim']) {
        const reply = await listen(server.url, sub);
        expect(reply.status).toBe(401);
      }
      const fine = await listen(server.url, 'victim\ufffd');
      fine.close();
      expect(fine.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
