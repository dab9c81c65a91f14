// What the proxy passes on of a message's head: hop-by-hop headers (and those Connection names)
// dropped, and the framing never taken from the sender (a request's body framed upstream as the
// proxy's parser read it; an answer's codings read from every line of its headers).
import type { IncomingMessage } from 'node:http';
import type { HeaderList } from './credentials.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
]);

/**
 * Headers as forwarded: hop-by-hop ones (and those Connection names) dropped, lower-case names,
 * and the message's framing (Content-Length, Transfer-Encoding) never taken from the sender: the
 * proxy writes its own from what it read (requestFraming), so no peer can make the next hop read
 * the body otherwise than the proxy did.
 */
export function forwardedHeaders(raw: readonly string[]): HeaderList {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection')
      for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  const out: HeaderList = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || name === 'content-length') continue;
    out.push([name, raw[i + 1]!]);
  }
  return out;
}

/** How many Host lines a message's head holds. */
export function hostLines(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') count++;
  return count;
}

/** The codings an answer names, every line of each header, lower-case, `identity` left out. */
export function answerCodings(raw: readonly string[]): { content: string[]; transfer: string[] } {
  const content: string[] = [];
  const transfer: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const into = name === 'content-encoding' ? content : name === 'transfer-encoding' ? transfer : undefined;
    if (!into) continue;
    for (const token of raw[i + 1]!.split(',')) {
      const coding = token.trim().toLowerCase();
      if (coding !== '' && coding !== 'identity') into.push(coding);
    }
  }
  return { content, transfer };
}

/**
 * How the request's body is framed upstream, from what Node's parser read: the length it checked,
 * chunks when the command sent chunks, none when it sent neither (HTTP/1.1 has no body then).
 * Spelled out for every method: Node's client writes the body of a GET, HEAD, OPTIONS or DELETE
 * bare when no framing header is given, and a bare body is read upstream as the next request.
 */
export function requestFraming(req: IncomingMessage): { header: [string, string] | undefined; body: boolean } {
  if (req.headers['transfer-encoding'] !== undefined) return { header: ['transfer-encoding', 'chunked'], body: true };
  const length = req.headers['content-length'];
  if (length === undefined || Number(length) === 0) return { header: undefined, body: false };
  return { header: ['content-length', String(Number(length))], body: true };
}

/**
 * Codings as a refusal line names them: those that read as a coding's name, and how many others
 * (a server may put anything in the header, a credential it was given among it).
 */
export function codingNames(codings: readonly string[]): string {
  const named = codings.filter((coding) => /^[a-z0-9][a-z0-9._+-]{0,19}$/.test(coding)).slice(0, 4);
  const others = codings.length - named.length;
  return [...named, ...(others ? [`${others} unnamed`] : [])].join(', ');
}
