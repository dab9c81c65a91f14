// Host names as the network proxy compares them: every spelling of a host has one canonical form
// (case, trailing dot, IDN, percent-encoding, IPv4 written as a number, in hex or octal, IPv6 with
// or without brackets), allow entries are compiled the same way, and nothing that only looks like
// an allowed name matches it.
import { describe, expect, it } from 'vitest';
import { canonicalHost, compileHostEntries, entryFor, parseAuthority } from '../../src/handlers/exec/network/hosts.js';

describe('canonical hosts', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['EXAMPLE.com.', 'example.com'],
    ['ex%61mple.com', 'example.com'],
    ['ｅｘａｍｐｌｅ.com', 'example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de.', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ])('names: %s is %s', (raw, canonical) => {
    expect(canonicalHost(raw)).toEqual({ host: canonical, ip: 0 });
  });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['%31%32%37.0.0.1', '127.0.0.1'],
  ])('IPv4 literals in every form: %s is %s', (raw, canonical) => {
    expect(canonicalHost(raw)).toEqual({ host: canonical, ip: 4 });
  });

  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['2001:DB8::1', '2001:db8::1'],
  ])('IPv6 literals: %s is %s', (raw, canonical) => {
    expect(canonicalHost(raw)).toEqual({ host: canonical, ip: 6 });
  });

  it.each([
    '',
    'example.com..',
    '.example.com',
    'a..b',
    'evil.com@example.com',
    'example.com:443',
    'example.com/x',
    'example.com\\x',
    'example.com#x',
    'example.com?x',
    'exa mple.com',
    'example.com\u0000',
    'example.com%00',
    'x'.repeat(64) + '.com',
    '[::1',
    '[example.com]',
    'foo.123',
    // Characters the URL parser keeps in a host but no resolvable name holds.
    '*.pythonhosted.org',
    'files*.pythonhosted.org',
    'a!b.example.com',
    'a;b.example.com',
    "a'b.example.com",
    'a=b.example.com',
    'a~b.example.com',
  ])('refuses %j', (raw) => {
    expect(canonicalHost(raw)).toBeUndefined();
  });
});

describe('allow entries', () => {
  const entries = compileHostEntries(
    ['Registry.NPMJS.org.', '*.pythonhosted.org', '10.1.2.3', '192.168.0.0/16', '[::1]', 'bücher.de'],
    'exec.network.allow',
  );
  const allowed = (raw: string) => {
    const host = canonicalHost(raw);
    return host ? entryFor(host, entries)?.text : undefined;
  };

  it('admits every spelling of an allowed name, and names below a wildcard (not the wildcard root)', () => {
    expect(allowed('registry.npmjs.org')).toBe('Registry.NPMJS.org.');
    expect(allowed('REGISTRY.npmjs.ORG.')).toBe('Registry.NPMJS.org.');
    expect(allowed('files.pythonhosted.org')).toBe('*.pythonhosted.org');
    expect(allowed('a.b.pythonhosted.org')).toBe('*.pythonhosted.org');
    expect(allowed('pythonhosted.org')).toBeUndefined();
    expect(allowed('xn--bcher-kva.de')).toBe('bücher.de');
  });

  it('refuses look-alikes: suffixes, prefixes, homographs, other labels', () => {
    for (const raw of [
      'registry.npmjs.org.evil.com',
      'evilregistry.npmjs.org',
      'registry-npmjs.org',
      'npmjs.org',
      'xpythonhosted.org',
      'pythonhosted.org.evil.com',
      'rеgistry.npmjs.org', // Cyrillic е
      'bucher.de',
    ])
      expect(allowed(raw), raw).toBeUndefined();
  });

  it('admits an IP literal only when an entry names it (exactly or by range), in any spelling', () => {
    expect(allowed('10.1.2.3')).toBe('10.1.2.3');
    expect(allowed('0x0a.1.2.3')).toBe('10.1.2.3');
    expect(allowed('167838211')).toBe('10.1.2.3');
    expect(allowed('192.168.44.5')).toBe('192.168.0.0/16');
    expect(allowed('::1')).toBe('[::1]');
    expect(allowed('10.1.2.4')).toBeUndefined();
    expect(allowed('::ffff:10.1.2.3')).toBeUndefined();
    expect(allowed('127.0.0.1')).toBeUndefined();
  });

  it.each([
    [['*'], 'has a *'],
    [['a.*.com'], 'has a *'],
    [['*.*.com'], 'is not a valid wildcard'],
    [['https://github.com'], 'is a URL'],
    [['github.com/path'], 'is neither a host nor a CIDR range'],
    [['exa mple.com'], 'is not a valid host'],
    [[''], 'is not a host name'],
    [[42], 'is not a host name'],
    ['github.com', 'must be a list'],
  ])('refuses the entry list %j', (list, why) => {
    expect(() => compileHostEntries(list, 'exec.network.allow')).toThrow(why);
  });
});

describe('CONNECT authorities', () => {
  it('parses host:port and [v6]:port into canonical hosts', () => {
    expect(parseAuthority('Example.com.:443')).toEqual({ host: { host: 'example.com', ip: 0 }, port: 443 });
    expect(parseAuthority('[::1]:8443')).toEqual({ host: { host: '::1', ip: 6 }, port: 8443 });
    expect(parseAuthority('2130706433:80')).toEqual({ host: { host: '127.0.0.1', ip: 4 }, port: 80 });
  });

  it.each([
    'example.com',
    'example.com:0',
    'example.com:65536',
    'a@example.com:443',
    '::1:443',
    'example.com:443/x',
    ':443',
  ])('refuses %j', (authority) => {
    expect(parseAuthority(authority)).toBeUndefined();
  });
});
