// Local HTTP and HTTPS servers for the network proxy's tests (127.0.0.1 only, stopped after each
// test), a resolver the proxy is given instead of DNS, and the test upstream CA. The HTTPS server's
// certificate (test/fixtures/network: a test CA of its own, a key made for these tests only) names
// secure.test, *.secure.test, api.test, other.test, localhost and 127.0.0.1.
import { readFileSync } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');
/** The CA that signed the test HTTPS server's certificate (PEM). */
export const upstreamCa = readFileSync(path.join(fixtures, 'upstream-ca.pem'), 'utf8');
export const upstreamCaFile = path.join(fixtures, 'upstream-ca.pem');

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestServer {
  port: number;
  /** Every request the server got, in order. */
  seen: SeenRequest[];
  /** TCP connections accepted. */
  connections(): number;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const defaultHandler: Handler = (req, res) => {
  res.setHeader('content-type', 'text/plain');
  res.end(`hello ${req.method} ${req.url}\n`);
};

const open: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(
  server: ReturnType<typeof createHttp>,
  handler: Handler,
  address: string,
  port: number,
): Promise<TestServer> {
  const seen: SeenRequest[] = [];
  let connections = 0;
  server.on('connection', () => connections++);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  open.push(server);
  return { port: (server.address() as AddressInfo).port, seen, connections: () => connections };
}

/** A plain HTTP server on `address` (default 127.0.0.1). */
export function httpServer(handler: Handler = defaultHandler, address = '127.0.0.1', port = 0): Promise<TestServer> {
  return serve(createHttp(), handler, address, port);
}

/** An HTTPS server with the test certificate. */
export function httpsServer(handler: Handler = defaultHandler, address = '127.0.0.1', port = 0): Promise<TestServer> {
  const server = createHttps({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
  return serve(server, handler, address, port);
}

/**
 * A resolver from a table (name → addresses, or a function of the call count); unknown names fail
 * like DNS. `ttl` (seconds) is given with every address when set (0: a name server that says not
 * to keep its answer).
 */
export function tableResolver(
  table: Record<string, string[] | ((call: number) => string[])>,
  options: { ttl?: number } = {},
) {
  const calls = new Map<string, number>();
  const lookup = async (hostname: string) => {
    const count = (calls.get(hostname) ?? 0) + 1;
    calls.set(hostname, count);
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry(count) : entry;
    return addresses.map((address) => {
      const family: 4 | 6 = address.includes(':') ? 6 : 4;
      return { address, family, ...(options.ttl !== undefined ? { ttl: options.ttl } : {}) };
    });
  };
  return { lookup, calls: (hostname: string) => calls.get(hostname) ?? 0 };
}
