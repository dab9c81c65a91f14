// Path rules reach shell_read as they reach read_file and grep: every path a line names (however it
// is spelt: quoted, escaped, a glob, `..`, absolute, through a link, after a cd), every folder its
// programs walk or list, and `ask` rules ask. Nothing a rule denies is printed.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createProgrammaticUserChannel,
  createToolkit,
  type ApprovalRequest,
  type PolicyOptions,
  type Toolkit,
} from '../../src/index.js';
import { locateRipgrep } from '../../src/handlers/search/grep/ripgrep.js';
import { tempDir } from '../support/helpers.js';

const SECRET = 'SECRET=hunter2';
const DENY: PolicyOptions = { rules: [{ path: '**/.env', decision: 'deny', reason: 'env files are private' }] };

/** A workspace with .env files at two levels, a link to one, and ordinary files that mention SECRET. */
async function workspace(): Promise<string> {
  const root = await tempDir('tw-sr-paths-');
  await mkdir(path.join(root, 'sub', 'deep'), { recursive: true });
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, '.env'), `${SECRET}-top\n`);
  await writeFile(path.join(root, 'sub', 'deep', '.env'), `${SECRET}-deep\n`);
  await writeFile(path.join(root, 'notes.txt'), 'SECRET is mentioned here\n');
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const SECRET = 1;\n');
  await symlink('../.env', path.join(root, 'sub', 'innocent.txt'));
  return root;
}

/** A toolkit whose commands find the bundled rg on PATH. */
async function toolkitFor(root: string, policy: PolicyOptions, extra: object = {}): Promise<Toolkit> {
  const rgDir = path.dirname(await locateRipgrep());
  return createToolkit({
    workspace: root,
    policy,
    exec: { env: { PATH: `${rgDir}:${process.env.PATH ?? '/usr/bin:/bin'}` } },
    ...extra,
  });
}

async function run(toolkit: Toolkit, command: string, cwd?: string) {
  const result = await toolkit.invoke('exec', 'shell_read', { command, ...(cwd ? { cwd } : {}) });
  const output = result.ok ? (result.output as { stdout: string; stderr: string }) : undefined;
  return { result, printed: output ? output.stdout + output.stderr : result.text };
}

/** Refused before anything ran, and the secret appears nowhere in what came back. */
async function expectDenied(toolkit: Toolkit, command: string, cwd?: string): Promise<string> {
  const { result, printed } = await run(toolkit, command, cwd);
  expect(result.ok ? `ran: ${printed}` : result.error.code, command).toBe('DENIED_BY_POLICY');
  expect(printed, command).not.toContain('hunter2');
  return result.ok ? '' : result.error.message;
}

describe('shell_read: paths a line names', () => {
  const NAMED = [
    'cat .env',
    'head .env',
    'tail -n 1 .env',
    'head -c 100 ./.env',
    'cat sub/../.env',
    "cat '.env'",
    'cat ".env"',
    'cat .\\env',
    'cat "./.e"nv',
    'cat .e*',
    'cat ./.en?',
    'cat */*/.env',
    'cat sub/deep/.env',
    'cat sub/innocent.txt',
    'cat sub/*',
    'cat < .env',
    'grep -f .env notes.txt',
    'grep hunter2 .env',
    'sed -n p .env',
    "sed 'r .env' notes.txt",
    "awk '{print}' .env",
    'sort .env | uniq',
    'diff .env notes.txt',
    'base64 .env',
    'od -c .env',
    'strings .env',
    'nl .env',
    'jq -R . .env',
    'stat .env',
    'test -f .env',
    'cd sub && cat deep/.env',
    'cd sub/deep && cat .env',
    'cat .ENV',
    'cat 0<.env',
    'cat 3<.env',
    'echo .e*',
    "printf '%s\\n' */*/.e*",
    'basename .e*',
  ];

  it.each(NAMED)('deny **/.env refuses %s, and says which rule', async (command) => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, DENY);
    const message = await expectDenied(toolkit, command);
    expect(message).toContain('env files are private');
  });

  it('an absolute path, a cwd below the file, and a cwd that is a link to its folder are refused too', async () => {
    const root = await workspace();
    await symlink('sub/deep', path.join(root, 'alias'));
    const toolkit = await toolkitFor(root, DENY);
    await expectDenied(toolkit, `cat ${root}/.env`);
    await expectDenied(toolkit, `cat ${root}/sub/deep/.env`);
    await expectDenied(toolkit, 'cat .env', 'sub/deep');
    await expectDenied(toolkit, 'cat ../../.env', 'sub/deep');
    await expectDenied(toolkit, 'cat .env', 'alias');
    await expectDenied(toolkit, 'cat alias/.env');
  });

  it('what the line names that no rule covers still runs', async () => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, DENY);
    for (const [command, shown] of [
      ['cat notes.txt', 'mentioned'],
      ['grep -n SECRET notes.txt src/a.ts', 'a.ts:1'],
      ['cat src/*', 'export const'],
      ['ls', 'notes.txt'],
      ['ls src', 'a.ts'],
      ["find . -name '*.ts'", 'src/a.ts'],
      ['grep -r SECRET src', 'a.ts'],
      ['rg -n SECRET', 'notes.txt'],
      ["rg --hidden -g '!.env' -g '!**/.env' -g '!sub/innocent.txt' SECRET", 'notes.txt'],
      ['du -sh .', '.'],
      ['wc -l notes.txt', '1'],
    ] as const) {
      const { result, printed } = await run(toolkit, command);
      expect(result.ok ? printed : result.text, command).toContain(shown);
      expect(printed, command).not.toContain('hunter2');
    }
  });

  it('without a path rule the same lines print the secret (what the rule is there to stop)', async () => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, {});
    for (const command of ['cat .env', 'cat .e*', 'grep -r SECRET .', 'rg --hidden SECRET']) {
      expect((await run(toolkit, command)).printed, command).toContain('hunter2');
    }
  });

  it('a line whose files cannot be named before it runs is refused while path rules apply', async () => {
    const root = await workspace();
    await writeFile(path.join(root, 'list'), '.env\0');
    const toolkit = await toolkitFor(root, DENY);
    for (const command of [
      'echo $(cat .env)',
      'cat $PWD/.env',
      'wc --files0-from=list',
      'sort --files0-from=list',
      'cat /proc/self/cwd/.env',
      'md5sum -c list',
      'cat .[e]nv',
    ]) {
      expect(await expectDenied(toolkit, command), command).toMatch(
        /path rules cannot .*\(rule 0: env files are private\)/,
      );
    }
  });
});

