// Refusals the proxy writes before (or instead of) an HTTP exchange it serves: on a CONNECT or an
// upgrade socket, and for requests the HTTP parser could not read.
import type { Duplex } from 'node:stream';
import type { Refusal } from './destination.js';
import { reasonPhrase } from './forward.js';

/** A request the HTTP parser refused (a lower-case method, a malformed header). */
export function unreadable(error: Error & { code?: string }): Refusal {
  return {
    status: 400,
    reason: 'bad-request',
    line: `toolwright: the proxy could not read the request (${error.code ?? error.message}); methods are upper case, e.g. GET`,
  };
}

/** `what` ends with its verb ("… are", "… is"). */
export function unsupported(what: string): Refusal {
  return { status: 501, reason: 'unsupported', line: `toolwright: ${what} not proxied from the sandbox` };
}

/** The proxy itself failed on a request or a CONNECT (`what`): the command reads why. */
export function proxyFailed(what: 'request' | 'CONNECT', error: unknown): Refusal {
  const message = error instanceof Error ? error.message : String(error);
  return { status: 502, reason: 'unsupported', line: `toolwright: the proxy failed on this ${what}: ${message}` };
}

/**
 * A refusal written straight on a socket (CONNECT and upgrade answers, and those to a tunnel's bare
 * requests), then the socket is closed. An answer to a HEAD (`headOnly`) has no body.
 */
export function rawAnswer(socket: Duplex, refusal: Refusal, headOnly = false): void {
  const body = `${refusal.line}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reasonPhrase(refusal.line)}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Toolwright-Refused: ${refusal.reason}\r\n` +
      'Connection: close\r\n\r\n' +
      (headOnly ? '' : body),
  );
}
