// Where the proxy may connect for a request: the name must be allowed, it is resolved here (the
// sandbox has no resolver; the proxy's resolver keeps answers a short time, dns-cache.ts), and every
// address of the answer must pass web_fetch's address guard unless the allow list names that
// address or allowPrivate is set, at every request. The connection then goes to exactly those
// addresses (pinned), so DNS rebinding cannot reach a refused one.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason, type ResolvedAddress, type Resolver } from '../../../runtime/net/address-guard.js';
import { addressEntry, entryFor, hostText, type CanonicalHost, type HostEntry } from './hosts.js';
import type { ProxyPolicy } from './settings.js';

/** A destination the proxy may connect to. */
export interface CheckedDestination {
  host: CanonicalHost;
  port: number;
  /** The addresses a connection may use (checked). */
  addresses: ResolvedAddress[];
  /** The allow entry that admitted the host. */
  entry: HostEntry;
}

/** Why a destination is refused: the HTTP status and the line the command reads. */
export interface Refusal {
  status: number;
  /** Short machine tag (audit, X-Toolwright-Refused header). */
  reason:
    'not-allowed' | 'address' | 'private-address' | 'method' | 'unresolved' | 'bad-request' | 'unsupported' | 'limit';
  line: string;
}

export async function defaultResolver(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Checks a canonical host and port against the policy; resolves names with `resolve` (once). */
export async function checkDestination(
  host: CanonicalHost,
  port: number,
  policy: ProxyPolicy,
  resolve: Resolver,
): Promise<CheckedDestination | Refusal> {
  const shown = hostText(host);
  const entry = entryFor(host, policy.allow);
  if (!entry) {
    return host.ip
      ? {
          status: 403,
          reason: 'address',
          line: `toolwright: ${shown} is an IP address, and exec.network.allow does not name it (the sandbox's network policy; connections go to allowed names only)`,
        }
      : {
          status: 403,
          reason: 'not-allowed',
          line: `toolwright: ${shown} is not in exec.network.allow (the sandbox's network policy refused it; there is no other route out)`,
        };
  }
  // An IP literal the allow list names is reached as named.
  if (host.ip) return { host, port, addresses: [{ address: host.host, family: host.ip }], entry };
  let addresses: ResolvedAddress[];
  try {
    addresses = (await resolve(host.host)).filter((a) => isIP(a.address) !== 0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      status: 502,
      reason: 'unresolved',
      line: `toolwright: ${shown} could not be resolved${code ? ` (${code})` : ''}`,
    };
  }
  if (addresses.length === 0)
    return { status: 502, reason: 'unresolved', line: `toolwright: ${shown} resolved to no address` };
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const reason = blockedReason(address);
      if (reason !== undefined && !addressEntry(address, policy.allow)) {
        return {
          status: 403,
          reason: 'private-address',
          line: `toolwright: ${shown} resolves to ${address}, ${reason}; the sandbox reaches public addresses only unless exec.network.allowPrivate is set or exec.network.allow names that address`,
        };
      }
    }
  }
  return { host, port, addresses, entry };
}

export function isRefusal(value: CheckedDestination | Refusal): value is Refusal {
  return (value as Refusal).line !== undefined;
}
