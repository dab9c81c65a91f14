// `host` rules for web_fetch: `example.com` (that host), `*.example.com` (any subdomain), `*` (any).
import { ToolError } from '../contract/errors.js';
import { bareHost } from '../net/host-name.js';

export interface HostPattern {
  source: string;
  matches(hostname: string): boolean;
}

/** `::ffff:7f00:1` as the WHATWG parser writes `[::ffff:127.0.0.1]`. */
const MAPPED_V4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * The host as rules compare it (net/host-name.ts's bare form); an IPv4-mapped IPv6 address is its
 * IPv4 address, which is what a socket to it reaches. Undefined for a name with an empty label.
 */
export function normalizeHost(hostname: string): string | undefined {
  const host = bareHost(hostname);
  const mapped = host === undefined ? null : MAPPED_V4.exec(host);
  if (!mapped) return host;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The host as a URL's hostname spells it (WHATWG host parser): `Bücher.example` is
 * `xn--bcher-kva.example`, `0:0:0:0:0:0:0:1` is `::1`, `127.1` is `127.0.0.1`. A rule written any
 * of those ways matches the URL it names, never silently nothing. Undefined when it is no host.
 */
function canonicalHost(host: string): string | undefined {
  const bare = normalizeHost(host);
  if (bare === undefined) return undefined;
  const v6 = bare.includes(':');
  try {
    return normalizeHost(new URL(v6 ? `http://[${bare}]/` : `http://${bare}/`).hostname);
  } catch {
    return undefined;
  }
}

/** A rule's host, canonical; a TypeError (the rule is refused) when it is no host. */
function ruleHost(host: string): string {
  const canonical = canonicalHost(host);
  if (canonical !== undefined) return canonical;
  throw new TypeError(host.includes(':') ? 'is not a valid IPv6 address' : 'is not a valid host name');
}

/**
 * A URL's host, canonical. One that is no host (`a..example`, `example.com..`) throws, so that no
 * rule decides it: the call is refused whatever the rules say, as the address guard refuses it.
 */
function urlHost(host: string): string {
  const canonical = canonicalHost(host);
  if (canonical !== undefined) return canonical;
  throw new ToolError(
    'INVALID_INPUT',
    `${JSON.stringify(host.slice(0, 200))} is not a valid host name: it has an empty label (a..b, .a.b or a.b..)`,
  );
}

export function compileHostPattern(source: string): HostPattern {
  const pattern = source.trim().toLowerCase();
  if (pattern === '*') return { source, matches: () => true };
  // `*.` is a subdomain pattern without its domain, not "any host".
  if (pattern === '*.') throw new TypeError('names no domain after *. (write *.example.com, or * for any host)');
  if (/[/@?#\s]/.test(pattern) || (pattern.includes(':') && !/^\[?[0-9a-f:.]+\]?$/.test(pattern))) {
    throw new TypeError('must be a host name such as example.com or *.example.com, not a URL');
  }
  if (pattern.startsWith('*.')) {
    const rest = pattern.slice(2);
    if (rest.includes('*')) throw new TypeError('may use * only as the first label (*.example.com)');
    const suffix = `.${ruleHost(rest)}`;
    return { source, matches: (host) => urlHost(host).endsWith(suffix) };
  }
  if (pattern.includes('*')) throw new TypeError('may use * only as the first label (*.example.com)');
  const exact = ruleHost(pattern);
  return { source, matches: (host) => urlHost(host) === exact };
}
