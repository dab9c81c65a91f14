// Host names as the proxy compares them: one canonical form per host (lower case, punycode, no
// trailing dot, percent-decoded, IPv4 in dotted decimal whatever form it was written in, IPv6
// compressed without brackets), so a name is allowed or refused whatever way a client spells it.
// Allow entries (exec.network.allow, exec.credentials[].hosts) go through the same function.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ToolError } from '../../../runtime/contract/errors.js';

/** One compiled allow entry. */
export type HostEntry =
  | { kind: 'name'; name: string; text: string }
  | { kind: 'suffix'; suffix: string; text: string }
  | { kind: 'ip'; address: string; text: string }
  | { kind: 'cidr'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; text: string };

/** A host as a client named it, canonical. */
export interface CanonicalHost {
  host: string;
  /** 4 or 6 for an IP literal, 0 for a name. */
  ip: 0 | 4 | 6;
}

// Characters no host holds in any spelling: they would make the URL parser read another part
// (userinfo, port, path) as the host, or hide text.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_IN_HOST = /[\s/\\?#@:[\]<>^|%"`{}\u0000-\u001f\u007f]/u;

/** Spellings read lately, and their canonical forms (null: none): a command names the same few hosts again and again. */
const recent = new Map<string, Readonly<CanonicalHost> | null>();
const MAX_RECENT = 512;

/**
 * The canonical form of a host name or IP literal, or undefined when it is none. Percent-encoding
 * is decoded first (`ex%61mple.com`); an IPv6 literal may come with or without brackets.
 */
export function canonicalHost(raw: string): Readonly<CanonicalHost> | undefined {
  if (typeof raw !== 'string') return undefined;
  const known = recent.get(raw);
  if (known !== undefined) return known ?? undefined;
  const made = canonicalForm(raw);
  if (recent.size >= MAX_RECENT) recent.delete(recent.keys().next().value!);
  recent.set(raw, made ? Object.freeze(made) : null);
  return made;
}

function canonicalForm(raw: string): CanonicalHost | undefined {
  if (raw.length === 0 || raw.length > 300) return undefined;
  let text = raw;
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  const bracketed = /^\[([0-9a-fA-F:.]+)\]$/.exec(text);
  const v6 = bracketed ? bracketed[1]! : isIP(text) === 6 ? text : undefined;
  if (v6 !== undefined) {
    // A zone id (`fe80::1%lo`) names an interface of this machine, not an address a host has.
    if (isIP(v6) !== 6 || v6.includes('%')) return undefined;
    return { host: ipaddr.parse(v6).toString(), ip: 6 };
  }
  if (NOT_IN_HOST.test(text)) return undefined;
  let parsed: string;
  try {
    // The WHATWG host parser: IDN to punycode (UTS #46 mapping: full-width letters, case), IPv4 in
    // every form (2130706433, 0x7f.1, 0177.0.0.1, 127.1) to dotted decimal.
    parsed = new URL(`http://${text}/`).hostname;
  } catch {
    return undefined;
  }
  if (parsed.endsWith('.')) parsed = parsed.slice(0, -1);
  if (parsed === '' || parsed.startsWith('.') || parsed.endsWith('.') || parsed.includes('..') || parsed.length > 253)
    return undefined;
  if (isIP(parsed) === 4) return { host: parsed, ip: 4 };
  // What the URL parser lets through but no name a resolver looks up holds (`*`, `!`, `;`, `=` …):
  // a wildcard sent as a host would otherwise fall under the allow entry `*.name`.
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(parsed)) return undefined;
  if (parsed.split('.').some((label) => label.length > 63)) return undefined;
  return { host: parsed, ip: 0 };
}

/**
 * Compiles a list of host entries (`field` names it in errors): a name, `*.name` (every name below
 * it, not the name itself), an IP literal or a CIDR range. Anything else is INVALID_INPUT.
 */
export function compileHostEntries(entries: unknown, field: string): HostEntry[] {
  if (!Array.isArray(entries)) throw new ToolError('INVALID_INPUT', `${field} must be a list of host names`);
  // By index, not map: a sparse list's holes are entries too (map would skip them, and keep them).
  return Array.from(entries, (entry: unknown, index) => compileEntry(entry, `${field}[${index}]`));
}

function compileEntry(entry: unknown, field: string): HostEntry {
  const bad = (why: string) =>
    new ToolError(
      'INVALID_INPUT',
      `${field} ${why}; give a host name (registry.npmjs.org), *.name for every name below one, an IP address or a CIDR range`,
    );
  if (typeof entry !== 'string' || entry.trim() === '') throw bad('is not a host name');
  const text = entry.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw bad(`is a URL (${JSON.stringify(text)}): name the host alone`);
  if (text.includes('/')) {
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = ipaddr.parseCIDR(text.replace(/^\[|\]$/g, ''));
    } catch {
      throw bad(`is neither a host nor a CIDR range (${JSON.stringify(text)})`);
    }
    return { kind: 'cidr', range, text };
  }
  if (text.startsWith('*.')) {
    const rest = canonicalHost(text.slice(2));
    if (!rest || rest.ip !== 0 || rest.host.includes('*'))
      throw bad(`is not a valid wildcard (${JSON.stringify(text)})`);
    return { kind: 'suffix', suffix: `.${rest.host}`, text };
  }
  if (text.includes('*')) throw bad(`has a * other than a leading "*." (${JSON.stringify(text)})`);
  const host = canonicalHost(text);
  if (!host) throw bad(`is not a valid host (${JSON.stringify(text)})`);
  return host.ip ? { kind: 'ip', address: host.host, text } : { kind: 'name', name: host.host, text };
}

/** The entry that admits a canonical host (a name by name or suffix, an IP literal by address or range), if any. */
export function entryFor(host: CanonicalHost, entries: readonly HostEntry[]): HostEntry | undefined {
  if (host.ip) return addressEntry(host.host, entries);
  for (const entry of entries) {
    if (entry.kind === 'name' && entry.name === host.host) return entry;
    if (entry.kind === 'suffix' && host.host.endsWith(entry.suffix) && host.host.length > entry.suffix.length)
      return entry;
  }
  return undefined;
}

/** The entry naming an address: the same IP literal, or a range holding it (same family only). */
export function addressEntry(address: string, entries: readonly HostEntry[]): HostEntry | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.parse(address);
  const canonical = parsed.toString();
  for (const entry of entries) {
    if (entry.kind === 'ip' && entry.address === canonical) return entry;
    if (entry.kind === 'cidr' && entry.range[0].kind() === parsed.kind() && parsed.match(entry.range)) return entry;
  }
  return undefined;
}

/** `host:port` of a CONNECT request (IPv6 in brackets), canonical; undefined when it is not one. */
export function parseAuthority(authority: string): { host: CanonicalHost; port: number } | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  const host = canonicalHost(match[1]!);
  return host ? { host, port } : undefined;
}

/** A host as it goes into a Host header or a message: IPv6 in brackets. */
export function hostText(host: CanonicalHost): string {
  return host.ip === 6 ? `[${host.host}]` : host.host;
}
