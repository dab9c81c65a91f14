// Connections to checked addresses only. A URL is parsed (absolute http(s), no credentials), its
// host decided by the policy's host rules and its addresses by the address guard; the addresses
// are then pinned, and an undici Agent whose DNS hook answers only from the pins makes every socket
// go to exactly what was checked (a second lookup that DNS rebinding could answer never runs).
// web_fetch uses these pieces, and every handler gets them as `ctx.net`.
import type { LookupAddress } from 'node:dns';
import type { Agent, Dispatcher } from 'undici';
import { ToolError } from '../contract/errors.js';
import type { WebOptions } from '../contract/options.js';
import {
  checkRedirectTarget,
  checkTarget,
  parseFetchUrl,
  type CheckedTarget,
  type ResolvedAddress,
} from './address-guard.js';
import { bareHost } from './host-name.js';

export type { CheckedTarget, ResolvedAddress };

// undici is loaded on the first connection: it is one of the heavier modules (~15 MiB resident).
let undiciModule: Promise<typeof import('undici')> | undefined;
export const loadUndici = (): Promise<typeof import('undici')> => (undiciModule ??= import('undici'));

/** Most redirects `GuardedNet.fetch` follows. */
export const MAX_GUARDED_REDIRECTS = 5;

/** Host name as the pins key it (net/host-name.ts); '' for no host, which nothing pins. */
function pinKey(hostname: string): string {
  return bareHost(hostname) ?? '';
}

/**
 * An Agent's DNS hook that answers only from `pins` (addresses checked for this call), so a socket
 * connects to exactly what was checked.
 */
export function pinnedLookup(pins: ReadonlyMap<string, readonly ResolvedAddress[]>) {
  return (
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const checked = (pins.get(pinKey(hostname)) ?? []).filter((a) => wanted === 0 || a.family === wanted);
    if (checked.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`no checked address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    if (options.all)
      callback(
        null,
        checked.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, checked[0]!.address, checked[0]!.family);
  };
}

export interface UrlCheckSettings {
  web: Readonly<WebOptions>;
  /** The policy's host check (throws DENIED_BY_POLICY), when host rules apply. */
  checkHost?: ((url: URL) => void) | undefined;
  /** The operation, named in refusals. */
  who: string;
}

/** Parses and checks one URL (scheme, credentials, host rules, address guard); resolves its checked addresses. */
export async function checkUrl(value: string | URL, settings: UrlCheckSettings, field = 'url'): Promise<CheckedTarget> {
  const url = typeof value === 'string' ? parseFetchUrl(value, field) : parseFetchUrl(value.href, field);
  settings.checkHost?.(url);
  return checkTarget(url, settings.web, settings.who);
}

/** Network access for a handler: every URL checked, every connection to a checked address. */
export interface GuardedNet {
  /** Checks a URL (scheme, host rules, address guard) and pins its addresses for `dispatcher()`. */
  check(url: string | URL): Promise<CheckedTarget>;
  /** An undici dispatcher whose connections go only to addresses `check` (or the runtime) pinned. */
  dispatcher(): Promise<Dispatcher>;
  /**
   * `fetch` through the guard: the URL and every redirect hop (at most 5, GET and HEAD only;
   * other methods get the 3xx answer) are checked before a connection is made.
   */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
}

export interface GuardedNetSettings extends UrlCheckSettings {
  /** The call's signal: aborting it aborts every request. */
  signal: AbortSignal;
  /** Targets the runtime already checked (the operation's `url` arguments). */
  checked?: readonly CheckedTarget[];
}

/** A GuardedNet for one call; `close()` (the runtime calls it when the call ends) frees its connections. */
export function createGuardedNet(settings: GuardedNetSettings): GuardedNet & { close(): void } {
  const pins = new Map<string, ResolvedAddress[]>();
  for (const target of settings.checked ?? []) pins.set(pinKey(target.hostname), target.addresses);
  let agent: Agent | undefined;
  let closed = false;

  const check = async (url: string | URL): Promise<CheckedTarget> => {
    const target = await checkUrl(url, settings);
    pins.set(pinKey(target.hostname), target.addresses);
    return target;
  };
  const dispatcher = async (): Promise<Dispatcher> => {
    if (closed) throw new ToolError('CANCELLED', 'the call has ended; its network access is closed');
    const undici = await loadUndici();
    agent ??= new undici.Agent({ connect: { lookup: pinnedLookup(pins) }, keepAliveTimeout: 1_000 });
    return agent;
  };
  async function guardedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const undici = await loadUndici();
    const method = (init.method ?? 'GET').toUpperCase();
    const signal = init.signal ? AbortSignal.any([settings.signal, init.signal]) : settings.signal;
    let url = parseFetchUrl(typeof input === 'string' ? input : input.href);
    // A URL the runtime checked before the call keeps its pinned addresses (no second lookup).
    if (!(settings.checked ?? []).some((t) => t.url.href === url.href)) await check(url);
    for (let hops = 0; ; hops++) {
      let response: Response;
      try {
        // undici's Response and the global one differ in some lib versions: the cast is for those.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        response = (await undici.fetch(url, {
          ...(init as object),
          method,
          redirect: 'manual',
          signal,
          dispatcher: await dispatcher(),
        } as never)) as unknown as Response;
      } catch (error) {
        throw networkError(error, signal, url);
      }
      const location = response.headers.get('location');
      const redirect = response.status >= 300 && response.status < 400 && response.status !== 304 && location !== null;
      if (!redirect || (method !== 'GET' && method !== 'HEAD')) return response;
      await response.body?.cancel().catch(() => {});
      if (hops >= MAX_GUARDED_REDIRECTS) {
        throw new ToolError(
          'BLOCKED_URL',
          `stopped after ${MAX_GUARDED_REDIRECTS} redirects (last: ${url.href}); the site redirects in a loop or too often`,
        );
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ToolError('BLOCKED_URL', `${url.href} redirected to an invalid location`);
      }
      checkRedirectTarget(url, next);
      await check(next);
      url = next;
    }
  }

  return {
    check,
    dispatcher,
    fetch: guardedFetch,
    close() {
      closed = true;
      agent?.destroy().catch(() => {});
      agent = undefined;
    },
  };
}

/** A failed connection as NETWORK_ERROR (an abort stays an abort, a ToolError stays itself). */
function networkError(error: unknown, signal: AbortSignal, url: URL): unknown {
  if (error instanceof ToolError || signal.aborted) return error;
  const err = error as Error & { cause?: NodeJS.ErrnoException };
  const code = err.cause?.code;
  return new ToolError(
    'NETWORK_ERROR',
    `the request to ${url.origin} failed${code ? ` (${code})` : ''}: ${err.cause?.message ?? err.message}`,
    code ? { code } : undefined,
  );
}
