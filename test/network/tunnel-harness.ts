// A proxy with a credential bound to api.test, driven directly (no sandbox): an upstream TLS server
// that reads requests one by one and says what it saw, CONNECT tunnels through the proxy's session,
// and a reader of the answers that come back on one.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createTcp, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import { connect as tlsConnect, createServer as createTls, type TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { ConnectionAudit, ConnectionRecord } from '../../src/handlers/exec/network/audit.js';
import { compileHostEntries } from '../../src/handlers/exec/network/hosts.js';
import { NetworkProxy } from '../../src/handlers/exec/network/proxy.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');
export const VALUE = 'real-credential-3f9a7c1e55';
export const PLACEHOLDER = 'toolwright-placeholder-tunnel-0001';
export const CLOSE = '\u0000close\u0000';

interface Seen {
  line: string;
  authorization: string | undefined;
  body: string;
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * An upstream TLS server for api.test reading requests one by one (bodies by their length), each
 * answered by `answer(line, body)` (one beginning with CLOSE closes the connection after it); it
 * echoes the Authorization it got as X-Seen.
 */
export async function upstream(answer: (line: string, body: string) => string) {
  const seen: Seen[] = [];
  const server = createTls({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
  server.on('secureConnection', (socket) => {
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const body = buffer.subarray(end + 4, end + 4 + length).toString('latin1');
        buffer = buffer.subarray(end + 4 + length);
        const line = head.split('\r\n')[0]!;
        const authorization = /\r\nauthorization: *([^\r]*)/i.exec(head)?.[1];
        seen.push({ line, authorization, body });
        const raw = answer(line, body);
        const written = raw.replace(CLOSE, '').replace('\r\n\r\n', `\r\nX-Seen: ${authorization ?? '-'}\r\n\r\n`);
        if (raw.startsWith(CLOSE)) socket.end(written);
        else socket.write(written);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, seen };
}

/** An answer of `body` with its length. */
export const ok = (body: string) =>
  `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

/** The proxy with a credential bound to api.test, its session listening on 127.0.0.1, and its audit. */
export async function proxy(options: { read?: boolean } = {}) {
  const records: ConnectionRecord[] = [];
  const audit = {
    record: (_owner: unknown, record: ConnectionRecord) => records.push(record),
    release: () => undefined,
    flush: async () => undefined,
  } as unknown as ConnectionAudit;
  const network = new NetworkProxy({
    policy: {
      allow: compileHostEntries(['api.test'], 'allow'),
      read: options.read ?? false,
      allowPrivate: true,
      credentials: [
        {
          index: 0,
          env: 'TW_TOKEN',
          hosts: compileHostEntries(['api.test'], 'hosts'),
          header: 'authorization',
          format: 'Bearer {value}',
          value: VALUE,
        },
      ],
    },
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    ca: [readFileSync(path.join(fixtures, 'upstream-ca.pem'), 'utf8')],
    audit,
    placeholders: new Map([['TW_TOKEN', PLACEHOLDER]]),
  });
  const ca = readFileSync(await network.trust());
  const session = network.open({ principal: 'p', scope: 's', operation: 'exec.bash', command: 'test' });
  const listener: Server = createTcp();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  session.adopt(listener);
  let open = 0;
  listener.on('connection', (socket) => {
    open++;
    socket.once('close', () => open--);
  });
  closers.push(() => network.close());
  const port = (listener.address() as AddressInfo).port;
  /** A TLS connection through a CONNECT tunnel to api.test:`to`. */
  const tunnel = (to: number) =>
    new Promise<TLSSocket>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'CONNECT', path: `api.test:${to}` });
      req.on('connect', (res, socket) => {
        if (res.statusCode !== 200) return reject(new Error(`CONNECT ${res.statusCode}`));
        const secure = tlsConnect({ socket, servername: 'api.test', ca }, () => resolve(secure));
        secure.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  return { tunnel, records, open: () => open };
}

/** Reads answers off `socket` until `count` are whole (by Content-Length or chunks), or it closes. */
export function answers(socket: TLSSocket, count: number, head = false) {
  return new Promise<{ status: number; headers: string; body: string }[]>((resolve) => {
    const got: { status: number; headers: string; body: string }[] = [];
    let buffer = Buffer.alloc(0);
    const done = () => {
      socket.off('data', onData);
      resolve(got);
    };
    const onData = (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      while (got.length < count) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = buffer.subarray(0, end).toString('latin1');
        const status = Number(headers.split(' ')[1]);
        let rest = buffer.subarray(end + 4);
        let body: string;
        const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
        if (head || status === 304 || status === 204) body = '';
        else if (length) {
          if (rest.length < Number(length[1])) return;
          body = rest.subarray(0, Number(length[1])).toString('latin1');
          rest = rest.subarray(Number(length[1]));
        } else {
          const text = rest.toString('latin1');
          const last = text.indexOf('\r\n0\r\n\r\n');
          if (last < 0 && !text.startsWith('0\r\n\r\n')) return;
          body = '';
          let at = 0;
          for (;;) {
            const size = parseInt(text.slice(at, text.indexOf('\r\n', at)), 16);
            at = text.indexOf('\r\n', at) + 2;
            if (size === 0) break;
            body += text.slice(at, at + size);
            at += size + 2;
          }
          rest = rest.subarray(at + 2);
        }
        got.push({ status, headers, body });
        buffer = rest;
      }
      done();
    };
    socket.on('data', onData);
    socket.once('close', done);
  });
}
