// The proxy's own client to allowed servers: a kept-alive connection the server closes just as the
// next request goes out is met by trying that request again on a new connection (a request without
// a body only: one with a body may have been acted on), interim answers are read past, a server
// that writes more than one answer to a request loses the connection (the next request never reads
// the extra answer as its own), a HEAD's length is not read as a body, and an answer read to the
// connection's close arrives whole.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer as createTls, type TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { runSandboxTests, waitFor } from '../support/exec-helpers.js';
import { tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const TOKEN = 'client-token-3e8a1f6b2c94d7';
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A TLS server for api.test on 127.0.0.1 handing each connection to `onSecure`; closed after the test. */
async function tlsServer(onSecure: (socket: TLSSocket) => void): Promise<number> {
  const server = createTls({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
  server.on('secureConnection', onSecure);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

interface Seen {
  connection: number;
  /** The request's place on its connection, from 0. */
  index: number;
  line: string;
  authorization: string | undefined;
}

/**
 * A TLS server for api.test that reads each request head (and a Content-Length body) and writes
 * what `answer` returns for it, raw (closing after one that says `Connection: close`), or closes
 * the connection without a word when it returns null.
 */
async function scripted(answer: (seen: Seen) => string | null): Promise<{ port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  let connections = 0;
  const port = await tlsServer((socket) => {
    const connection = connections++;
    let index = 0;
    let pending = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = pending.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.subarray(end + 4 + length);
        const request: Seen = {
          connection,
          index: index++,
          line: head.split('\r\n')[0]!,
          authorization: /\r\nauthorization: *([^\r]*)/i.exec(head)?.[1],
        };
        seen.push(request);
        const raw = answer(request);
        if (raw === null) {
          socket.destroy();
          return;
        }
        // An answer framed by the connection's end ends it.
        if (/\r\nconnection: close\r\n/i.test(raw)) socket.end(raw);
        else socket.write(raw);
      }
    });
  });
  return { port, seen };
}

const ok = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

function toolkit() {
  return netToolkit(
    {
      network: { allow: ['api.test'], allowPrivate: true },
      env: { TW_TOKEN: TOKEN },
      credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
    },
    tableResolver({ 'api.test': ['127.0.0.1'] }).lookup,
  );
}

/** curl through the proxy, each URL's answer on a line of its own, then curl's exit status. */
const curl = (args: string) => `curl -sS -m 30 -w '\\n' -H "Authorization: Bearer $TW_TOKEN" ${args}; echo "exit $?"`;

describe.runIf(runSandboxTests)("the proxy's client to allowed servers", () => {
  it('sends a request again on a new connection when the server closed the kept-alive one as it went out, never one with a body', async () => {
    // Every connection answers its first request and closes without a word at its second.
    const server = await scripted(({ index, line }) => (index === 0 ? ok(`answer to ${line.split(' ')[1]}`) : null));
    const kit = toolkit();
    const u = `https://api.test:${server.port}`;
    const out = await sh(
      kit,
      [
        curl(`${u}/a ${u}/b`),
        curl(`${u}/c -d posted`),
        // A POST without a body, on a connection used before: not safe to send twice either.
        `curl -sS -m 30 -w '\\n' -H "Authorization: Bearer $TW_TOKEN" ${u}/e --next -sS -m 30 -w '\\n' -H "Authorization: Bearer $TW_TOKEN" -X POST ${u}/d; echo "exit $?"`,
      ].join('; '),
    );
    const lines = out.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['answer to /a', 'answer to /b', 'exit 0']);
    // /b met the closed connection and went again on a new one; the credential went with it each time.
    expect(server.seen.filter((s) => s.line.startsWith('GET /b')).map((s) => s.index)).toEqual([1, 0]);
    expect(server.seen.every((s) => s.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // The POST met a closed connection too: answered 502 with the reason, sent once only.
    expect(lines.slice(3).join('\n')).toMatch(
      /^toolwright: the request to api\.test:\d+ failed: the server closed the connection without answering\n+exit 0\nanswer to \/e\ntoolwright: the request to api\.test:\d+ failed: the server closed the connection without answering\n+exit 0$/,
    );
    expect(server.seen.filter((s) => s.line.startsWith('POST /c'))).toHaveLength(1);
    expect(server.seen.filter((s) => s.line.startsWith('POST /d'))).toHaveLength(1);
    expect(out.stdout).not.toContain(TOKEN);
  });

  it('reads past interim answers, and a server writing two answers to one request loses the connection', async () => {
    const server = await scripted(({ line }) => {
      const target = line.split(' ')[1];
      if (target === '/hints') return `HTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\n${ok('after hints')}`;
      // Two answers to one request: the second must not become the answer to the next request.
      if (target === '/twice') return `${ok('first')}${ok('smuggled')}`;
      return ok(`answer to ${target}`);
    });
    const kit = toolkit();
    const u = `https://api.test:${server.port}`;
    const out = await sh(kit, curl(`${u}/hints ${u}/twice ${u}/next`));
    expect(out.stdout.trim().split('\n')).toEqual(['after hints', 'first', 'answer to /next', 'exit 0']);
    // /next went on a new connection: the one that wrote two answers was closed.
    const next = server.seen.find((s) => s.line.startsWith('GET /next'))!;
    const twice = server.seen.find((s) => s.line.startsWith('GET /twice'))!;
    expect(next.connection).not.toBe(twice.connection);
  });

  it("reads no body after a HEAD's length, and an answer framed by the connection's close arrives whole", async () => {
    const server = await scripted(({ line }) => {
      const [method, target] = line.split(' ');
      if (method === 'HEAD') return 'HTTP/1.1 200 OK\r\nContent-Length: 12345\r\nX-Kind: head\r\n\r\n';
      if (target === '/to-close') return `HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${'z'.repeat(70_000)}end`;
      return ok(`answer to ${target}`);
    });
    const kit = toolkit();
    const u = `https://api.test:${server.port}`;
    const out = await sh(
      kit,
      [
        // A HEAD, then a GET on the same connection to the proxy, and so on one upstream connection.
        `curl -sS -m 30 -I ${u}/head --next -sS -m 30 ${u}/after-head | tr -d '\\r' | grep -i -E '^(content-length|x-kind|answer)'`,
        `curl -sS -m 30 ${u}/to-close | tail -c 3`,
      ].join('; '),
    );
    expect(out.stdout.toLowerCase()).toBe('x-kind: head\ncontent-length: 12345\nanswer to /after-head\nend');
    const head = server.seen.find((s) => s.line.startsWith('HEAD /head '))!;
    const after = server.seen.find((s) => s.line.startsWith('GET /after-head '))!;
    expect([after.connection, after.index]).toEqual([head.connection, head.index + 1]);
  });

  it('closes the upstream connection of a request whose body never comes whole, though its answer did', async () => {
    // Answers at the request's head, before its body: the command then leaves mid-body.
    let open = 0;
    const port = await tlsServer((socket) => {
      open++;
      socket.on('error', () => undefined);
      socket.once('close', () => open--);
      socket.once('data', () => socket.write(ok('early')));
    });
    writeFileSync(
      path.join(ws, 'partial.js'),
      `
const net = require('net'), tls = require('tls'), fs = require('fs');
const proxy = new URL(process.env.HTTPS_PROXY);
const raw = net.connect(Number(proxy.port), proxy.hostname, () => {
  raw.write('CONNECT api.test:${port} HTTP/1.1\\r\\nHost: api.test:${port}\\r\\n\\r\\n');
  raw.once('data', () => {
    const socket = tls.connect({ socket: raw, servername: 'api.test', ca: fs.readFileSync(process.env.SSL_CERT_FILE) }, () =>
      socket.write('POST /up HTTP/1.1\\r\\nHost: api.test:${port}\\r\\nContent-Length: 100\\r\\n\\r\\n0123456789'));
    let text = '';
    socket.on('data', (d) => { text += d; if (text.endsWith('early')) { console.log('answered'); socket.destroy(); } });
  });
});
`,
    );
    const kit = toolkit();
    const out = await sh(kit, 'node partial.js');
    expect(out.stdout).toBe('answered\n');
    // The command has ended; the proxy's connection for it must not wait for the rest of the body.
    await waitFor(() => open === 0 || undefined, 10_000, 'the upstream connection to close');
    expect(open).toBe(0);
  });

  it('passes an upload on whole when the server answers before its end', async () => {
    // Answers at the request's head and goes on reading the body, as some upload endpoints do.
    const received: number[] = [];
    const port = await tlsServer((socket) => {
      const at = received.push(0) - 1;
      let head = Buffer.alloc(0);
      let answered = false;
      socket.on('error', () => undefined);
      socket.on('data', (data: Buffer) => {
        if (!answered) {
          head = Buffer.concat([head, data]);
          const end = head.indexOf('\r\n\r\n');
          if (end === -1) return;
          answered = true;
          received[at]! += head.length - end - 4;
          socket.write(ok('accepted'));
        } else received[at]! += data.length;
      });
    });
    const size = 4_000_000;
    // Sends the whole body, reads the early answer, and stays until the proxy has passed the body on
    // (closing with bytes unread would reset the connection, and lose what is still in flight).
    writeFileSync(
      path.join(ws, 'upload.js'),
      `
const net = require('net'), tls = require('tls'), fs = require('fs');
const proxy = new URL(process.env.HTTPS_PROXY);
const raw = net.connect(Number(proxy.port), proxy.hostname, () => {
  raw.write('CONNECT api.test:${port} HTTP/1.1\\r\\nHost: api.test:${port}\\r\\n\\r\\n');
  raw.once('data', () => {
    const socket = tls.connect({ socket: raw, servername: 'api.test', ca: fs.readFileSync(process.env.SSL_CERT_FILE) }, () => {
      socket.write('PUT /up HTTP/1.1\\r\\nHost: api.test:${port}\\r\\nContent-Length: ${size}\\r\\n\\r\\n');
      socket.write(Buffer.alloc(${size}));
    });
    let text = '';
    socket.on('data', (d) => { text += d; if (text.endsWith('accepted')) { console.log('answered'); setTimeout(() => socket.end(), 3000); } });
  });
});
`,
    );
    const kit = toolkit();
    const out = await sh(kit, 'node upload.js');
    expect(out.stdout).toBe('answered\n');
    await waitFor(() => received[0] === size || undefined, 10_000, 'the whole upload to reach the server');
    expect(received).toEqual([size]);
  });
});
