// The proxy's resolver answers, kept per canonical name for a short time so that a command's many
// connections to one host do not each wait for a lookup. Only answers are kept, never a decision:
// the address guard runs on the kept addresses at every use (destination.ts) and a connection goes
// to exactly the addresses checked, so a kept answer admits nothing the guard refuses and a name
// server that changes its answer (DNS rebinding) reaches nothing either. A failed lookup and an
// empty answer are not kept; lookups of a name under way are shared.
import type { ResolvedAddress, Resolver } from '../../../runtime/net/address-guard.js';

/** Longest an answer is kept, whatever TTL the resolver gave. */
export const DNS_CACHE_MAX_TTL_MS = 30_000;
/** How long an answer without a TTL (the system's getaddrinfo gives none) is kept. */
export const DNS_CACHE_DEFAULT_TTL_MS = 10_000;
/** Names kept (the least recently used goes first): wildcard allow entries admit any number. */
export const DNS_CACHE_MAX_NAMES = 512;
/**
 * Longest a lookup may take. A resolver the host gives may never answer: the lookup is shared by
 * every request for the name, so without a bound one silence would hold that name for good.
 */
export const DNS_LOOKUP_TIMEOUT_MS = 10_000;

interface Kept {
  addresses: readonly ResolvedAddress[];
  /** Clock time after which the answer is asked again. */
  expires: number;
}

export interface DnsCacheOptions {
  /** The clock (ms); tests give one. */
  now?: () => number;
  maxNames?: number;
  lookupTimeoutMs?: number;
}

export class DnsCache {
  readonly #resolve: Resolver;
  readonly #now: () => number;
  readonly #maxNames: number;
  readonly #timeoutMs: number;
  readonly #kept = new Map<string, Kept>();
  readonly #pending = new Map<string, Promise<ResolvedAddress[]>>();

  constructor(resolve: Resolver, options: DnsCacheOptions = {}) {
    this.#resolve = resolve;
    this.#now = options.now ?? Date.now;
    this.#maxNames = options.maxNames ?? DNS_CACHE_MAX_NAMES;
    this.#timeoutMs = options.lookupTimeoutMs ?? DNS_LOOKUP_TIMEOUT_MS;
  }

  /** The addresses of `name` (canonical), from the cache while its answer is fresh. */
  readonly resolve: Resolver = (name) => {
    const kept = this.#kept.get(name);
    if (kept) {
      this.#kept.delete(name);
      if (kept.expires > this.#now()) {
        // Most recently used last: the first entry is the one evicted.
        this.#kept.set(name, kept);
        return Promise.resolve(kept.addresses.map((a) => ({ ...a })));
      }
    }
    const pending = this.#pending.get(name);
    if (pending) return pending.then((addresses) => addresses.map((a) => ({ ...a })));
    const lookup = this.#bounded(name).then(
      (addresses) => {
        this.#pending.delete(name);
        this.#keep(name, addresses);
        return addresses;
      },
      (error: unknown) => {
        this.#pending.delete(name);
        throw error;
      },
    );
    this.#pending.set(name, lookup);
    return lookup.then((addresses) => addresses.map((a) => ({ ...a })));
  };

  /** The resolver's answer for `name`, or a failure once it has taken longer than the bound. */
  #bounded(name: string): Promise<ResolvedAddress[]> {
    return new Promise<ResolvedAddress[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error: NodeJS.ErrnoException = new Error(
          `the lookup of ${name} took longer than ${this.#timeoutMs / 1000} s`,
        );
        error.code = 'ETIMEOUT';
        reject(error);
      }, this.#timeoutMs);
      timer.unref();
      let answer: Promise<ResolvedAddress[]>;
      try {
        answer = Promise.resolve(this.#resolve(name));
      } catch (error) {
        answer = Promise.reject(error);
      }
      answer.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  /** The names whose answers are kept now (fresh or not), the least recently used first. */
  get names(): string[] {
    return [...this.#kept.keys()];
  }

  #keep(name: string, addresses: readonly ResolvedAddress[]): void {
    // A resolver given by the host may answer anything: only a list of addresses is kept.
    const list: unknown = addresses;
    if (!Array.isArray(list) || list.length === 0) return;
    const ttl = ttlOf(addresses);
    if (ttl <= 0) return;
    this.#kept.delete(name);
    this.#kept.set(name, { addresses: addresses.map((a) => ({ ...a })), expires: this.#now() + ttl });
    while (this.#kept.size > this.#maxNames) this.#kept.delete(this.#kept.keys().next().value!);
  }
}

/** How long an answer is kept (ms): its shortest TTL, bounded; the default when it gives none. */
function ttlOf(addresses: readonly ResolvedAddress[]): number {
  let shortest: number | undefined;
  for (const { ttl } of addresses) {
    if (ttl === undefined) continue;
    // A TTL that is not a finite number is read as 0: not kept.
    const ms = typeof ttl === 'number' && Number.isFinite(ttl) ? Math.max(0, ttl) * 1000 : 0;
    shortest = shortest === undefined ? ms : Math.min(shortest, ms);
  }
  return Math.min(shortest ?? DNS_CACHE_DEFAULT_TTL_MS, DNS_CACHE_MAX_TTL_MS);
}
