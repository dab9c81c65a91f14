// The least proxies Node makes, as references for the sandbox proxy's rows: what any proxy written
// on Node's http, net and tls pays, with no check, audit or sandbox. Both run in the bench process,
// as the sandbox's proxy runs in the host's.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Agent, request } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { TLSSocket, createSecureContext } from 'node:tls';

export interface Floor {
  url: string;
  close(): void;
}

function listening(server: Server): Promise<Floor> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      // A failed row must not leave the bench process waiting on it.
      server.unref();
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() });
    }),
  );
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
  const context = createSecureContext({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
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
  return listening(server).then((floor) => ({
    url: floor.url,
    close: () => {
      floor.close();
      agent.destroy();
    },
  }));
}
