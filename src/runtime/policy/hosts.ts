// `host` rules for web_fetch: `example.com` (that host), `*.example.com` (any subdomain), `*` (any).
export interface HostPattern {
  source: string;
  matches(hostname: string): boolean;
}

export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export function compileHostPattern(source: string): HostPattern {
  const pattern = normalizeHost(source.trim());
  if (pattern === '*') return { source, matches: () => true };
  if (/[/:@?#\s]/.test(pattern) && !/^[0-9a-f:]+$/.test(pattern)) throw new TypeError('must be a host name such as example.com or *.example.com, not a URL');
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(1);
    if (suffix.includes('*') || suffix.length < 2) throw new TypeError('may use * only as the first label (*.example.com)');
    return { source, matches: (host) => normalizeHost(host).endsWith(suffix) };
  }
  if (pattern.includes('*')) throw new TypeError('may use * only as the first label (*.example.com)');
  return { source, matches: (host) => normalizeHost(host) === pattern };
}
