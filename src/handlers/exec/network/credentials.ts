// The credential broker's two halves: a request to a bound host gets the real value (its header
// set, or the placeholder replaced where it appears: header values, a Basic authorization's
// user:password, the request target), and every answer from that host gets the placeholder back
// wherever the server echoed the real value or a form of it the proxy made (headers and body, the
// body decoded when it is compressed), so the command never reads it.
import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { CredentialRule } from './settings.js';

/** A credential with the placeholder the sandbox sees instead of it. */
export interface BoundCredential {
  rule: CredentialRule;
  placeholder: string;
  /**
   * The forms of the value the proxy made for requests (a `Basic` pair's base64), the last
   * MADE_FORMS: a server may hand one back in a later answer (a session that remembers it).
   */
  made?: Echo[];
}

/** Forms made kept per credential. */
const MADE_FORMS = 16;

/** An unguessable, recognisable stand-in for a credential. */
export function newPlaceholder(): string {
  return `toolwright-placeholder-${randomBytes(18).toString('hex')}`;
}

/** Header pairs as [name, value], names lower-case. */
export type HeaderList = [string, string][];

/**
 * One text the proxy may find in an answer and what the command sees in its place: the real value
 * (and its percent-encoded form) becomes the placeholder; a form of it the proxy itself made for one
 * request (a `Basic` pair's base64) becomes what the command sent there.
 */
export interface Echo {
  real: string;
  shown: string;
}

/** The texts of each bound value an answer is scrubbed of, whatever request it answers. */
export function valueEchoes(bound: readonly BoundCredential[]): Echo[] {
  const echoes: Echo[] = [];
  for (const { rule, placeholder, made } of bound) {
    if (made) echoes.push(...made);
    echoes.push({ real: rule.value, shown: placeholder });
    // A server that puts the value in a URL (a redirect's Location) percent-encodes it.
    const encoded = encodeURIComponent(rule.value);
    if (encoded !== rule.value) echoes.push({ real: encoded, shown: placeholder });
  }
  return echoes;
}

/**
 * Writes the real values into a request to a host the credentials are bound to; returns the new
 * target and whether anything was injected. The forms of the values it made are remembered with
 * each credential (valueEchoes gives them): an answer that echoes the request must not show them.
 */
export function injectCredentials(
  headers: HeaderList,
  target: string,
  bound: readonly BoundCredential[],
): { headers: HeaderList; target: string; injected: boolean } {
  let injected = false;
  let out = headers;
  for (const credential of bound) {
    const { rule, placeholder } = credential;
    const made: Echo[] = [];
    if (rule.header !== undefined) {
      out = out.filter(([name]) => name !== rule.header);
      out.push([rule.header, rule.format.split('{value}').join(rule.value)]);
      injected = true;
      continue;
    }
    out = out.map(([name, value]): [string, string] => {
      let next = value.includes(placeholder) ? value.split(placeholder).join(rule.value) : value;
      if (name === 'authorization') next = basicReplaced(next, placeholder, rule.value, made);
      if (next !== value) injected = true;
      return [name, next];
    });
    // In the target as a URL holds a value: percent-encoded (a `+`, `/` or space in a query or a
    // path segment would read as something else; a space or a control byte would make no request).
    if (target.includes(placeholder)) {
      target = target.split(placeholder).join(encodeURIComponent(rule.value));
      injected = true;
    }
    remember(credential, made);
  }
  return { headers: out, target, injected };
}

/** Keeps the forms made for this credential (the last MADE_FORMS, each once). */
function remember(credential: BoundCredential, echoes: readonly Echo[]): void {
  const made = (credential.made ??= []);
  for (const echo of echoes) {
    const at = made.findIndex((known) => known.real === echo.real);
    if (at !== -1) made.splice(at, 1);
    made.push(echo);
  }
  if (made.length > MADE_FORMS) made.splice(0, made.length - MADE_FORMS);
}

/**
 * `Basic base64(user:password)` with the placeholder replaced inside the decoded pair; the base64
 * sent and the one the command wrote are kept in `echoes` (a server that echoes the header, as
 * many debugging endpoints do, would hand the command a pair it can decode).
 */
function basicReplaced(value: string, placeholder: string, real: string, echoes: Echo[]): string {
  const match = /^(\s*basic\s+)([A-Za-z0-9+/=]+)\s*$/i.exec(value);
  if (!match) return value;
  // Byte for byte: what the command wrote around the placeholder stays as it was, the value goes
  // in as UTF-8 (as curl and the other clients encode a password).
  const decoded = Buffer.from(match[2]!, 'base64').toString('latin1');
  if (!decoded.includes(placeholder)) return value;
  const realBytes = Buffer.from(real, 'utf8').toString('latin1');
  const sent = Buffer.from(decoded.split(placeholder).join(realBytes), 'latin1').toString('base64');
  echoes.push({ real: sent, shown: match[2]! });
  return `${match[1]}${sent}`;
}

/** Replaces every echo in a text. */
export function scrubText(text: string, echoes: readonly Echo[]): string {
  let out = text;
  for (const { real, shown } of echoes) if (out.includes(real)) out = out.split(real).join(shown);
  return out;
}

/** Response headers, names and values, with every echo replaced. */
export function scrubHeaders(headers: HeaderList, echoes: readonly Echo[]): HeaderList {
  return headers.map(([name, value]): [string, string] => [scrubText(name, echoes), scrubText(value, echoes)]);
}

/** A decoder for a response body's content-encoding, null for none, undefined for one it cannot read. */
export function bodyDecoder(encoding: string | undefined): Transform | null | undefined {
  const value = (encoding ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return null;
  if (value === 'gzip' || value === 'x-gzip') return createGunzip();
  if (value === 'deflate') return createInflate();
  if (value === 'br') return createBrotliDecompress();
  return undefined;
}

/** Replaces every echo in a byte stream, also across chunk boundaries. */
interface ScrubPair {
  real: Buffer;
  shown: Buffer;
}

export class CredentialScrubber extends Transform {
  readonly #pairs: ScrubPair[];
  readonly #keep: number;
  #carry: Buffer = Buffer.alloc(0);

  constructor(echoes: readonly Echo[]) {
    super();
    this.#pairs = echoes.map(({ real, shown }) => ({ real: Buffer.from(real), shown: Buffer.from(shown) }));
    this.#keep = Math.max(0, ...this.#pairs.map((p) => p.real.length - 1));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const data = this.#carry.length ? Buffer.concat([this.#carry, chunk]) : chunk;
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      let best = -1;
      let pair: ScrubPair | undefined;
      for (const candidate of this.#pairs) {
        const found = data.indexOf(candidate.real, at);
        if (found !== -1 && (best === -1 || found < best)) {
          best = found;
          pair = candidate;
        }
      }
      if (!pair) break;
      parts.push(data.subarray(at, best), pair.shown);
      at = best + pair.real.length;
    }
    // The last bytes may begin a value the next chunk completes: held back until then.
    const held = Math.min(this.#keep, data.length - at);
    parts.push(data.subarray(at, data.length - held));
    this.#carry = Buffer.from(data.subarray(data.length - held));
    done(null, Buffer.concat(parts));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.#carry);
  }
}
