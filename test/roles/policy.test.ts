// Rules apply by role, to a third party's operations exactly as to the reference ones: path rules
// to every `path` param, command rules and the shell analyzer to every `command` param, and the
// presets fit a toolkit whatever providers it has.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePolicy, createProgrammaticUserChannel, createToolkit, type PolicyOptions } from '../../src/index.js';
import { calls, vaultOperations, vaultToolkit } from '../support/vault.js';
import { errorCode, tempDir } from '../support/helpers.js';

const vault = (name: string) => vaultOperations.find((o) => o.name === name)!;

async function workspace() {
  const ws = await tempDir();
  await mkdir(path.join(ws, 'secrets'), { recursive: true });
  await mkdir(path.join(ws, 'docs'), { recursive: true });
  await writeFile(path.join(ws, 'secrets', 'key.txt'), 'k');
  await writeFile(path.join(ws, 'docs', 'a.md'), 'a');
  await writeFile(path.join(ws, '.env'), 'TOKEN=1');
  await symlink('../secrets/key.txt', path.join(ws, 'docs', 'alias.md'));
  return ws;
}

describe("path rules on a third party's path parameters", () => {
  it('deny what they name, for reads and writes, as given and through a symlink', async () => {
    const ws = await workspace();
    const toolkit = vaultToolkit({
      workspace: ws,
      policy: {
        rules: [{ path: ['secrets', '**/.env'], decision: 'deny', reason: 'secrets stay put' }],
        default: 'allow',
      },
    });
    for (const [name, input] of [
      ['vault_read', { file: 'secrets/key.txt' }],
      ['vault_read', { file: './.env' }],
      ['vault_read', { file: 'docs/alias.md' }],
      ['vault_write', { file: 'secrets/new.txt', body: 'x' }],
      ['vault_bulk', { files: ['docs/a.md', 'secrets/key.txt'] }],
      ['vault_find', { pattern: '*', under: 'secrets' }],
    ] as const) {
      const result = await toolkit.invoke('vault', name, input);
      expect([name, JSON.stringify(input), errorCode(result)]).toEqual([
        name,
        JSON.stringify(input),
        'DENIED_BY_POLICY',
      ]);
      expect(result.ok === false && result.error.message).toContain('secrets stay put');
    }
    expect(calls).toEqual([]);
    expect(await toolkit.call.vault_read!({ file: 'docs/a.md' })).toEqual({ text: 'a' });
    // vault_run's lines are not modelled: a path rule does not reach it (its `where` alone would mislead).
    expect(errorCode(await toolkit.invoke('vault', 'vault_run', { line: 'ls', where: 'secrets' }))).toBe('OK');
  });

  it('an allow rule needs the given path and its real target to match', async () => {
    const ws = await workspace();
    const toolkit = vaultToolkit({
      workspace: ws,
      policy: { rules: [{ operation: 'vault_read', path: 'docs/**', decision: 'allow' }], default: 'deny' },
    });
    expect(errorCode(await toolkit.invoke('vault', 'vault_read', { file: 'docs/a.md' }))).toBe('OK');
    expect(errorCode(await toolkit.invoke('vault', 'vault_read', { file: 'docs/alias.md' }))).toBe('DENIED_BY_POLICY');
    expect(errorCode(await toolkit.invoke('vault', 'vault_read', { file: 'secrets/key.txt' }))).toBe(
      'DENIED_BY_POLICY',
    );
  });

  it('compile against operations with a path role and fail only for those without one', () => {
    expect(() =>
      compilePolicy({ rules: [{ operation: 'vault_read', path: '**/.env', decision: 'deny' }] }, vaultOperations),
    ).not.toThrow();
    expect(() =>
      compilePolicy({ rules: [{ operation: 'vault_run', path: 'x/**', decision: 'deny' }] }, vaultOperations),
    ).toThrow(/"path" can never apply to vault_run: its command lines are not modelled/);
    expect(() =>
      compilePolicy({ rules: [{ operation: 'vault_ping', path: '**/.env', decision: 'deny' }] }, vaultOperations),
    ).toThrow(/"path" can never apply to vault_ping: it has no parameter with role path/);
    expect(() =>
      compilePolicy({ rules: [{ operation: 'vault_read', command: 'ls', decision: 'deny' }] }, vaultOperations),
    ).toThrow(
      /"command" can never apply to vault_read: it has no parameter with role command \(it applies to: vault_run, vault_deploy\)/,
    );
    expect(() =>
      compilePolicy({ rules: [{ operation: 'vault_login', host: 'x.com', decision: 'deny' }] }, vaultOperations),
    ).toThrow(/"host" can never apply to vault_login: it has no parameter with role url \(it applies to: vault_ping\)/);
    // A string example stands for the operation's main argument: the shell line, the URL, the path.
    expect(() =>
      compilePolicy(
        {
          rules: [
            {
              operation: 'vault_run',
              command: 'rm *',
              decision: 'deny',
              examples: { match: ['ls; rm x'], not_match: ['ls'] },
            },
          ],
        },
        vaultOperations,
      ),
    ).not.toThrow();
    expect(() =>
      compilePolicy(
        {
          rules: [
            {
              operation: 'vault_read',
              path: 'secrets/**',
              decision: 'deny',
              examples: { match: ['secrets/a'], not_match: ['docs/a'] },
            },
          ],
        },
        vaultOperations,
      ),
    ).not.toThrow();
  });

  it('a path denied for a reading operation is left out of search results; one denied for a write is not', async () => {
    const ws = await workspace();
    const grep = (policy: PolicyOptions) =>
      vaultToolkit({ workspace: ws, policy }, true).invoke('search', 'glob', { pattern: '**/*' });
    const files = async (policy: PolicyOptions) => {
      const result = await grep(policy);
      return result.ok ? (result.output as { files: string[] }).files.sort() : result.error.code;
    };
    // (glob lists files, not links: docs/alias.md is never among them.)
    expect(await files({ rules: [{ operation: 'vault_read', path: 'secrets/**', decision: 'deny' }] })).toEqual([
      '.env',
      'docs/a.md',
    ]);
    expect(await files({ rules: [{ operation: 'vault_bulk', path: '**/.env', decision: 'deny' }] })).toEqual([
      'docs/a.md',
      'secrets/key.txt',
    ]);
    expect(await files({ rules: [{ operation: 'vault_write', path: 'secrets/**', decision: 'deny' }] })).toEqual([
      '.env',
      'docs/a.md',
      'secrets/key.txt',
    ]);
    expect(await files({ rules: [{ operation: 'read_file', path: '.env', decision: 'deny' }] })).toEqual([
      'docs/a.md',
      'secrets/key.txt',
    ]);
  });
});