describe('shell_read: folders a line walks or lists', () => {
  const WALKS = [
    'grep -r SECRET .',
    'grep -r SECRET',
    'grep -R SECRET sub',
    'grep -rl SECRET sub',
    'grep -d recurse SECRET .',
    'grep --directories=recurse SECRET .',
    'grep -r SECRET s*',
    'rg --hidden SECRET',
    'rg -uu SECRET sub',
    'rg -. --files',
    'rg -L SECRET sub',
    'find .',
    'find sub -type f',
    "find . -name '.e*'",
    "find . -name '*' -o -name x",
    'ls -a',
    'ls -A sub/deep',
    'ls -aR',
    'ls -R sub',
    'du -a',
    'tree -a',
    'diff -r sub src',
    'git grep --no-index SECRET',
  ];

  it.each(WALKS)('deny **/.env refuses %s, counting and naming what it would reach', async (command) => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, DENY);
    const message = await expectDenied(toolkit, command);
    expect(message).toMatch(/\d+ paths? a path rule keeps from reads: .*\.env|sub\/innocent\.txt/);
    expect(message).toContain('rule 0 denies it');
  });

  it('a rule on read_file alone hides its paths from shell_read too, as from grep', async () => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, { rules: [{ operation: 'read_file', path: '**/.env', decision: 'deny' }] });
    await expectDenied(toolkit, 'cat .env');
    await expectDenied(toolkit, 'grep -r SECRET .');
    await expectDenied(toolkit, 'ls -a');
    expect((await run(toolkit, 'cat notes.txt')).printed).toContain('mentioned');
  });

  it('a rule layered over readOnly, and folder rules (secrets/**), reach listings and walks', async () => {
    const root = await workspace();
    await mkdir(path.join(root, 'secrets'));
    await writeFile(path.join(root, 'secrets', 'key.pem'), 'PRIVATE hunter2 key\n');
    const toolkit = await toolkitFor(root, {
      extends: 'readOnly',
      rules: [{ path: ['**/.env', 'secrets/**'], decision: 'deny' }],
    });
    for (const command of ['cat secrets/key.pem', 'ls secrets', 'find secrets', 'rg PRIVATE', 'grep -r PRIVATE .']) {
      await expectDenied(toolkit, command);
    }
    await expectDenied(toolkit, 'ls', 'secrets');
    expect((await run(toolkit, 'ls src')).printed).toContain('a.ts');
    expect((await toolkit.invoke('exec', 'bash', { command: 'true' })).ok).toBe(false);
  });
});

describe('shell_read: ask rules', () => {
  it('a named path asks, as read_file does; approved it runs, declined it does not', async () => {
    const root = await workspace();
    const asked: ApprovalRequest[] = [];
    let answer = true;
    const toolkit = await toolkitFor(
      root,
      { rules: [{ path: '**/.env', decision: 'ask' }] },
      {
        user: createProgrammaticUserChannel({
          approve: (request) => {
            asked.push(request);
            return answer;
          },
        }),
      },
    );
    const approved = await run(toolkit, 'cat .env');
    expect(approved.printed).toContain('hunter2-top');
    expect(asked.map((a) => a.operation)).toEqual(['shell_read']);
    answer = false;
    const declined = await run(toolkit, 'cat sub/deep/.e*');
    expect(!declined.result.ok && declined.result.error.code).toBe('DENIED_BY_POLICY');
    expect(declined.printed).not.toContain('hunter2');
    expect(asked).toHaveLength(2);
    // read_file asks the same way.
    await toolkit.invoke('filesystem', 'read_file', { path: '.env' });
    expect(asked).toHaveLength(3);
  });

  it('a walk that reaches a path a rule asks about is refused, telling how to have it approved', async () => {
    const root = await workspace();
    const asked: ApprovalRequest[] = [];
    const toolkit = await toolkitFor(
      root,
      { rules: [{ path: '**/.env', decision: 'ask' }] },
      { user: createProgrammaticUserChannel({ approve: (request) => (asked.push(request), true) }) },
    );
    const message = await expectDenied(toolkit, 'grep -r SECRET .');
    expect(message).toMatch(/asks before it is read.*can be approved when the line names it/);
    expect(asked).toEqual([]);
  });

  it('without a human to ask, a named path a rule asks about is refused', async () => {
    const root = await workspace();
    const toolkit = await toolkitFor(root, { rules: [{ path: '**/.env', decision: 'ask' }] });
    const message = await expectDenied(toolkit, 'head -1 .env');
    expect(message).toMatch(/needs approval, and no human could be asked/);
  });
});
