// exec.network and exec.credentials as options: every combination that cannot be honoured is
// INVALID_INPUT naming the field (and runs nothing), the older exec.sandbox.network boolean keeps
// working beside them, a sandbox that cannot start refuses the command, and the CLI's --network
// flags say the same through usage errors. shell_read keeps its own offline sandbox.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ExecOptions } from '../../src/runtime/contract/types.js';
import { cli } from '../support/cli.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { tempDir } from '../support/helpers.js';
import { httpServer } from '../support/network.js';
import { proxyFolders, usePrivateTmpdir } from './sandbox-network.js';

usePrivateTmpdir();

async function bash(exec: ExecOptions, command = 'touch ran.txt') {
  const workspace = await tempDir('tw-netopt-');
  const toolkit = createToolkit({ workspace, exec });
  const result = await toolkit.invoke('exec', 'bash', { command });
  await toolkit.close();
  return { result, ran: existsSync(path.join(workspace, 'ran.txt')) };
}

const allow = { allow: ['registry.npmjs.org'] };

describe('exec.network and exec.credentials: refused combinations', () => {
  it.each<[string, ExecOptions, string]>([
    ['an allow list without a sandbox', { network: allow }, "exec.network's allow list limits sandboxed commands only"],
    ["'none' without a sandbox", { network: 'none' }, "exec.network 'none' needs a sandbox"],
    [
      'sandbox.network true beside an allow list',
      { sandbox: { mode: 'workspace-write', network: true }, network: allow },
      'exec.sandbox.network is true',
    ],
    [
      "sandbox.network false beside 'all'",
      { sandbox: { mode: 'read-only', network: false }, network: 'all' },
      "exec.sandbox.network is false but exec.network is 'all'",
    ],
    ['a bad value', { sandbox: 'read-only', network: 'some' as never }, 'exec.network is "some"'],
    ['an empty allow list', { sandbox: 'read-only', network: { allow: [] } }, 'exec.network.allow lists no host'],
    [
      'a misspelt key',
      { sandbox: 'read-only', network: { allow: ['a.b'], allowprivate: true } as never },
      'unknown key allowprivate',
    ],
    [
      'a bad methods',
      { sandbox: 'read-only', network: { allow: ['a.b'], methods: 'get' as never } },
      'exec.network.methods is "get"',
    ],
    [
      'a URL as a host',
      { sandbox: 'read-only', network: { allow: ['https://a.b/'] } },
      'exec.network.allow[0] is a URL',
    ],
    [
      'credentials without an allow list',
      { sandbox: 'read-only', credentials: [{ env: 'X', hosts: ['a.b'] }] },
      'exec.credentials need exec.network as an allow list',
    ],
    [
      "credentials with 'all'",
      { sandbox: 'read-only', network: 'all', credentials: [{ env: 'X', hosts: ['a.b'] }] },
      "not 'all'",
    ],
    [
      'a credential host the allow list does not admit',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: ['api.github.com'] }],
      },
      'exec.credentials[0].hosts names api.github.com, which exec.network.allow does not admit',
    ],
    [
      'a credential whose variable is not set',
      {
        sandbox: 'read-only',
        network: allow,
        credentials: [{ env: 'TW_UNSET_FOR_TEST', hosts: ['registry.npmjs.org'] }],
      },
      'exec.credentials[0].env TW_UNSET_FOR_TEST is not set',
    ],
    [
      'a credential too short to redact',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'abc' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'] }],
      },
      'shorter than 8 characters',
    ],
    [
      'a credential holding a line break',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough\r\nX-Evil: 1' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'] }],
      },
      'holds a line break',
    ],
    [
      'a framing header',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'], header: 'Content-Length' }],
      },
      'cannot be Content-Length',
    ],
    [
      'a format without {value}',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'], header: 'Authorization', format: 'Bearer' }],
      },
      'must be one line holding {value}',
    ],
    [
      'a format without a header',
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'], format: '{value}' }],
      },
      'format needs header',
    ],
    [
      'an allow list with holes',
      { sandbox: 'read-only', network: { allow: new Array<string>(3) } },
      'exec.network.allow[0] is not a host name',
    ],
    [
      "a binding's hosts with holes",
      {
        sandbox: 'read-only',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: new Array<string>(2) }],
      },
      'exec.credentials[0].hosts[0] is not a host name',
    ],
    [
      'an IPv6 address with a zone',
      { sandbox: 'read-only', network: { allow: ['fe80::1%25lo', 'a.b'] } },
      'exec.network.allow[0]',
    ],
    [
      'an upstream CA that is no PEM',
      { sandbox: 'read-only', network: allow, upstream: { ca: [42 as never] } },
      'exec.upstream.ca must be a PEM certificate',
    ],
    [
      'an upstream resolver that is no function',
      { sandbox: 'read-only', network: allow, upstream: { lookup: 'dns' as never } },
      'exec.upstream.lookup must be a function',
    ],
  ])('%s is INVALID_INPUT and runs nothing', async (_name, exec, message) => {
    const { result, ran } = await bash(exec);
    expect(result.ok ? 'ran' : result.error.code).toBe('INVALID_INPUT');
    expect(result.ok ? '' : result.error.message).toContain(message);
    expect(ran).toBe(false);
  });

  it("keeps 'all' without a sandbox (what a command has anyway) and the older sandbox.network boolean", async () => {
    expect((await bash({ network: 'all' })).ran).toBe(true);
    expect((await bash({})).ran).toBe(true);
  });

  it('leaves the credential value out of the message of a refused option', async () => {
    const { result } = await bash({
      sandbox: 'read-only',
      network: allow,
      env: { TW_X: 'secret-value-in-env' },
      credentials: [{ env: 'TW_X', hosts: ['elsewhere.example'] }],
    });
    expect(JSON.stringify(result)).not.toContain('secret-value-in-env');
  });
});

