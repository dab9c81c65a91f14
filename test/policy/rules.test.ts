// path and host rules, fail-closed compilation, examples, deniesOutright and approvals.
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compilePolicy,
  createProgrammaticUserChannel,
  createToolkit,
  type ApprovalRequest,
  type PolicyOptions,
} from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { tempDir } from '../support/helpers.js';

const op = (name: string) => operations.find((o) => o.name === name)!;

async function secrets(): Promise<string> {
  const root = await tempDir('tw-paths-');
  await mkdir(path.join(root, 'sub'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, '.env'), 'SECRET=top\n');
  await writeFile(path.join(root, 'sub', '.env'), 'SECRET=deep\n');
  await writeFile(path.join(root, 'notes.txt'), 'SECRET is mentioned here\n');
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const SECRET = 1;\n');
  await symlink('.env', path.join(root, 'innocent.txt'));
  return root;
}

describe('path rules', () => {
  const policy: PolicyOptions = { rules: [{ path: '**/.env', decision: 'deny', reason: 'env files are private' }] };

  it('deny **/.env refuses read_file on it, nested ones, and a symlink whose target is .env', async () => {
    const root = await secrets();
    const toolkit = createToolkit({ workspace: root, policy });
    for (const p of ['.env', 'sub/.env', './sub//.env', 'innocent.txt', `${root}/.env`, '.ENV', 'sub/.Env']) {
      const result = await toolkit.invoke('filesystem', 'read_file', { path: p });
      expect(!result.ok && result.error.code, p).toBe('DENIED_BY_POLICY');
      expect(result.text, p).toContain('env files are private');
    }
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'notes.txt' })).ok).toBe(true);
    const write = await toolkit.invoke('filesystem', 'write_file', { path: 'sub/.env', content: 'x' });
    expect(!write.ok && write.error.code).toBe('DENIED_BY_POLICY');
  });

  it('a path denied for reading is left out of glob, grep and list_directory results', async () => {
    const root = await secrets();
    const toolkit = createToolkit({ workspace: root, policy });
    const glob = await toolkit.invoke('search', 'glob', { pattern: '**/*' });
    const files = (glob.ok ? (glob.output as { files: string[] }).files : []).sort();
    expect(files).toEqual(['notes.txt', 'src/a.ts']);
    const grep = await toolkit.invoke('search', 'grep', { pattern: 'SECRET', output_mode: 'files_with_matches' });
    expect(grep.ok && (grep.output as { files: string[] }).files.sort()).toEqual(['notes.txt', 'src/a.ts']);
    const content = await toolkit.invoke('search', 'grep', { pattern: 'top|deep' });
    expect(content.ok && (content.output as { matches: unknown[] }).matches).toEqual([]);
    const counts = await toolkit.invoke('search', 'grep', {
      pattern: 'SECRET',
      output_mode: 'count',
      include_ignored: true,
    });
    expect(counts.ok && (counts.output as { counts: { path: string }[] }).counts.map((c) => c.path).sort()).toEqual([
      'notes.txt',
      'src/a.ts',
    ]);
    const listing = await toolkit.invoke('filesystem', 'list_directory', {
      path: '.',
      depth: 3,
      include_ignored: true,
    });
    const listed = (
      listing.ok ? (listing.output as { entries: { path: string }[] }).entries.map((e) => e.path) : ['failed']
    ).sort();
    expect(listed).toEqual(['notes.txt', 'src', 'src/a.ts', 'sub']);
    // Without the rule the same searches do see them (the filter is what hides them).
    const open = createToolkit({ workspace: root });
    const unfiltered = await open.invoke('filesystem', 'list_directory', {
      path: '.',
      depth: 3,
      include_ignored: true,
    });
    expect(
      unfiltered.ok && (unfiltered.output as { entries: { path: string }[] }).entries.map((e) => e.path),
    ).toContain('sub/.env');
    const all = await open.invoke('search', 'grep', { pattern: 'top|deep', output_mode: 'files_with_matches' });
    expect(all.ok && (all.output as { files: string[] }).files.length).toBeGreaterThan(0);
  });

  it('an allow path rule needs both the given path and its real target to match', async () => {
    const root = await secrets();
    await symlink('../notes.txt', path.join(root, 'src', 'link.txt'));
    const toolkit = createToolkit({
      workspace: root,
      policy: {
        rules: [
          { operation: 'write_file', path: 'src/**', decision: 'allow' },
          { operation: 'write_file', decision: 'deny' },
        ],
      },
    });
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'src/new.ts', content: 'x' })).ok).toBe(true);
    const otherCase = await toolkit.invoke('filesystem', 'write_file', { path: 'SRC/new.ts', content: 'x' });
    expect(!otherCase.ok && otherCase.error.code).toBe('DENIED_BY_POLICY');
    const outside = await toolkit.invoke('filesystem', 'write_file', { path: 'other.ts', content: 'x' });
    expect(!outside.ok && outside.error.code).toBe('DENIED_BY_POLICY');
    const throughLink = await toolkit.invoke('filesystem', 'write_file', { path: 'src/link.txt', content: 'x' });
    expect(!throughLink.ok && throughLink.error.code).toBe('DENIED_BY_POLICY');
  });
});

