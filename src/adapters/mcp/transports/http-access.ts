// Who may reach the MCP HTTP endpoint: the Host and Origin checks against DNS rebinding, and the
// bearer token (compared in constant time).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** 127.0.0.0/8, ::1 and localhost; anything else (0.0.0.0, ::, a name) counts as reachable from outside. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.replace(/:\d+$/, '');
}

/** Names a client may put in Host: loopback, the bound host, and for a wildcard bind this machine's names. */
export function allowedHostNames(host: string, extra: readonly string[]): Set<string> {
  const names = [...LOOPBACK_NAMES, host, ...extra];
  if (host === '0.0.0.0' || host === '::' || host === '[::]') {
    names.push(hostname());
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) names.push(info.family === 'IPv6' ? `[${info.address}]` : info.address);
    }
  }
  return new Set(names.map((h) => h.toLowerCase()));
}

export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const given = tokenDigest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

/**
 * Answers (403, 401) and returns true when the request may not reach the endpoint: a Host or
 * Origin this server does not answer to (a browser page on another origin must not reach a local
 * server), or a missing or wrong bearer token.
 */
export function refuseAccess(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
  expectedToken: Buffer | undefined,
): boolean {
  if (refuseOrigin(req, res, allowed)) return true;
  if (expectedToken && !bearerMatches(req.headers.authorization, expectedToken)) {
    sendJsonRpcError(res, 401, 'Missing or wrong bearer token (send Authorization: Bearer <token>)', {
      'www-authenticate': 'Bearer realm="toolwright"',
    });
    return true;
  }
  return false;
}

/** Answers 403 and returns true for a Host or Origin this server does not answer to. */
export function refuseOrigin(req: IncomingMessage, res: ServerResponse, allowed: ReadonlySet<string>): boolean {
  const hostHeader = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(hostnameOf(hostHeader))) {
    sendJsonRpcError(res, 403, `Host "${req.headers.host ?? ''}" is not allowed`);
    return true;
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost = '';
    try {
      originHost = new URL(origin).hostname.toLowerCase();
    } catch {
      /* reported below */
    }
    if (!allowed.has(originHost) && !allowed.has(`[${originHost}]`)) {
      sendJsonRpcError(res, 403, `Origin "${origin}" is not allowed`);
      return true;
    }
  }
  return false;
}
