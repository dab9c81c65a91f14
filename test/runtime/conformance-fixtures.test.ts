// runConformance (toolwright/testing) keeps a case inside its temporary workspace even when the
// generated test was edited by hand or made by an older generator: fixtures are never written
// through a link or outside, and an expected file is never read outside.
import { execFile } from 'node:child_process';
import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readExpectedFile } from '../../src/conformance/fixtures.js';
import { writeFixture } from '../../src/testing.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

describe('writeFixture', () => {
  it('refuses paths that leave the workspace and creates nothing outside', async () => {
    const outer = await tempDir();
    const root = path.join(outer, 'ws');
    await mkdir(root);
    for (const relative of [
      '../escaped.txt',
      'a/../../escaped.txt',
      `${outer}/escaped.txt`,
      'a\0b',
      'a\\..\\..\\escaped.txt',
      '.git/config',
      '.git',
    ]) {
      await expect(writeFixture(root, { [relative]: 'x' }), relative).rejects.toThrow(/^fixture /);
    }
    expect(await exists(path.join(outer, 'escaped.txt'))).toBe(false);
  });

  it('never writes through a link it made, to a folder or to a file', async () => {
    const root = await tempDir();
    const outside = await tempDir();
    await expect(writeFixture(root, { out: { symlink: outside }, 'out/planted.txt': 'x' })).rejects.toThrow(
      /would be written through the link/,
    );
    await expect(writeFixture(await tempDir(), { up: { symlink: outside }, 'up/sub': { dir: true } })).rejects.toThrow(
      /through the link/,
    );
    const victim = path.join(outside, 'victim.txt');
    await writeFile(victim, 'safe');
    const again = await tempDir();
    await symlink(victim, path.join(again, 'file.txt'));
    await expect(writeFixture(again, { 'file.txt': 'overwritten' })).rejects.toThrow(/EEXIST|ELOOP/);
    expect(await readFile(victim, 'utf8')).toBe('safe');
    expect(await exists(path.join(outside, 'planted.txt'))).toBe(false);
    expect(await exists(path.join(outside, 'sub'))).toBe(false);
  });

  it('still makes what the catalog needs: nested files, folders, links (pointing anywhere), .git/HEAD', async () => {
    const root = await tempDir();
    await writeFixture(root, {
      'src/lib/a.ts': 'a',
      docs: { dir: true },
      'docs/b.md': 'b',
      escape: { symlink: '/etc/hostname' },
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/refs/heads': { dir: true },
    });
    expect(await readFile(path.join(root, 'src/lib/a.ts'), 'utf8')).toBe('a');
    expect(await readFile(path.join(root, 'docs/b.md'), 'utf8')).toBe('b');
    expect((await lstat(path.join(root, 'escape'))).isSymbolicLink()).toBe(true);
    expect((await lstat(path.join(root, '.git/refs/heads'))).isDirectory()).toBe(true);
  });
});

describe('readExpectedFile', () => {
  it('reads inside the workspace (through an inside link too), null when absent, refuses a way out', async () => {
    const root = await tempDir();
    const outside = await tempDir();
    await writeFile(path.join(outside, 'secret'), 'secret');
    await writeFile(path.join(root, 'real.txt'), 'inside');
    await symlink('real.txt', path.join(root, 'alias.txt'));
    await symlink(path.join(outside, 'secret'), path.join(root, 'leak'));
    await symlink(outside, path.join(root, 'dir'));
    expect(await readExpectedFile(root, 'alias.txt')).toBe('inside');
    expect(await readExpectedFile(root, 'missing.txt')).toBeNull();
    await expect(readExpectedFile(root, 'leak')).rejects.toThrow(/leads outside the workspace/);
    await expect(readExpectedFile(root, 'dir/secret')).rejects.toThrow(/leads outside the workspace/);
    await expect(readExpectedFile(root, '../secret')).rejects.toThrow(/must stay inside the workspace/);
  });
});

describe('a hand-edited conformance test', () => {
  it('fails its escaping cases and leaves the outside untouched', { timeout: scaled(120_000) }, async () => {
    const dir = await tempDir();
    const tmp = path.join(dir, 'tmp'); // the workspaces' parent: where "../" would land
    const outside = path.join(dir, 'outside');
    await mkdir(tmp);
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret'), 'secret');
    const example = (name: string, files: object, expectFiles?: object) => ({
      name,
      files,
      input: { path: 'absent.txt' },
      expect: { error: 'NOT_FOUND', ...(expectFiles ? { files: expectFiles } : {}) },
    });
    const cases = {
      provider: 'filesystem',
      operations: [
        {
          id: 'filesystem.read_file',
          provider: 'filesystem',
          name: 'read_file',
          descriptor: {},
          probes: { missing: [], wrongType: [], unknown: { path: 'a', not_a_declared_property: true } },
          examples: [
            example('dot-dot', { '../escaped.txt': 'x' }),
            example('through a link', { out: { symlink: outside }, 'out/planted.txt': 'x' }),
            example('reads a link out', { leak: { symlink: path.join(outside, 'secret') } }, { leak: 'secret' }),
            example('stays inside', { 'in.txt': 'x' }, { 'in.txt': 'x' }),
          ],
        },
      ],
    };
    await writeFile(
      path.join(dir, 'edited.conformance.test.ts'),
      [
        `import { runConformance } from ${JSON.stringify(path.join(repo, 'src/testing.ts'))};`,
        `import { handlers } from ${JSON.stringify(path.join(repo, 'src/handlers/index.ts'))};`,
        `import { providers as registry } from ${JSON.stringify(path.join(repo, 'src/generated/registry.ts'))};`,
        `runConformance({ registry, handlers, ...${JSON.stringify(cases)} });`,
        '',
      ].join('\n'),
    );
    const source = (file: string) => JSON.stringify(path.join(repo, 'src', file));
    await writeFile(
      path.join(dir, 'vitest.config.mjs'),
      [
        'export default {',
        `  resolve: { alias: [{ find: /^toolwright$/, replacement: ${source('index.ts')} }, { find: /^toolwright\\/validator-runtime$/, replacement: ${source('validator-runtime.ts')} }] },`,
        '  test: { include: ["*.test.ts"] },',
        '};',
        '',
      ].join('\n'),
    );
    const report = path.join(dir, 'report.json');
    const vitest = path.join(repo, 'node_modules/vitest/vitest.mjs');
    await run(process.execPath, [vitest, 'run', '--root', dir, '--reporter=json', `--outputFile=${report}`], {
      cwd: dir,
      env: { ...process.env, TMPDIR: tmp },
    }).catch(() => undefined);
    const results = JSON.parse(await readFile(report, 'utf8')) as {
      testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    const byTitle = new Map(results.testResults[0]!.assertionResults.map((r) => [r.title, r]));
    expect(byTitle.get('example: dot-dot')?.failureMessages.join('')).toMatch(
      /fixture "\.\.\/escaped\.txt" must stay inside the workspace/,
    );
    expect(byTitle.get('example: through a link')?.failureMessages.join('')).toMatch(
      /fixture "out\/planted\.txt" would be written through the link/,
    );
    expect(byTitle.get('example: reads a link out')?.failureMessages.join('')).toMatch(
      /expected file "leak" leads outside the workspace/,
    );
    expect(byTitle.get('example: stays inside')?.status).toBe('passed');
    expect(await exists(path.join(tmp, 'escaped.txt'))).toBe(false);
    expect(await exists(path.join(outside, 'planted.txt'))).toBe(false);
  });
});