describe('host rules', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('are checked on every redirect hop', async () => {
    const hits: string[] = [];
    server = createServer((req, res) => {
      hits.push(`${req.headers.host?.split(':')[0]}${req.url}`);
      if (req.url === '/jump') {
        res.writeHead(302, { location: `http://evil.test:${(server!.address() as AddressInfo).port}/page` });
        res.end();
      } else if (req.url === '/inside') {
        res.writeHead(302, { location: '/page' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('hello');
      }
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const toolkit = createToolkit({
      workspace: await tempDir(),
      web: { allowPrivateNetwork: true, lookup },
      policy: {
        rules: [{ operation: 'web_fetch', host: ['docs.test', '*.docs.test'], decision: 'allow' }],
        default: 'deny',
      },
    });
    expect((await toolkit.invoke('web', 'web_fetch', { url: `http://docs.test:${port}/page` })).ok).toBe(true);
    expect((await toolkit.invoke('web', 'web_fetch', { url: `http://api.docs.test:${port}/inside` })).ok).toBe(true);
    const jumped = await toolkit.invoke('web', 'web_fetch', { url: `http://docs.test:${port}/jump` });
    expect(!jumped.ok && jumped.error.code).toBe('DENIED_BY_POLICY');
    expect(jumped.text).toContain('evil.test');
    const direct = await toolkit.invoke('web', 'web_fetch', { url: `http://evil.test:${port}/page` });
    expect(!direct.ok && direct.error.code).toBe('DENIED_BY_POLICY');
    expect(hits.filter((h) => h.startsWith('evil.test'))).toEqual([]);
    expect(hits.filter((h) => h.startsWith('docs.test')).length).toBe(2);
    // An approved `ask` host is fetched; a redirect to an `ask` host is refused (nobody approved that hop).
    const approve = vi.fn(async () => true);
    const asking = createToolkit({
      workspace: await tempDir(),
      web: { allowPrivateNetwork: true, lookup },
      user: createProgrammaticUserChannel({ approve }),
      policy: {
        rules: [
          { operation: 'web_fetch', host: 'docs.test', decision: 'allow' },
          { operation: 'web_fetch', host: 'evil.test', decision: 'ask' },
        ],
        default: 'deny',
      },
    });
    expect((await asking.invoke('web', 'web_fetch', { url: `http://evil.test:${port}/page` })).ok).toBe(true);
    expect(approve).toHaveBeenCalledTimes(1);
    const hop = await asking.invoke('web', 'web_fetch', { url: `http://docs.test:${port}/jump` });
    expect(!hop.ok && hop.error.message).toMatch(/stopped at evil\.test.*approval/);
  });
});

describe('host rules are spelled as URLs spell hosts', () => {
  const webFetch = operations.find((o) => o.name === 'web_fetch')!;
  const decide = (host: string, url: string) =>
    compilePolicy({ rules: [{ operation: 'web_fetch', host, decision: 'deny' }], default: 'allow' }).decideCall(
      webFetch,
      { url },
      { workspaceRoot: '/ws' },
    );
  const cases: [string, string][] = [
    ['intranät.example', 'http://intranät.example/'],
    ['INTRANÄT.example', 'http://xn--intrant-bxa.example/'],
    ['xn--intrant-bxa.example', 'http://INTRANÄT.example:8080/x'],
    ['*.bücher.example', 'https://shop.bücher.example/'],
    ['0:0:0:0:0:0:0:1', 'http://[::1]:8080/'],
    ['[::1]', 'http://[0:0::1]/'],
    ['::ffff:7f00:1', 'http://[::ffff:127.0.0.1]/'],
    ['127.1', 'http://127.0.0.1/'],
    ['example.com.', 'http://EXAMPLE.com/'],
  ];
  for (const [host, url] of cases) {
    it(`a deny rule "${host}" matches ${url}`, async () => {
      expect((await decide(host, url)).decision).toBe('deny');
    });
  }
  it('and still matches nothing else', async () => {
    expect((await decide('intranät.example', 'http://intranat.example/')).decision).toBe('allow');
    expect((await decide('*.bücher.example', 'http://bücher.example.evil/')).decision).toBe('allow');
    expect((await decide('0:0:0:0:0:0:0:1', 'http://[::2]/')).decision).toBe('allow');
  });
  it('a host the URL parser refuses is a compile error, not a rule that matches nothing', () => {
    for (const host of ['exa mple.com', 'ex%ample.com', '1:2:3', 'x:80', '*.', ' *. ', '[*]']) {
      expect(
        () => compilePolicy({ rules: [{ operation: 'web_fetch', host, decision: 'deny' }], default: 'allow' }),
        host,
      ).toThrow();
    }
  });
});

describe('fail closed at compile time', () => {
  it('typos in providers, operations and fields are TypeErrors from createToolkit, with a did-you-mean', () => {
    const make = (policy: PolicyOptions) => () => createToolkit({ workspace: '/tmp', policy });
    expect(make({ rules: [{ operation: 'Bash', decision: 'deny' }] })).toThrow(
      /rule 1: no operation matches "Bash" \(did you mean "bash"\?\)/,
    );
    expect(make({ rules: [{ provider: 'shell', decision: 'deny' }] })).toThrow(
      /no provider matches "shell" \(did you mean "exec"\?\)/,
    );
    expect(make({ rules: [{ operation: 'WebFetch', decision: 'deny' }] })).toThrow(/did you mean "web_fetch"/);
    expect(
      make({
        rules: [
          { operation: 'bash', decision: 'deny' },
          { operation: 'bash', comand: 'ls', decision: 'allow' } as never,
        ],
      }),
    ).toThrow(/rule 2: unknown field comand \(did you mean "command"\?\)/);
    expect(make({ rules: [{ operation: 'read_file', command: 'ls', decision: 'deny' }] })).toThrow(
      /"command" can never apply to read_file/,
    );
    expect(make({ rules: [{ operation: 'web_fetch', path: '.env', decision: 'deny' }] })).toThrow(
      /"path" can never apply to web_fetch: it has no parameter with role path/,
    );
    // bash's lines are not modelled: a path rule would see only its cwd, never what the line reads.
    expect(make({ rules: [{ operation: 'bash', path: 'secrets/**', decision: 'deny' }] })).toThrow(
      /"path" can never apply to bash: its command lines are not modelled/,
    );
    expect(make({ rules: [{ provider: 'task', host: 'x.com', decision: 'deny' }] })).toThrow(/"host" can never apply/);
    expect(make({ rules: [{ operation: 'bash', redirects: true, decision: 'allow' }] })).toThrow(
      /redirects .* on a rule with command/,
    );
    expect(make({ rules: [{ operation: 'bash', command: [], decision: 'allow' }] })).toThrow(
      /must not be an empty list/,
    );
    expect(make({ rules: [{ operation: 'bash', command: '*', decision: 'allow' }] })).toThrow(
      /must start with a program name/,
    );
    expect(make({ rules: [{ operation: 'web_fetch', host: 'https://x.com/a', decision: 'allow' }] })).toThrow(
      /not a URL/,
    );
    expect(make({ rules: [{ provider: 'task', kind: 'interactive', decision: 'deny' }] })).toThrow(
      /matches no operation/,
    );
    expect(make({ rules: [], defualt: 'deny' } as never)).toThrow(/unknown field defualt \(did you mean "default"\?\)/);
    expect(() =>
      createToolkit({ workspace: '/tmp', policy: { rules: [{ operation: 'Bash', decision: 'deny' }] } }),
    ).toThrow(TypeError);
  });

  it('examples are checked when the policy compiles', async () => {
    expect(() =>
      compilePolicy({
        rules: [
          { path: '**/.env', decision: 'deny', examples: { match: ['a/.env'], not_match: ['.envrc', 'b/.env'] } },
        ],
      }),
    ).toThrow(/rule 1: example not_match\[1\] "b\/.env" is matched by the rule/);
    expect(() =>
      compilePolicy({
        rules: [
          { operation: 'web_fetch', host: '*.a.com', decision: 'allow', examples: { match: ['https://a.com/'] } },
        ],
      }),
    ).toThrow(/match\[0\] "https:\/\/a.com\/" is not matched/);
    const shell = compilePolicy({
      rules: [
        {
          operation: 'bash',
          command: 'git status',
          decision: 'allow',
          examples: { match: ['git status'], not_match: ['git status; rm x'] },
        },
      ],
    });
    await expect(shell.checkExamples()).resolves.toBeUndefined();
    const wrong = compilePolicy(
      {
        rules: [
          { operation: 'bash', command: 'git status', decision: 'allow', examples: { match: ['git  status && ls'] } },
        ],
      },
      operations,
      { deferExamples: true },
    );
    await expect(wrong.checkExamples()).rejects.toThrow(/match\[0\] "git {2}status && ls" is not matched/);
    // Once the parser is loaded (it is, above), shell examples fail createToolkit itself; before
    // that, the first bash call checks them and every call is refused if one fails.
    expect(() =>
      createToolkit({
        workspace: '/tmp',
        policy: { rules: [{ operation: 'bash', command: 'ls', decision: 'allow', examples: { match: ['rm -rf x'] } }] },
      }),
    ).toThrow(/rule 1: example match\[0\] "rm -rf x" is not matched/);
  });
});

describe('deniesOutright', () => {
  it('is true only when every input of the operation is denied', () => {
    const p = compilePolicy({
      rules: [
        { operation: 'bash', command: 'rm *', decision: 'deny' },
        { operation: 'spawn_subagent', decision: 'deny' },
        { provider: 'web', decision: 'allow' },
      ],
      default: 'deny',
    });
    expect(p.deniesOutright(op('spawn_subagent'))).toBe(true);
    expect(p.deniesOutright(op('bash'))).toBe(true);
    expect(p.deniesOutright(op('web_fetch'))).toBe(false);
    const q = compilePolicy({ rules: [{ operation: 'bash', command: 'ls *', decision: 'allow' }], default: 'deny' });
    expect(q.deniesOutright(op('bash'))).toBe(false);
    expect(q.deniesOutright(op('task_list'))).toBe(true);
    expect(compilePolicy('readOnly').deniesOutright(op('shell_read'))).toBe(false);
    expect(compilePolicy('readOnly').deniesOutright(op('bash'))).toBe(true);
  });
});

describe('approvals carry the whole input and the shell breakdown', () => {
  it('an ask decision sends every simple command with its decision', async () => {
    const approve = vi.fn(async (_call: ApprovalRequest) => false);
    const toolkit = createToolkit({
      workspace: await tempDir(),
      user: createProgrammaticUserChannel({ approve }),
      policy: { rules: [{ operation: 'bash', command: 'echo *', decision: 'allow' }], default: 'ask' },
    });
    const command = `echo harmless${' '.repeat(2100)}; touch X`;
    const result = await toolkit.invoke('exec', 'bash', { command });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    const call = approve.mock.calls[0]![0];
    expect(call.input).toEqual({ command });
    expect(call.commands!.map((c) => [c.command, c.decision])).toEqual([
      ['echo harmless', 'allow'],
      ['touch X', 'ask'],
    ]);
  });

  it('askForRisky allows its documented read-only commands without asking', async () => {
    const approve = vi.fn(async () => false);
    const toolkit = createToolkit({
      workspace: await tempDir(),
      policy: 'askForRisky',
      user: createProgrammaticUserChannel({ approve }),
    });
    expect((await toolkit.invoke('exec', 'bash', { command: 'pwd && ls -la' })).ok).toBe(true);
    expect(approve).not.toHaveBeenCalled();
    expect((await toolkit.invoke('exec', 'bash', { command: 'touch x' })).ok).toBe(false);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('unattended: a host extends the bash allowlist; everything else is denied without a user', async () => {
    const toolkit = createToolkit({
      workspace: await tempDir(),
      policy: { extends: 'unattended', rules: [{ operation: 'bash', command: 'printf *', decision: 'allow' }] },
    });
    expect((await toolkit.invoke('exec', 'bash', { command: 'printf ok && pwd >/dev/null 2>&1; ls' })).ok).toBe(true);
    expect((await toolkit.invoke('exec', 'bash', { command: 'touch x' })).ok).toBe(false);
    expect((await toolkit.invoke('task', 'task_create', { title: 't' })).ok).toBe(true);
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'a', content: 'x' })).ok).toBe(false);
  });

  it('the presets run no git through bash: a repository config makes plain reads run programs (shell_read reads git instead)', async () => {
    const root = await tempDir();
    execFileSync('git', ['init', '-q', root]);
    // core.fsmonitor runs on `git status`, diff.external on `git diff`, in the repository's own config.
    execFileSync('git', ['-C', root, 'config', 'core.fsmonitor', `touch ${root}/pwned-fsmonitor`]);
    execFileSync('git', ['-C', root, 'config', 'diff.external', `touch ${root}/pwned-diff`]);
    for (const preset of ['unattended', 'askForRisky'] as const) {
      const toolkit = createToolkit({ workspace: root, policy: preset });
      for (const command of [
        'git status',
        'git status --short',
        'git diff',
        'git log',
        'git branch',
        'git rev-parse HEAD',
      ]) {
        const result = await toolkit.invoke('exec', 'bash', { command });
        expect(result.ok, `${preset}: ${command}`).toBe(false);
      }
      // shell_read reads git with fsmonitor switched off, and refuses a repository naming diff.external.
      const read = await toolkit.invoke('exec', 'shell_read', { command: 'git status --short' });
      expect(read.ok ? 'ran' : read.error.message, preset).toMatch(/diff\.external/);
    }
    expect(existsSync(path.join(root, 'pwned-fsmonitor'))).toBe(false);
    expect(existsSync(path.join(root, 'pwned-diff'))).toBe(false);
  });
});
