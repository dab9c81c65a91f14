// SSRF defence for every `url` argument (web_fetch's and any provider's): which URLs and resolved
// addresses a connection may reach. The guard resolves a host once; the connection then goes to
// exactly those addresses (net/guarded.ts pins them).
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ToolError } from '../contract/errors.js';
import type { WebOptions } from '../contract/options.js';
import { bareHost } from './host-name.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
  /** Seconds the answer may be kept, when the resolver knows (the sandbox's proxy keeps answers). */
  ttl?: number;
}

/** A hop's destination after checking: the URL and the addresses the connection may use. */
export interface CheckedTarget {
  url: URL;
  /** Host name as the connection sees it (no brackets, no trailing dot). */
  hostname: string;
  addresses: ResolvedAddress[];
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Names ipaddr.js gives the ranges a public fetch must not reach, in words a model understands. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (cloud metadata lives here)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private (RFC 1918) address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local IPv6 address (fc00::/7)',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 IPv6 address',
  '6to4': 'a 6to4 IPv6 address',
  teredo: 'a Teredo IPv6 address',
  deprecatedSiteLocal: 'a site-local IPv6 address',
};

/**
 * Why an address is not public, or undefined when it is. Only public unicast passes: IPv4
 * `unicast`, IPv6 `unicast` inside 2000::/3 (so IPv4-compatible `::a.b.c.d` and other oddities
 * fail too). IPv6 forms that embed an IPv4 address are refused whatever they embed.
 */
export function blockedReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not a valid IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (parsed.kind() === 'ipv4') {
    return range === 'unicast' ? undefined : (RANGE_WORDS[range] ?? `a ${range} address`);
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) {
    const inner = v6.toIPv4Address();
    const innerRange = inner.range();
    const innerWords = innerRange === 'unicast' ? 'a public address' : (RANGE_WORDS[innerRange] ?? innerRange);
    return `an IPv4-mapped IPv6 address (of ${inner.toString()}, ${innerWords})`;
  }
  if (range !== 'unicast') return RANGE_WORDS[range] ?? `a ${range} IPv6 address`;
  if (!v6.match(GLOBAL_UNICAST_V6)) return 'an IPv6 address outside global unicast (2000::/3)';
  return undefined;
}

/**
 * Host as the URL carries it, without IPv6 brackets or a trailing dot, lower-cased; undefined for
 * a name with an empty label (`a..example`, `example.com..`), which is refused (net/host-name.ts).
 */
export function bareHostname(url: URL): string | undefined {
  return bareHost(url.hostname);
}

/**
 * Parses what a model passed as `url`: absolute http(s) only, no credentials. WHATWG parsing
 * already turns `2130706433`, `0x7f.1`, `127.1` and full-width digits into dotted IPv4 and
 * compresses `[::ffff:127.0.0.1]`, so the address check below sees canonical forms.
 */
export function parseFetchUrl(input: string, field = 'url'): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ToolError(
      'INVALID_INPUT',
      `${field} is not an absolute URL: ${JSON.stringify(input.slice(0, 200))} (give one like https://example.com/page)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolError('INVALID_INPUT', `${field} must use http or https, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username || url.password) {
    throw new ToolError(
      'INVALID_INPUT',
      `${field} must not carry credentials (user:password@); no authentication is sent this way`,
    );
  }
  if (bareHostname(url) === undefined) throw new ToolError('INVALID_INPUT', `${field} ${invalidHost(url)}`);
  return url;
}

/** Why a URL's host is refused when it has an empty label. */
export function invalidHost(url: URL): string {
  return `has no valid host: ${JSON.stringify(url.hostname.slice(0, 200))} has an empty label (a..b, .a.b or a.b..)`;
}

/**
 * Checks where a redirect leads before the host rules see it, as a model's own URL is checked:
 * http or https, no credentials, and a host with no empty label (the rules would not know
 * `a.example..` as `a.example`). BLOCKED_URL otherwise, with `details` of the target.
 */
export function checkRedirectTarget(
  from: URL,
  next: URL,
  details: (next: URL) => Record<string, unknown> | undefined = () => undefined,
): void {
  // A target's user:password is not repeated anywhere.
  const shown = new URL(next.href);
  shown.username = '';
  shown.password = '';
  const refuse = (why: string) => new ToolError('BLOCKED_URL', `${from.href} redirected to ${why}`, details(shown));
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw refuse(`a ${next.protocol} URL; only http and https are followed`);
  if (next.username || next.password) throw refuse('a URL with credentials; not followed');
  if (bareHostname(next) === undefined) throw refuse(`a URL that ${invalidHost(next)}; not followed`);
}

/** Matches an allowHosts entry: exact host, `*.suffix`, an IP literal, or a CIDR range. */
function hostAllowed(hostname: string, addresses: readonly string[], allowHosts: readonly string[]): boolean {
  for (const raw of allowHosts) {
    const entry = bareHost(raw.trim());
    if (!entry) continue;
    if (entry.includes('/')) {
      let cidr: [ipaddr.IPv4 | ipaddr.IPv6, number];
      try {
        cidr = ipaddr.parseCIDR(entry);
      } catch {
        continue;
      }
      const inRange = (a: string) => {
        const parsed = ipaddr.parse(a);
        return parsed.kind() === cidr[0].kind() && parsed.match(cidr);
      };
      if (addresses.length > 0 && addresses.every(inRange)) return true;
      continue;
    }
    if (entry.startsWith('*.')) {
      if (hostname.endsWith(entry.slice(1))) return true;
      continue;
    }
    if (hostname === entry) return true;
    if (isIP(entry) && isIP(hostname) && ipaddr.parse(entry).toString() === ipaddr.parse(hostname).toString())
      return true;
  }
  return false;
}

async function defaultResolver(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/**
 * Resolves the URL's host (once) and checks every address it resolved to. Returns the addresses
 * the connection must use; throws BLOCKED_URL naming the offending address, or NETWORK_ERROR
 * when the name does not resolve.
 */
export async function checkTarget(url: URL, options: Readonly<WebOptions>, who = 'this tool'): Promise<CheckedTarget> {
  const hostname = bareHostname(url);
  // Reached by a redirect hop (a URL argument is refused as it is parsed).
  if (!hostname) throw new ToolError('BLOCKED_URL', `refusing to fetch ${url.href}: it ${invalidHost(url)}`);
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    const resolver: Resolver = options.lookup ?? defaultResolver;
    try {
      addresses = await resolver(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ToolError(
        'NETWORK_ERROR',
        `could not resolve ${hostname}${code ? ` (${code})` : ''}; check the host name`,
        { host: hostname },
      );
    }
    addresses = addresses.filter((a) => isIP(a.address));
    if (addresses.length === 0) {
      throw new ToolError('NETWORK_ERROR', `${hostname} resolved to no address`, { host: hostname });
    }
  }

  if (options.allowPrivateNetwork) return { url, hostname, addresses };
  if (
    options.allowHosts?.length &&
    hostAllowed(
      hostname,
      addresses.map((a) => a.address),
      options.allowHosts,
    )
  ) {
    return { url, hostname, addresses };
  }
  for (const { address } of addresses) {
    const reason = blockedReason(address);
    if (reason !== undefined) {
      const via = literal ? '' : ` (${hostname} resolves to ${address})`;
      throw new ToolError(
        'BLOCKED_URL',
        `refusing to fetch ${url.origin}: ${address} is ${reason}${via}; ${who} only reaches public addresses unless the toolkit allows private networks or this host`,
        { url: url.href, host: hostname, address, reason },
      );
    }
  }
  return { url, hostname, addresses };
}