describe("command rules on a third party's command parameter", () => {
  const decide = (policy: PolicyOptions, name: string, line: string) =>
    compilePolicy(policy, vaultOperations).decideCall(vault(name), { line }, { workspaceRoot: '/ws' });

  it('decide every simple command of the line: deny rm * catches it anywhere', async () => {
    const policy: PolicyOptions = {
      rules: [{ operation: 'vault_run', command: 'rm *', decision: 'deny' }],
      default: 'allow',
    };
    for (const line of [
      'ls; rm x',
      'ls && rm -rf /',
      'echo a | rm b',
      '(rm x)',
      'bash -c "rm x"',
      'env rm x',
      'if true; then rm x; fi',
    ]) {
      expect([line, (await decide(policy, 'vault_run', line)).decision]).toEqual([line, 'deny']);
    }
    expect((await decide(policy, 'vault_run', 'ls -la')).decision).toBe('allow');
  });

  it('allow only what every command matches; an opaque line is never allowed by a command rule', async () => {
    const policy: PolicyOptions = {
      rules: [{ operation: 'vault_run', command: ['git status', 'ls *'], decision: 'allow' }],
      default: 'ask',
    };
    expect((await decide(policy, 'vault_run', 'git status && ls src')).decision).toBe('allow');
    expect((await decide(policy, 'vault_run', 'git status; rm x')).decision).toBe('ask');
    expect((await decide(policy, 'vault_run', 'ls $(rm x)')).decision).toBe('ask');
    expect((await decide(policy, 'vault_run', 'ls > out.txt')).decision).toBe('ask');
  });

  it('through a toolkit: the denied line never reaches the handler, an ask goes to the user with the line whole', async () => {
    const ws = await tempDir();
    const asked: unknown[] = [];
    const toolkit = vaultToolkit({
      workspace: ws,
      policy: {
        rules: [
          { operation: 'vault_run', command: 'rm *', decision: 'deny' },
          { operation: 'vault_run', command: 'ls *', decision: 'allow' },
        ],
        default: 'ask',
      },
      user: createProgrammaticUserChannel({
        approve: (call) => {
          asked.push(call);
          return false;
        },
      }),
    });
    expect(errorCode(await toolkit.invoke('vault', 'vault_run', { line: 'ls; rm x' }))).toBe('DENIED_BY_POLICY');
    expect(errorCode(await toolkit.invoke('vault', 'vault_run', { line: 'ls -la' }))).toBe('OK');
    expect(errorCode(await toolkit.invoke('vault', 'vault_run', { line: 'make' }))).toBe('DENIED_BY_POLICY');
    expect(asked).toMatchObject([
      { operation: 'vault_run', input: { line: 'make' }, commands: [{ command: 'make', decision: 'ask' }] },
    ]);
    expect(calls.map((c) => c.params.line)).toEqual(['ls -la']);
  });
});

