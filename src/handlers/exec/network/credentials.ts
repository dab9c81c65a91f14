// The credential broker's two halves: a request to a bound host gets the real value (its header
// set, or the placeholder replaced where it appears: header values, a Basic authorization's
// user:password, the request target), and the answer from that host gets the placeholder back
// wherever the server echoed the real value (headers and body, the body decoded when it is
// compressed), so the command never reads it.
import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { CredentialRule } from './settings.js';

/** A credential with the placeholder the sandbox sees instead of it. */
export interface BoundCredential {
  rule: CredentialRule;
  placeholder: string;
}

/** An unguessable, recognisable stand-in for a credential. */
export function newPlaceholder(): string {
  return `toolwright-placeholder-${randomBytes(18).toString('hex')}`;
}

/** Header pairs as [name, value], names lower-case. */
export type HeaderList = [string, string][];

/**
 * Writes the real values into a request to a host the credentials are bound to; returns the new
 * target and whether anything was injected.
 */
export function injectCredentials(
  headers: HeaderList,
  target: string,
  bound: readonly BoundCredential[],
): { headers: HeaderList; target: string; injected: boolean } {
  let injected = false;
  let out = headers;
  for (const { rule, placeholder } of bound) {
    if (rule.header !== undefined) {
      out = out.filter(([name]) => name !== rule.header);
      out.push([rule.header, rule.format.split('{value}').join(rule.value)]);
      injected = true;
      continue;
    }
    out = out.map(([name, value]): [string, string] => {
      let next = value.includes(placeholder) ? value.split(placeholder).join(rule.value) : value;
      if (name === 'authorization') next = basicReplaced(next, placeholder, rule.value);
      if (next !== value) injected = true;
      return [name, next];
    });
    if (target.includes(placeholder)) {
      target = target.split(placeholder).join(rule.value);
      injected = true;
    }
  }
  return { headers: out, target, injected };
}

/** `Basic base64(user:password)` with the placeholder replaced inside the decoded pair. */
function basicReplaced(value: string, placeholder: string, real: string): string {
  const match = /^(\s*basic\s+)([A-Za-z0-9+/=]+)\s*$/i.exec(value);
  if (!match) return value;
  const decoded = Buffer.from(match[2]!, 'base64').toString('latin1');
  if (!decoded.includes(placeholder)) return value;
  return `${match[1]}${Buffer.from(decoded.split(placeholder).join(real), 'latin1').toString('base64')}`;
}

/** Response header values with every real value written as its placeholder. */
export function scrubHeaders(headers: HeaderList, bound: readonly BoundCredential[]): HeaderList {
  return headers.map(([name, value]): [string, string] => {
    let next = value;
    for (const { rule, placeholder } of bound)
      if (next.includes(rule.value)) next = next.split(rule.value).join(placeholder);
    return [name, next];
  });
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

/** Replaces every real value in a byte stream by its placeholder, also across chunk boundaries. */
interface ScrubPair {
  real: Buffer;
  placeholder: Buffer;
}

export class CredentialScrubber extends Transform {
  readonly #pairs: ScrubPair[];
  readonly #keep: number;
  #carry: Buffer = Buffer.alloc(0);

  constructor(bound: readonly BoundCredential[]) {
    super();
    this.#pairs = bound.map(({ rule, placeholder }) => ({
      real: Buffer.from(rule.value),
      placeholder: Buffer.from(placeholder),
    }));
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
      parts.push(data.subarray(at, best), pair.placeholder);
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
