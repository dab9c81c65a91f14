// What the CLI prints when what it quotes is hostile: error messages (bad JSON, a policy file's
// names, flags), policy check / policy test reports, the audit table's cut, the result cap's hint,
// a --store folder mkdir cannot make (/proc), and `init provider` racing a folder planted meanwhile.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { capText } from '../../src/adapters/result-size.js';
import { auditRows } from '../../src/cli/audit-table.js';
import { runInitProvider } from '../../src/cli/init.js';
import type { Vendor } from '../../src/cli/init-vendor.js';
import { ensureOwnFolder, makeFolders } from '../../src/runtime/fs/own-files.js';
import type { AuditRecord } from '../../src/runtime/store/types.js';
import { builtCli } from '../support/built-cli.js';
import { cli, seededWorkspace } from '../support/cli.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

/** What a terminal acts on or hides: C0 (but newline and tab), DEL, C1, bidi and other format characters. */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

/** No half of a surrogate pair alone (in a `u` expression a whole pair is one code point, never Cs). */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

function expectInert(text: string): void {
  expect(text).not.toMatch(RAW);
  expect(wellFormed(text)).toBe(true);
}

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('error messages quoting untrusted text are inert', () => {
  it('call: arguments from stdin that are not JSON', async () => {
    const run = await cli(['call', '-w', dir, 'read_file', '-'], 'x\u001b]0;pwned\u0007\u001b[2J');
    expect(run.code).toBe(2);
    expectInert(run.err);
    expect(run.err).toContain('\\u001b]0;pwned\\u0007\\u001b[2J');
  });

  it('call --policy and policy check --policy: a rule naming an unknown operation', async () => {
    const policy = path.join(dir, 'evil.yaml');
    await writeFile(policy, 'rules:\n  - operation: "rea\\u001b[2Jd_file\\u202e"\n    decision: allow\n');
    for (const args of [
      ['call', '-w', dir, '--policy', policy, 'read_file', '{"path":"a.txt"}'],
      ['policy', 'check', '--policy', policy, '-w', dir, 'read_file', '{}'],
      ['policy', 'test', policy],
    ]) {
      const run = await cli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain('no operation matches "rea\\u001b[2Jd_file\\u202e"');
      expectInert(run.err);
    }
  });

  it('policy check: input that is not JSON, and an unknown tool', async () => {
    const bad = await cli(['policy', 'check', '--policy', 'askForRisky', '-w', dir, 'bash', '{\u001b[2J']);
    expect(bad.code).toBe(2);
    expectInert(bad.err);
    const unknown = await cli(['policy', 'check', '--policy', 'askForRisky', '-w', dir, 'ba\u202esh']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('ba\\u202esh');
    expectInert(unknown.err);
  });

  it("commander's own errors (an unknown option), and the other verbs' usage errors", async () => {
    const option = await cli(['schema', '--bo\u001b[2Jgus']);
    expect(option.code).toBe(2);
    expect(option.err).toContain('--bo\\u001b[2Jgus');
    expectInert(option.err);
    const since = await cli(['audit', '-w', dir, '--since', '1\u001b]0;x\u0007h']);
    expect(since.code).toBe(2);
    expectInert(since.err);
    const store = await cli(['audit', '-w', dir, '--store', path.join(dir, '..', 'no-such\u202e-store')]);
    expectInert(store.err);
    const init = await cli(['init', 'provider', 'demo', '--dir', path.join(dir, 'a.txt\u001b[2J')]);
    await writeFile(path.join(dir, 'file\u001b[2J'), '');
    const file = await cli(['init', 'provider', 'demo', '--dir', path.join(dir, 'file\u001b[2J')]);
    expect(file.code).toBe(2);
    expect(file.err).toContain('is a file');
    for (const run of [init, file]) expectInert(run.err + run.out);
  });

  it("generate: the generator's reports quoting a catalog's names", async () => {
    const catalog = path.join(dir, 'catalog.yaml');
    await writeFile(catalog, 'providers:\n  "bad\\u001b[2Jname\\u202e": {}\n');
    const run = await cli(['generate', catalog, '--check']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('provider bad\\u001b[2Jname\\u202e is missing');
    expectInert(run.err + run.out);
  });
});

describe('policy check and policy test reports are inert', () => {
  const command = 'echo \u001b]0;pwned\u0007\u001b[2J; ls\u202e\u009b2J\nrm -rf x';

  it('policy check as text: commands, reasons and notes escaped, one line each', async () => {
    const run = await cli([
      'policy',
      'check',
      '--policy',
      'askForRisky',
      '-w',
      dir,
      'bash',
      JSON.stringify({ command }),
    ]);
    expectInert(run.out);
    expect(run.out).toContain('ls\\u202e\\u009b2J');
    // Each simple command is one line of the report: none starts a line of its own.
    expect(run.out).not.toMatch(/^rm -rf/m);
  });

  it('policy check --json: the same JSON value, escaped', async () => {
    const run = await cli([
      'policy',
      'check',
      '--json',
      '--policy',
      'askForRisky',
      '-w',
      dir,
      'bash',
      JSON.stringify({ command }),
    ]);
    expectInert(run.out);
    const decision = JSON.parse(run.out) as { commands: { command: string }[] };
    expect(decision.commands.map((c) => c.command)).toContain('ls\u202e\u009b2J');
  });

  it('policy test: examples and their messages', async () => {
    const policy = path.join(dir, 'examples.yaml');
    await writeFile(
      policy,
      [
        'rules:',
        '  - operation: bash',
        '    command: ["git status"]',
        '    decision: allow',
        '    examples:',
        '      match: ["git status\\u202e \\u009b2J", "git status\\u001b[2J\\nok  rule 9"]',
        '',
      ].join('\n'),
    );
    const run = await cli(['policy', 'test', policy]);
    expect(run.code).toBe(1);
    expectInert(run.out);
    expect(run.out).toContain('git status\\u202e \\u009b2J');
    expect(run.out).not.toMatch(/^ok {2}rule 9/m);
  });
});

describe('the audit table', () => {
  it('cuts a long input between characters, never inside a surrogate pair', () => {
    const record = (input: unknown): AuditRecord => ({
      seq: 1,
      time: '2026-01-01T00:00:00.000Z',
      scope: 's',
      principal: 'p',
      operation: 'filesystem.read_file',
      risk: 'low',
      decision: 'allow',
      rule: null,
      error_code: null,
      duration_ms: 1,
      input,
    });
    // {"path":" is 9 units: the emoji's high half is unit 79, the last one the cell keeps.
    for (const pad of [68, 69, 70]) {
      const cell = auditRows([record({ path: `${'a'.repeat(pad)}😀b${'c'.repeat(20)}` })])[0]!.at(-1)!;
      expect(wellFormed(cell), `pad ${pad}`).toBe(true);
      expect(cell.endsWith('…')).toBe(true);
    }
  });
});

describe('the result cap', () => {
  it('counts the characters it leaves out, not UTF-16 units', () => {
    const text = '😀'.repeat(100_000);
    const out = capText(text, 2000, 4096);
    const kept = [...out.slice(0, out.indexOf('\n\n[…'))].length;
    expect(kept).toBeGreaterThan(0);
    expect(Number(/… (\d+) more characters/.exec(out)![1])).toBe(100_000 - kept);
    const mixed = `${'a'.repeat(3000)}é😀中`.repeat(3);
    const cut = capText(mixed, 2000, 4096);
    const shown = [...cut.slice(0, cut.indexOf('\n\n[…'))].length;
    expect(Number(/… (\d+) more characters/.exec(cut)![1])).toBe([...mixed].length - shown);
  });
});

describe.skipIf(process.platform !== 'linux' || !existsSync('/proc/self'))('a folder mkdir cannot make (/proc)', () => {
  it('ensureOwnFolder and makeFolders fail at once, naming the folder, where mkdir -p would spin', async () => {
    // A hang fails the test in seconds, not at the test's timeout.
    const bounded = <T>(promise: Promise<T>) =>
      Promise.race([
        promise,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still running: a hang')), scaled(10_000))),
      ]);
    await expect(
      bounded(ensureOwnFolder('/proc/toolwright-x/y', 'the store folder', { parents: true })),
    ).rejects.toThrow(
      /the store folder \/proc\/toolwright-x\/y cannot be created: \/proc exists but refuses a new folder \/proc\/toolwright-x/,
    );
    await expect(bounded(makeFolders('/proc/toolwright-x', 'the folder'))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('makes the missing folders one by one elsewhere, and accepts one that exists', async () => {
    const base = await tempDir();
    await ensureOwnFolder(path.join(base, 'a/b/c'), 'the store folder', { parents: true });
    expect((await lstat(path.join(base, 'a/b/c'))).mode & 0o777).toBe(0o700);
    await ensureOwnFolder(path.join(base, 'a/b/c'), 'the store folder', { parents: true });
    await makeFolders(path.join(base, 'a/b/d/e'), 'the folder');
    expect((await lstat(path.join(base, 'a/b/d/e'))).isDirectory()).toBe(true);
  });

  it('init provider --dir under /proc: refused after packing, in bounded time', async () => {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (chunk: string) => (stderr += chunk) } };
    const vendor: Vendor = async (destination) => {
      await writeFile(path.join(destination, 'a.tgz'), 'a');
      return { toolwright: 'a.tgz', codegen: 'a.tgz' };
    };
    const code = await Promise.race([
      runInitProvider(io, 'demo', { dir: '/proc/toolwright-x/demo' }, '0.0.0', dir, vendor),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running: a hang'), scaled(10_000))),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('/proc exists but takes no new folder /proc/toolwright-x');
  });

  it('call --store /proc/x ends (the audit reports the folder) instead of hanging', { timeout: scaled(60_000) }, () => {
    const run = spawnSync(
      process.execPath,
      [builtCli(), 'call', '-w', dir, '--store', '/proc/toolwright-x', 'read_file', '{"path":"a.txt"}'],
      { encoding: 'utf8', timeout: scaled(20_000) },
    );
    expect(run.signal, 'killed by the timeout: the CLI hung').toBeNull();
    expect(run.stderr).toContain('/proc/toolwright-x cannot be created');
  });
});

describe('init provider writes aside, then moves the scaffold in', () => {
  const TGZ = { toolwright: 'toolwright-0.0.0.tgz', codegen: 'toolwright-codegen-0.0.0.tgz' };
  /** A vendor that runs `meanwhile` while it "packs", as the ~10 s pack gives another process time to. */
  const vendorThen =
    (meanwhile: () => Promise<void>): Vendor =>
    async (destination) => {
      await writeFile(path.join(destination, TGZ.toolwright), 'toolwright');
      await writeFile(path.join(destination, TGZ.codegen), 'codegen');
      await meanwhile();
      return TGZ;
    };

  async function init(cwd: string, dir: string, vendor: Vendor) {
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
    const code = await runInitProvider(io, 'demo', { dir }, '0.0.0', cwd, vendor);
    return { code, stdout, stderr };
  }

  it('a folder with links planted in the target meanwhile: refused, nothing written through them or left behind', async () => {
    const cwd = await tempDir();
    await mkdir(path.join(cwd, 'outside'));
    const outcome = await init(
      cwd,
      'racy',
      vendorThen(async () => {
        await mkdir(path.join(cwd, 'racy'));
        await symlink('../outside', path.join(cwd, 'racy/src'));
        await symlink(path.join(cwd, 'outside/pwn'), path.join(cwd, 'racy/README.md'));
      }),
    );
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^toolwright init provider: racy is not empty now .*nothing was written\n$/);
    expect(await readdir(path.join(cwd, 'outside'))).toEqual([]);
    expect((await readdir(path.join(cwd, 'racy'))).sort()).toEqual(['README.md', 'src']);
    expect((await readdir(cwd)).sort()).toEqual(['outside', 'racy']);
  });

  it('a link planted as the target itself: refused, nothing written where it points', async () => {
    const cwd = await tempDir();
    await mkdir(path.join(cwd, 'elsewhere'));
    const outcome = await init(
      cwd,
      'linked',
      vendorThen(() => symlink('elsewhere', path.join(cwd, 'linked'))),
    );
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('linked is a symbolic link now');
    expect(await readdir(path.join(cwd, 'elsewhere'))).toEqual([]);
    expect((await readdir(cwd)).sort()).toEqual(['elsewhere', 'linked']);
  });

  it('an empty folder made meanwhile is taken, and a nested new target gets its parents', async () => {
    const cwd = await tempDir();
    const made = await init(
      cwd,
      'late',
      vendorThen(() => mkdir(path.join(cwd, 'late'))),
    );
    expect(made.code, made.stderr).toBe(0);
    expect(await readFile(path.join(cwd, 'late/vendor', TGZ.codegen), 'utf8')).toBe('codegen');
    // The mode a plain mkdir gives, not the private staging folder's 0700.
    expect((await lstat(path.join(cwd, 'late'))).mode & 0o777).toBe(0o777 & ~process.umask());
    const nested = await init(
      cwd,
      'deep/er/pkg',
      vendorThen(async () => {}),
    );
    expect(nested.code, nested.stderr).toBe(0);
    expect(await readdir(path.join(cwd, 'deep/er/pkg'))).toContain('package.json');
    expect((await readdir(cwd)).sort()).toEqual(['deep', 'late']);
  });

  it('a failure while writing leaves nothing behind, not even the parents it made, and says why', async () => {
    const cwd = await tempDir();
    const broken: Vendor = async () => ({ toolwright: 'missing.tgz', codegen: 'missing-too.tgz' });
    const nested = await init(cwd, 'new/parents/pkg', broken);
    expect(nested.code).toBe(2);
    expect(await readdir(cwd)).toEqual([]);
    const outcome = await init(cwd, 'pkg', broken);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^toolwright init provider: cannot write pkg: .*ENOENT.*nothing was written\n$/);
    expect(await readdir(cwd)).toEqual([]);
  });
});
