// What a request inside an intercepted tunnel may name: the tunnel's own host, and a target
// that is a path (an absolute form is cut down to one).
import type { CheckedDestination, Refusal } from './destination.js';
import { canonicalHost, hostText } from './hosts.js';

/** Inside a tunnel a request must be for the host the tunnel was allowed to (`given`: its Host). */
export function tunnelHostRefusal(given: string | undefined, destination: CheckedDestination): Refusal | undefined {
  if (given === undefined) return undefined;
  const named = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(given);
  const host = named ? canonicalHost(named[1]!) : undefined;
  if (
    host &&
    host.host === destination.host.host &&
    (named![2] === undefined || Number(named![2]) === destination.port)
  )
    return undefined;
  return {
    status: 421,
    reason: 'not-allowed',
    line: `toolwright: the request's Host ${JSON.stringify(given).slice(0, 100)} differs from the tunnel's ${hostText(destination.host)}; refused`,
  };
}

/** A tunnel request's target as path and query (an absolute form is cut down to them). */
export function tunnelTarget(raw: string): string {
  if (raw.startsWith('/')) return raw;
  try {
    const url = new URL(raw);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}
