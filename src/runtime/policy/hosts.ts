// `host` rules for web_fetch: `example.com` (that host), `*.example.com` (any subdomain), `*` (any).
export interface HostPattern {
  source: string;
  matches(hostname: string): boolean;
}

export function normalizeHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/**
 * The host as a URL's hostname spells it (WHATWG host parser): `Bücher.example` is
 * `xn--bcher-kva.example`, `0:0:0:0:0:0:0:1` is `::1`, `127.1` is `127.0.0.1`. A rule written any
 * of those ways matches the URL it names, never silently nothing.
 */
function canonicalHost(host: string): string {
  const v6 = host.includes(':');
  try {
    return normalizeHost(new URL(v6 ? `http://[${host}]/` : `http://${host}/`).hostname);
  } catch {
    throw new TypeError(v6 ? 'is not a valid IPv6 address' : 'is not a valid host name');
  }
}

export function compileHostPattern(source: string): HostPattern {
  const pattern = normalizeHost(source.trim());
  // `*.` is a subdomain pattern without its domain, not "any host".
  if (pattern === '*' && source.trim() !== '*')
    throw new TypeError('names no domain after *. (write *.example.com, or * for any host)');
  if (pattern === '*') return { source, matches: () => true };
  if (/[/@?#\s]/.test(pattern) || (pattern.includes(':') && !/^[0-9a-f:.]+$/.test(pattern))) {
    throw new TypeError('must be a host name such as example.com or *.example.com, not a URL');
  }
  if (pattern.startsWith('*.')) {
    const rest = pattern.slice(2);
    if (rest.includes('*') || rest.length < 1) throw new TypeError('may use * only as the first label (*.example.com)');
    const suffix = `.${canonicalHost(rest)}`;
    return { source, matches: (host) => normalizeHost(host).endsWith(suffix) };
  }
  if (pattern.includes('*')) throw new TypeError('may use * only as the first label (*.example.com)');
  const exact = canonicalHost(pattern);
  return { source, matches: (host) => normalizeHost(host) === exact };
}