describe.runIf(runSandboxTests)('exec.network beside the sandbox as it was', () => {
  it('refuses the command when the sandbox cannot start, before any proxy exists', async () => {
    const before = new Set(proxyFolders());
    const { result, ran } = await bash({ sandbox: 'workspace-write', network: allow, bwrapPath: '/nonexistent/bwrap' });
    expect(result.ok ? 'ran' : result.error.code).toBe('UNAVAILABLE');
    expect(ran).toBe(false);
    expect(proxyFolders().filter((dir) => !before.has(dir))).toEqual([]);
  });

  it.each([
    ['user namespaces refused', 'bwrap: setting up uid map: Permission denied'],
    [
      'user namespaces off',
      'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces',
    ],
    ['the network namespace refused (AppArmor)', 'bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted'],
  ])('refuses the command with the reason when bwrap cannot build the sandbox: %s', async (_name, said) => {
    const dir = await tempDir('tw-netbwrap-');
    const fake = path.join(dir, 'bwrap');
    writeFileSync(fake, `#!/bin/sh\necho '${said}' >&2\nexit 1\n`, { mode: 0o755 });
    const before = new Set(proxyFolders());
    const { result, ran } = await bash(
      {
        sandbox: 'workspace-write',
        network: allow,
        env: { TW_X: 'long-enough-value' },
        credentials: [{ env: 'TW_X', hosts: ['registry.npmjs.org'] }],
        bwrapPath: fake,
      },
      'touch ran.txt',
    );
    expect(result.ok ? 'ran' : result.error.code).toBe('UNAVAILABLE');
    expect(result.ok ? '' : result.error.message).toContain(said);
    expect(ran).toBe(false);
    expect(proxyFolders().filter((dir) => !before.has(dir))).toEqual([]);
  });

  it('refuses a command whose sandbox check timed out, and checks again for the next (a loaded machine is no verdict)', async () => {
    const dir = await tempDir('tw-netbwrap-');
    const fake = path.join(dir, 'bwrap');
    // The first start-up check hangs past its 10 s timeout; every later run is the real bwrap.
    writeFileSync(
      fake,
      `#!/bin/sh\nif [ ! -e '${dir}/checked' ]; then : > '${dir}/checked'; exec sleep 60; fi\nexec bwrap "$@"\n`,
      { mode: 0o755 },
    );
    const first = await bash({ sandbox: 'workspace-write', network: allow, bwrapPath: fake });
    expect(first.result.ok ? 'ran' : first.result.error.message).toContain('did not finish its start-up check');
    expect(first.ran).toBe(false);
    const second = await bash({ sandbox: 'workspace-write', network: allow, bwrapPath: fake });
    expect(second.result.ok ? 'ran' : second.result.error.message).toBe('ran');
    expect(second.ran).toBe(true);
  });

  it("sandbox.network true still reaches the host's network, and exec.network 'all' does the same", async () => {
    const server = await httpServer();
    const command = `curl -sS --noproxy '*' http://127.0.0.1:${server.port}/x > ran.txt`;
    expect((await bash({ sandbox: { mode: 'workspace-write', network: true } }, command)).ran).toBe(true);
    expect((await bash({ sandbox: 'workspace-write', network: 'all' }, command)).ran).toBe(true);
    expect(server.seen).toHaveLength(2);
  });

  it('shell_read keeps its offline sandbox whatever exec.network says (and works with a network that bash would refuse unsandboxed)', async () => {
    const workspace = await tempDir('tw-netopt-');
    const toolkit = createToolkit({ workspace, exec: { network: allow } });
    const read = await toolkit.invoke('exec', 'shell_read', { command: 'ls' });
    await toolkit.close();
    expect(read.ok).toBe(true);
  });
});

describe.runIf(runSandboxTests)('the CLI: --network flags', () => {
  it('--network-allow lets `call bash` reach an allowed address and answers the rest with the refusal', async () => {
    const server = await httpServer();
    const workspace = await tempDir('tw-netcli-');
    const command = `curl -sS http://127.0.0.1:${server.port}/cli; curl -sS http://localhost:${server.port}/no`;
    const out = await cli([
      'call',
      'bash',
      JSON.stringify({ command }),
      '-w',
      workspace,
      '--sandbox',
      'workspace-write',
      '--network-allow',
      '127.0.0.1',
    ]);
    expect(out.code).toBe(0);
    expect(out.out).toContain('hello GET /cli');
    expect(out.out).toContain('toolwright: localhost is not in exec.network.allow');
    expect(out.out).toContain(`[NETWORK_REFUSED localhost:${server.port}:`);
    expect(server.seen.map((r) => r.url)).toEqual(['/cli']);
  });

  it.each([
    [['--network-allow', 'a.b'], '--network flags limit sandboxed bash only'],
    [['--sandbox', 'read-only', '--network-allow', 'https://a.b'], 'is a URL'],
    [['--sandbox', 'read-only', '--network', 'all', '--network-allow', 'a.b'], 'exclude each other'],
    [['--sandbox', 'read-only', '--network-methods', 'read'], 'need --network-allow'],
    [['--sandbox', 'read-only', '--network-allow', 'a.b', '--network-credential', 'nohosts'], 'use ENV=HOST'],
    [['--sandbox', 'read-only', '--network', 'some'], 'must be none or all'],
  ])('%j is a usage error', async (flags, message) => {
    const workspace = await tempDir('tw-netcli-');
    const out = await cli(['call', 'bash', '{"command":"true"}', '-w', workspace, ...flags]);
    expect(out.code).toBe(2);
    expect(out.err).toContain(message);
  });
});
