// What the read-side tools say besides their results names no path the rules hide: a "did you mean"
// after a typo, rg's lines about files it could not read, the folder a link leads to and its
// failures. And what they print of links is one inert line.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { tempDir } from '../support/helpers.js';

const opened: Toolkit[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolkit) => toolkit.close()));
});

async function workspace(): Promise<string> {
  const root = await tempDir('tw-hidden-names-');
  await mkdir(path.join(root, 'secrets', 'acme-prod-keys'), { recursive: true });
  await mkdir(path.join(root, 'pub'));
  await writeFile(path.join(root, 'secrets', 'prod-db-password.txt'), 'hunter2\n');
  await writeFile(path.join(root, 'secrets', 'acme-prod-keys', 'k'), 'key\n');
  await writeFile(path.join(root, 'pub', '.env'), 'X=1\n');
  await writeFile(path.join(root, 'pub', 'readme.txt'), 'needle\n');
  await symlink('secrets/acme-prod-keys', path.join(root, 'keys'));
  await symlink('secrets/prod-db-password.txt', path.join(root, 'current'));
  return root;
}

function toolkit(root: string, rules: object[]): Toolkit {
  const made = createToolkit({ workspace: root, policy: { rules: rules as never } });
  opened.push(made);
  return made;
}

const SECRETS = { operation: 'read_file', path: 'secrets/**', decision: 'deny' };

describe('names the path rules hide, outside the results', () => {
  it('no "did you mean" names a hidden file; a visible near name is still offered', async () => {
    const root = await workspace();
    const kit = toolkit(root, [SECRETS, { operation: 'read_file', path: '**/.env', decision: 'deny' }]);
    const calls: [string, string, Record<string, unknown>][] = [
      ['search', 'grep', { pattern: 'x', path: 'secrets/prod-db-pasword.txt' }],
      ['search', 'glob', { pattern: '*', path: 'secrets/prod-db-pasword.txt' }],
      ['filesystem', 'list_directory', { path: 'secrets/prod-db-pasword.txt' }],
      ['filesystem', 'read_file', { path: 'pub/.envv' }],
      ['filesystem', 'read_file', { path: 'pub/env' }],
    ];
    for (const [provider, operation, input] of calls) {
      const result = await kit.invoke(provider, operation, input);
      expect(result.ok, `${operation} ${JSON.stringify(input)}`).toBe(false);
      const said = JSON.stringify(result.ok ? result.output : result.error);
      expect(said, `${operation} ${JSON.stringify(input)}`).not.toMatch(
        /prod-db-password|\\"pub\/\.env\\"|"\.env"|similar/,
      );
    }
    const near = await kit.invoke('filesystem', 'read_file', { path: 'pub/readme.tx' });
    expect(near.ok ? '' : near.error.message).toContain('did you mean "pub/readme.txt"?');
  });

  it('list_directory of a link into a hidden folder is refused; a link to a hidden file is named as given', async () => {
    const root = await workspace();
    const kit = toolkit(root, [SECRETS]);
    const listed = await kit.invoke('filesystem', 'list_directory', { path: 'keys' });
    expect(listed.ok ? undefined : listed.error.code).toBe('DENIED_BY_POLICY');
    expect(JSON.stringify(listed)).not.toContain('acme-prod-keys');
    const file = await kit.invoke('filesystem', 'list_directory', { path: 'current' });
    expect(file.ok ? undefined : file.error.code).toBe('NOT_DIRECTORY');
    expect(file.ok ? '' : file.error.message).toMatch(/^current is a file/);
    expect(JSON.stringify(file)).not.toContain('prod-db-password');
  });

  it("prints a link's target as one inert line", async () => {
    const root = await workspace();
    await symlink('x\n../INSTALL.sh  2 KB\n\u001b[31mred\u009b2J', path.join(root, 'pub', 'odd'));
    const kit = toolkit(root, []);
    const listed = await kit.invoke('filesystem', 'list_directory', { path: 'pub' });
    expect(listed.ok).toBe(true);
    const line = listed.text.split('\n').find((l) => l.startsWith('odd -> '))!;
    expect(line).toBe('odd -> x\\n../INSTALL.sh  2 KB\\n\\u001b[31mred\\u009b2J');
    expect(listed.text).not.toMatch(/^\.\.\/INSTALL\.sh/m);
  });

  it('lists every page of a folder of 140,000 entries, far offsets too', { timeout: 120_000 }, async () => {
    const root = await tempDir('tw-big-folder-');
    const big = path.join(root, 'big');
    await mkdir(big);
    execFileSync('bash', ['-c', 'cd "$1" && seq -f "f%06g" 1 140000 | xargs touch', '_', big]);
    const kit = toolkit(root, []);
    const far = await kit.invoke('filesystem', 'list_directory', { path: 'big', offset: 135_000, limit: 10 });
    expect(far.ok ? far.output.entries.map((e) => e.path) : far.error.message).toEqual(
      Array.from({ length: 10 }, (_, i) => `big/f${String(135_001 + i).padStart(6, '0')}`),
    );
  });
});

describe.runIf(runSandboxTests)("rg's lines about files it could not read", () => {
  it('leave out the files the rules hide, and say how many', async () => {
    const root = await workspace();
    await writeFile(path.join(root, 'secrets', 'customer-list-2024.csv'), 'needle\n');
    await writeFile(path.join(root, 'pub', 'locked.txt'), 'needle\n');
    await chmod(path.join(root, 'secrets', 'customer-list-2024.csv'), 0o000);
    await chmod(path.join(root, 'pub', 'locked.txt'), 0o000);
    const plain = toolkit(root, []);
    const seen = await plain.invoke('search', 'grep', { pattern: 'needle' });
    // rg in the sandbox has no root powers over files: it says which it could not read.
    expect(seen.text).toContain('could not be searched');
    expect(seen.text).toContain('customer-list-2024.csv');
    const kit = toolkit(root, [SECRETS]);
    for (const output_mode of ['content', 'files_with_matches', 'count'] as const) {
      const found = await kit.invoke('search', 'grep', { pattern: 'needle', output_mode });
      expect(found.text, output_mode).not.toContain('customer-list-2024');
      expect(found.text, output_mode).toContain('pub/locked.txt');
      expect(found.text, output_mode).toMatch(/1 more the path rules keep from this result/);
    }
  });
});

describe('what the search tools quote back', () => {
  it("quotes the caller's patterns as one inert line, and cuts a long line between characters", async () => {
    const root = await workspace();
    await writeFile(path.join(root, 'pub', 'emoji.txt'), `${'😀'.repeat(1200)}a${'b'.repeat(150)}NEEDLE\n`);
    const kit = toolkit(root, []);
    const odd = 'zz\u001b[2J\nforged line\u202e';
    const globbed = await kit.invoke('search', 'glob', { pattern: odd });
    // A glob rg can read (rg refuses one holding a line break): no match, and the note quotes it.
    const grepped = await kit.invoke('search', 'grep', { pattern: 'nothing-here', glob: 'zz\u001b\u202e*' });
    expect(grepped.ok).toBe(true);
    for (const text of [globbed.text, grepped.text]) {
      // eslint-disable-next-line no-control-regex -- the characters that must not come back raw
      expect(text).not.toMatch(/[\u001b\u202e]/);
      expect(text).not.toMatch(/^forged line/m);
    }
    const cut = await kit.invoke('search', 'grep', { pattern: 'NEEDLE', path: 'pub/emoji.txt' });
    const line = cut.ok ? cut.output.matches![0]!.text : '';
    expect(line).toContain('NEEDLE');
    // No half of a surrogate pair on either side of the cut.
    expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});
