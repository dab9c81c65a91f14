// The credential broker's two halves: a request to a bound host gets the real value (its header
// set, or the placeholder replaced where it appears: header values, a Basic authorization's
// user:password, the request target), and every answer from that host gets the placeholder back
// wherever the server echoed the real value or a form of it the proxy made (headers and body, the
// body decoded when it is compressed), so the command never reads it.
import { randomBytes } from 'node:crypto';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Echoes, type Echo } from './echoes.js';
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

/** The last Echoes compiled for a list of credentials, with the made forms it was compiled with. */
const compiled = new WeakMap<readonly BoundCredential[], { made: Echo[]; echoes: Echoes }>();

/**
 * What every answer is scrubbed of, whatever request it answers: each value in every text form
 * (echoes.ts), and the forms the proxy made of it. Compiled again only when those forms changed.
 */
export function valueEchoes(bound: readonly BoundCredential[]): Echoes {
  const made = bound.flatMap((credential) => credential.made ?? []);
  const last = compiled.get(bound);
  if (last && last.made.length === made.length && last.made.every((echo, i) => echo === made[i])) return last.echoes;
  const echoes = new Echoes(
    bound.map(({ rule, placeholder }) => ({ real: rule.value, shown: placeholder })),
    made,
  );
  compiled.set(bound, { made, echoes });
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
    if (rule.header !== undefined) {
      out = out.filter(([name]) => name !== rule.header);
      out.push([rule.header, rule.format.split('{value}').join(rule.value)]);
      injected = true;
      continue;
    }
    out = out.map(([name, value]): [string, string] => {
      if (!value.includes(placeholder)) return [name, value];
      injected = true;
      return [name, value.split(placeholder).join(rule.value)];
    });
    // In the target as a URL holds a value: percent-encoded (a `+`, `/` or space in a query or a
    // path segment would read as something else; a space or a control byte would make no request).
    if (target.includes(placeholder)) {
      target = target.split(placeholder).join(encodeURIComponent(rule.value));
      injected = true;
    }
  }
  const inPlace = bound.filter((credential) => credential.rule.header === undefined);
  out = out.map(([name, value]): [string, string] => {
    if (name !== 'authorization' || !inPlace.length) return [name, value];
    const next = basicReplaced(value, inPlace);
    if (next !== value) injected = true;
    return [name, next];
  });
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
 * `Basic base64(user:password)` with every placeholder replaced inside the decoded pair, all at
 * once: the base64 sent is remembered with each credential in it as the one the command wrote (a
 * server that echoes the header, as many debugging endpoints do, would hand the command a pair it
 * can decode; one made a credential at a time would give back a pair holding the others' values).
 */
function basicReplaced(value: string, credentials: readonly BoundCredential[]): string {
  const match = /^(\s*basic\s+)([A-Za-z0-9+/=]+)\s*$/i.exec(value);
  if (!match) return value;
  // Byte for byte: what the command wrote around the placeholders stays as it was, the values go
  // in as UTF-8 (as curl and the other clients encode a password).
  let decoded = Buffer.from(match[2]!, 'base64').toString('latin1');
  const used = credentials.filter(({ placeholder }) => decoded.includes(placeholder));
  if (!used.length) return value;
  for (const { placeholder, rule } of used)
    decoded = decoded.split(placeholder).join(Buffer.from(rule.value, 'utf8').toString('latin1'));
  const sent = Buffer.from(decoded, 'latin1').toString('base64');
  for (const credential of used) remember(credential, [{ real: sent, shown: match[2]! }]);
  return `${match[1]}${sent}`;
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
