// The proxy's resolver cache: an answer is kept per name for its TTL (bounded, a default when the
// resolver gives none), lookups under way are shared, failures and empty answers are not kept,
// and the number of names is bounded (the least recently used goes first).
import { describe, expect, it } from 'vitest';
import { DNS_CACHE_DEFAULT_TTL_MS, DNS_CACHE_MAX_TTL_MS, DnsCache } from '../../src/handlers/exec/network/dns-cache.js';
import type { ResolvedAddress } from '../../src/runtime/net/address-guard.js';

/** A resolver that counts its lookups per name and answers from `answer`. */
function counting(answer: (name: string, call: number) => ResolvedAddress[] | Error) {
  const calls = new Map<string, number>();
  const resolve = async (name: string) => {
    const call = (calls.get(name) ?? 0) + 1;
    calls.set(name, call);
    const result = answer(name, call);
    if (result instanceof Error) throw result;
    return result;
  };
  return { resolve, calls: (name: string) => calls.get(name) ?? 0 };
}

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const v4 = (address: string, ttl?: number): ResolvedAddress => ({
  address,
  family: 4,
  ...(ttl !== undefined ? { ttl } : {}),
});

describe('the proxy DNS cache', () => {
  it('answers a name from one lookup until its default TTL ends, then asks again', async () => {
    const time = clock();
    const dns = counting((_name, call) => [v4(`192.0.2.${call}`)]);
    const cache = new DnsCache(dns.resolve, { now: time.now });
    for (let i = 0; i < 20; i++) expect(await cache.resolve('api.test')).toEqual([v4('192.0.2.1')]);
    expect(dns.calls('api.test')).toBe(1);
    time.advance(DNS_CACHE_DEFAULT_TTL_MS - 1);
    expect(await cache.resolve('api.test')).toEqual([v4('192.0.2.1')]);
    time.advance(1);
    expect(await cache.resolve('api.test')).toEqual([v4('192.0.2.2')]);
    expect(dns.calls('api.test')).toBe(2);
  });

  it('keeps an answer for its shortest TTL, never longer than the bound, and not at all with TTL 0', async () => {
    const time = clock();
    const dns = counting((name, call) =>
      name === 'short.test'
        ? [v4(`192.0.2.${call}`, 5), v4('192.0.2.200', 60)]
        : name === 'long.test'
          ? [v4(`198.51.100.${call}`, 86_400)]
          : [v4(`203.0.113.${call}`, 0)],
    );
    const cache = new DnsCache(dns.resolve, { now: time.now });
    await cache.resolve('short.test');
    await cache.resolve('long.test');
    await cache.resolve('zero.test');
    await cache.resolve('zero.test');
    expect(dns.calls('zero.test')).toBe(2);
    time.advance(4_999);
    await cache.resolve('short.test');
    expect(dns.calls('short.test')).toBe(1);
    time.advance(1);
    await cache.resolve('short.test');
    expect(dns.calls('short.test')).toBe(2);
    time.advance(DNS_CACHE_MAX_TTL_MS - 5_000 - 1);
    await cache.resolve('long.test');
    expect(dns.calls('long.test')).toBe(1);
    time.advance(1);
    expect(await cache.resolve('long.test')).toEqual([v4('198.51.100.2', 86_400)]);
    expect(dns.calls('long.test')).toBe(2);
  });

  it.each([
    ['a failed lookup', () => Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })],
    ['an empty answer', () => []],
    ['a TTL that is no number', () => [v4('192.0.2.1', Number.NaN)]],
  ])('does not keep %s', async (_what, make) => {
    const dns = counting(() => make());
    const cache = new DnsCache(dns.resolve);
    for (let i = 0; i < 3; i++) await cache.resolve('bad.test').catch(() => undefined);
    expect(dns.calls('bad.test')).toBe(3);
    expect(cache.names).toEqual([]);
  });

  it('shares a lookup under way between callers', async () => {
    let release: (value: ResolvedAddress[]) => void = () => undefined;
    let calls = 0;
    const cache = new DnsCache(() => {
      calls++;
      return new Promise<ResolvedAddress[]>((resolve) => (release = resolve));
    });
    const answers = Array.from({ length: 5 }, () => cache.resolve('api.test'));
    release([v4('192.0.2.7')]);
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 5 }, () => [v4('192.0.2.7')]));
    expect(calls).toBe(1);
  });

  it('fails a lookup that never answers once its bound has passed, and asks again next time', async () => {
    let calls = 0;
    const cache = new DnsCache(
      () => {
        calls++;
        // The first lookup never settles; the second answers.
        return calls === 1 ? new Promise<ResolvedAddress[]>(() => undefined) : Promise.resolve([v4('192.0.2.9')]);
      },
      { lookupTimeoutMs: 50 },
    );
    const waiting = [cache.resolve('api.test'), cache.resolve('api.test')];
    for (const answer of waiting)
      await expect(answer).rejects.toMatchObject({
        code: 'ETIMEOUT',
        message: 'the lookup of api.test took longer than 0.05 s',
      });
    expect(await cache.resolve('api.test')).toEqual([v4('192.0.2.9')]);
    expect(calls).toBe(2);
    // A resolver that throws at once fails the lookup, not the caller's turn.
    const throwing = new DnsCache(() => {
      throw new Error('no resolver here');
    });
    await expect(throwing.resolve('api.test')).rejects.toThrow('no resolver here');
  });

  it("a caller that changes the addresses it got changes nobody else's", async () => {
    const dns = counting(() => [v4('192.0.2.1')]);
    const cache = new DnsCache(dns.resolve);
    const first = await cache.resolve('api.test');
    first[0]!.address = '127.0.0.1';
    first.push(v4('127.0.0.2'));
    expect(await cache.resolve('api.test')).toEqual([v4('192.0.2.1')]);
  });

  it('keeps a bounded number of names, the least recently used out first', async () => {
    const dns = counting((name) => [v4(name === 'a.test' ? '192.0.2.1' : '192.0.2.2')]);
    const cache = new DnsCache(dns.resolve, { maxNames: 2 });
    await cache.resolve('a.test');
    await cache.resolve('b.test');
    await cache.resolve('a.test');
    await cache.resolve('c.test');
    expect(cache.names).toEqual(['a.test', 'c.test']);
    await cache.resolve('b.test');
    expect(dns.calls('b.test')).toBe(2);
    expect(dns.calls('a.test')).toBe(1);
  });
});
