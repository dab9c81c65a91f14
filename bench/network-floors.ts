// The least proxies Node makes, as references for the sandbox proxy's rows: what any proxy written
// on Node's http, net and tls pays, with no check, audit or sandbox. All run in the bench process,
// as the sandbox's proxy runs in the host's.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Agent, request } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import { TLSSocket, connect as tlsConnect, createSecureContext } from 'node:tls';

export interface Floor {
  url: string;
  close(): void;
}

/** `server` listening on 127.0.0.1; its close also runs `after` (agents, pooled connections). */
function listening(server: Server, after: () => void = () => undefined): Promise<Floor> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      // A failed row must not leave the bench process waiting on it.
      server.unref();
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.close();
          after();
        },
      });
    }),
  );
}

/** The local server's own certificate: the client trusts it, so a floor answers the handshake with it. */
function serverContext(fixtures: string) {
  return createSecureContext({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
}

/** A CONNECT proxy that parses the CONNECT, connects to the server and pipes both ways. */
export function leastTunnel(port: number): Promise<Floor> {
  const server = createServer();
  server.on('connect', (_req, socket, head) => {
    const upstream = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return listening(server);
}

/**
 * A CONNECT proxy that terminates TLS (with the server's own certificate, which the client trusts)
 * and sends each request on to the server over kept-alive TLS connections, writing one header in:
 * the shape of the sandbox's interception, with nothing checked and the answer piped as it comes.
 */
export function leastInterception(port: number, fixtures: string): Promise<Floor> {
  const context = serverContext(fixtures);
  const agent = new Agent({ keepAlive: true, ca: readFileSync(path.join(fixtures, 'upstream-ca.pem')) });
  const inner = createServer((req, res) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        servername: 'api.test',
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: 'Bearer bench-credential-value' },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const server = createServer();
  server.on('connect', (_req, socket, head) => {
    socket.on('error', () => socket.destroy());
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    const secure = new TLSSocket(socket, { isServer: true, secureContext: context, ALPNProtocols: ['http/1.1'] });
    secure.on('error', () => secure.destroy());
    inner.emit('connection', secure);
  });
  return listening(server, () => agent.destroy());
}

/**
 * An intercepting proxy with no HTTP module at all: the first read taken for the CONNECT, each
 * request head found by `indexOf`, its Authorization line replaced, the head written raw on a
 * pooled TLS connection, the answer passed back by its Content-Length. It serves only the bench's
 * GETs (no body, a Content-Length answer) and checks nothing: the least any interception on Node's
 * net and tls costs.
 */
export function handWrittenInterception(port: number, fixtures: string): Promise<Floor> {
  const context = serverContext(fixtures);
  const upstreamContext = createSecureContext({ ca: readFileSync(path.join(fixtures, 'upstream-ca.pem')) });
  const pool: TLSSocket[] = [];
  const upstream = () => {
    const pooled = pool.pop();
    if (pooled && !pooled.destroyed) return pooled;
    const made = tlsConnect({ host: '127.0.0.1', port, servername: 'api.test', secureContext: upstreamContext });
    made.setNoDelay(true);
    made.on('error', () => made.destroy());
    return made;
  };
  const serve = (secure: TLSSocket) => {
    let pending: Buffer = Buffer.alloc(0);
    secure.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = pending
        .subarray(0, end + 4)
        .toString('latin1')
        .replace(/\r\nauthorization:[^\r]*/i, '\r\nAuthorization: Bearer bench-credential-value');
      pending = pending.subarray(end + 4);
      const server = upstream();
      let answer: Buffer = Buffer.alloc(0);
      let length = -1;
      let received = 0;
      const onAnswer = (part: Buffer) => {
        if (length < 0) {
          answer = answer.length ? Buffer.concat([answer, part]) : part;
          const headEnd = answer.indexOf('\r\n\r\n');
          if (headEnd === -1) return;
          length = Number(/\r\ncontent-length: *(\d+)/i.exec(answer.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
          received = answer.length - headEnd - 4;
          secure.write(answer);
        } else {
          received += part.length;
          secure.write(part);
        }
        if (received >= length) {
          server.off('data', onAnswer);
          pool.push(server);
        }
      };
      server.on('data', onAnswer);
      server.write(head);
    });
  };
  const proxy = createNetServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      const secure = new TLSSocket(socket, { isServer: true, secureContext: context, ALPNProtocols: ['http/1.1'] });
      secure.on('error', () => secure.destroy());
      serve(secure);
    });
  });
  return listening(proxy, () => {
    for (const socket of pool) socket.destroy();
  });
}
