// The interception CA keeps the TLS context of each host it issued a certificate for, up to a
// bound (the least recently used goes first: wildcard allow entries admit any number of names),
// makes those of given hosts ahead of any connection, and each context presents a certificate for
// its host that the CA verifies.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, connect, type SecureContext } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterceptionCa } from '../../src/handlers/exec/network/ca.js';
import type { CanonicalHost } from '../../src/handlers/exec/network/hosts.js';
import { scaled } from '../support/time.js';

const name = (host: string): CanonicalHost => ({ host, ip: 0 });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tw-ca-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The certificate a context presents, as a client on 127.0.0.1 sees it (verified against `ca`). */
async function presented(context: SecureContext, servername: string, ca: string): Promise<X509Certificate> {
  const server = createServer({ SNICallback: (_name, done) => done(null, context) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as { port: number }).port;
    return await new Promise<X509Certificate>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, servername, ca }, () => {
        const cert = socket.getPeerX509Certificate();
        socket.destroy();
        if (cert) resolve(cert);
        else reject(new Error('no certificate'));
      });
      socket.on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('the interception CA', () => {
  it(
    'issues one context per host, kept and reused, that the CA verifies for that name only',
    async () => {
      const ca = await InterceptionCa.create(dir);
      const first = ca.contextFor(name('api.test'));
      expect(ca.contextFor(name('api.test'))).toBe(first);
      const cert = await presented(await first, 'api.test', ca.certPem);
      expect(cert.checkHost('api.test')).toBe('api.test');
      expect(cert.checkHost('other.test')).toBeUndefined();
      expect(cert.ca).toBe(false);
      // Another name gets a certificate of its own.
      const other = await presented(await ca.contextFor(name('other.test')), 'other.test', ca.certPem);
      expect(other.checkHost('other.test')).toBe('other.test');
      expect(other.serialNumber).not.toBe(cert.serialNumber);
    },
    scaled(30_000),
  );

  it(
    'keeps at most its bound of hosts, dropping the least recently used',
    async () => {
      const ca = await InterceptionCa.create(dir, 3);
      const a = ca.contextFor(name('a.test'));
      const b = ca.contextFor(name('b.test'));
      const c = ca.contextFor(name('c.test'));
      // a used again: b is now the least recently used.
      expect(ca.contextFor(name('a.test'))).toBe(a);
      const d = ca.contextFor(name('d.test'));
      expect(ca.kept).toEqual(['c.test', 'a.test', 'd.test']);
      expect(ca.contextFor(name('a.test'))).toBe(a);
      // b made again (a new context), c out in its turn.
      expect(ca.contextFor(name('b.test'))).not.toBe(b);
      expect(ca.kept).toEqual(['d.test', 'a.test', 'b.test']);
      // Every context made, the dropped ones too, is a working one.
      await Promise.all([a, b, c, d, ...ca.kept.map((host) => ca.contextFor(name(host)))]);
    },
    scaled(30_000),
  );

  it(
    'makes the contexts of given hosts ahead (at most 8), which a connection then finds',
    async () => {
      const ca = await InterceptionCa.create(dir);
      const hosts = Array.from({ length: 10 }, (_, i) => name(`h${i}.test`));
      ca.prepare(hosts);
      expect(ca.kept).toEqual(hosts.slice(0, 8).map((h) => h.host));
      const cert = await presented(await ca.contextFor(hosts[0]!), 'h0.test', ca.certPem);
      expect(cert.checkHost('h0.test')).toBe('h0.test');
      expect(ca.kept).toHaveLength(8);
      for (const host of ca.kept) await ca.contextFor(name(host));
    },
    scaled(30_000),
  );
});