describe('presets fit any set of providers', () => {
  it('compile for a toolkit without the reference providers (their rules about bash and task are left out)', async () => {
    const ws = await tempDir();
    for (const preset of ['readOnly', 'askForRisky', 'unattended', 'allowAll'] as const) {
      expect(() => vaultToolkit({ workspace: ws, policy: preset })).not.toThrow();
      expect(() =>
        compilePolicy(
          { extends: preset, rules: [{ operation: 'vault_run', command: 'make', decision: 'allow' }] },
          vaultOperations,
        ),
      ).not.toThrow();
    }
    // The host's own rules stay strict.
    expect(() =>
      vaultToolkit({
        workspace: ws,
        policy: { extends: 'unattended', rules: [{ operation: 'bash', decision: 'allow' }] },
      }),
    ).toThrow(/no operation matches "bash"/);
  });

  it('allow the read-only shell commands on a resource command up to high risk, never on a critical one', async () => {
    const unattended = compilePolicy('unattended', vaultOperations);
    const run = (name: string, line: string) => unattended.decideCall(vault(name), { line }, { workspaceRoot: '/ws' });
    expect((await run('vault_run', 'ls -la')).decision).toBe('allow');
    expect((await run('vault_run', 'ls -la && pwd')).decision).toBe('allow');
    expect((await run('vault_run', 'ls; rm x')).decision).toBe('deny');
    expect((await run('vault_deploy', 'ls -la')).decision).toBe('deny');
    const risky = compilePolicy('askForRisky', vaultOperations);
    expect((await risky.decideCall(vault('vault_run'), { line: 'ls -la' }, { workspaceRoot: '/ws' })).decision).toBe(
      'allow',
    );
    expect((await risky.decideCall(vault('vault_run'), { line: 'make' }, { workspaceRoot: '/ws' })).decision).toBe(
      'ask',
    );
    expect((await risky.decideCall(vault('vault_deploy'), { line: 'ls -la' }, { workspaceRoot: '/ws' })).decision).toBe(
      'ask',
    );
  });
});

describe('the reference operations get their rules by role too', () => {
  it("a path rule reaches shell_read's cwd and lines, and not bash, whose lines are not modelled", async () => {
    const ws = await workspace();
    await mkdir(path.join(ws, 'secrets', 'deep'), { recursive: true });
    const toolkit = createToolkit({
      workspace: ws,
      policy: { rules: [{ path: 'secrets/**', decision: 'deny' }], default: 'allow' },
    });
    expect(errorCode(await toolkit.invoke('exec', 'shell_read', { command: 'ls', cwd: 'secrets/deep' }))).toBe(
      'DENIED_BY_POLICY',
    );
    expect(errorCode(await toolkit.invoke('exec', 'shell_read', { command: 'cat secrets/key.txt' }))).toBe(
      'DENIED_BY_POLICY',
    );
    // bash is not among the operations the rule applies to: no shell line was analysed for it.
    const free = await toolkit.invoke('exec', 'bash', { command: 'pwd', cwd: 'secrets/deep' });
    expect(errorCode(free)).toBe('OK');
    expect(free.meta.policy).toEqual({ decision: 'allow', rule: 'default' });
  });

  it('command rules still apply to bash alone among the reference operations', () => {
    const compiled = compilePolicy({ rules: [{ command: 'rm *', decision: 'deny' }] });
    expect(compiled.rules).toHaveLength(1);
    expect(() => compilePolicy({ rules: [{ operation: 'web_fetch', command: 'rm *', decision: 'deny' }] })).toThrow(
      /it applies to: bash, shell_read/,
    );
  });
});
