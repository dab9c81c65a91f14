// A URL's host in the one form the address guard, the connection pins, the policy's host rules and
// web_search's domain filters compare: lower case, no IPv6 brackets, no trailing dot
// (`example.com.` is `example.com`). A name with an empty label (`a..example`, `example.com..`) is
// no host at all and is refused wherever it is met: stripping one dot would leave a name no rule
// spells, while the resolver still finds the host.

/** The bare host, or undefined for a name with an empty label (or none at all). */
export function bareHost(hostname: string): string | undefined {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.includes(':')) return host || undefined; // IPv6: no labels
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return undefined;
  return host;
}
