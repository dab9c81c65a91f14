// A file the path rules keep from reading (a rule of read_file, or of every data_source) is refused
// to the operations that change a file by its content: edit_file, multi_edit and apply_patch read it
// first, and their diffs, a miss's closest lines or a match at all would show it. A rule of the
// operation itself about the path decides instead (an allow, or an ask the human approved), and
// write_file, which replaces a file without reading it, is not concerned.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit, type PolicyOptions, type Toolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

const SECRET = 'API_KEY=sk-live-123456';
const opened: Toolkit[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolkit) => toolkit.close()));
});

async function workspace(): Promise<string> {
  const root = await tempDir();
  await writeFile(path.join(root, '.env'), `${SECRET}\nOTHER=1\n`);
  await mkdir(path.join(root, 'cfg'));
  await writeFile(path.join(root, 'cfg', '.env'), `${SECRET}\n`);
  await writeFile(path.join(root, 'app.txt'), 'one\ntwo\n');
  await symlink('.env', path.join(root, 'env-link'));
  return root;
}

function toolkit(root: string, policy: PolicyOptions, approve?: () => Promise<boolean>): Toolkit {
  const made = createToolkit({
    workspace: root,
    policy,
    code: { editDiagnostics: false },
    ...(approve ? { user: { ask: async () => ({ answer: '' }), approve } as never } : {}),
  });
  opened.push(made);
  return made;
}

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

/** Calls that would show the kept file: dry runs, misses, matches, patches of every section kind. */
const CALLS: [string, string, Record<string, unknown>][] = [
  ['edit_file', 'dry run of a matching edit', { path: '.env', old_str: 'API_KEY', new_str: 'K', dry_run: true }],
  ['edit_file', 'a miss (closest lines)', { path: '.env', old_str: 'API_KEY=sk-live-12345X', new_str: 'K' }],
  ['edit_file', 'through a link', { path: 'env-link', old_str: 'OTHER', new_str: 'O', dry_run: true }],
  ['edit_file', 'in a subfolder', { path: 'cfg/.env', old_str: 'API', new_str: 'A', dry_run: true }],
  ['multi_edit', 'two edits', { path: '.env', edits: [{ old_str: 'OTHER', new_str: 'O' }], dry_run: true }],
  ['apply_patch', 'a Delete (dry run)', { input: patch('*** Delete File: .env'), dry_run: true }],
  ['apply_patch', 'an Update that misses', { input: patch('*** Update File: .env', '@@', '-API_KEY=x', '+K') }],
  ['apply_patch', 'an Add over the file', { input: patch('*** Add File: .env', '+new'), dry_run: true }],
  [
    'apply_patch',
    'a Move onto the file',
    { input: patch('*** Update File: app.txt', '*** Move to: .env', '@@', '-one', '+1'), dry_run: true },
  ],
  [
    'apply_patch',
    'one kept file among others',
    { input: patch('*** Update File: app.txt', '@@', '-one', '+1', '*** Delete File: cfg/.env'), dry_run: true },
  ],
];

describe('files kept from reading, to operations that edit by content', () => {
  for (const rule of [
    { operation: 'read_file', path: '**/.env', decision: 'deny' },
    { kind: 'data_source', path: '**/.env', decision: 'deny' },
    { operation: 'read_file', path: '**/.env', decision: 'ask' },
  ] as const) {
    it(`refuse every call that would show the file, naming none of it (${JSON.stringify(rule)})`, async () => {
      const root = await workspace();
      const kit = toolkit(root, { rules: [rule] });
      for (const [operation, what, input] of CALLS) {
        const result = await kit.invoke('filesystem', operation, input);
        expect(result.ok, `${operation}: ${what}`).toBe(false);
        if (result.ok) continue;
        expect(result.error.code, `${operation}: ${what}`).toBe('DENIED_BY_POLICY');
        expect(JSON.stringify(result.error), `${operation}: ${what}`).not.toContain('sk-live');
        expect(result.error.message).toMatch(/keeps from reading/);
      }
      expect(await readFile(path.join(root, '.env'), 'utf8')).toBe(`${SECRET}\nOTHER=1\n`);
      expect(await readFile(path.join(root, 'app.txt'), 'utf8')).toBe('one\ntwo\n');
    });
  }

  it('leave other files, write_file and a new file elsewhere alone', async () => {
    const root = await workspace();
    const kit = toolkit(root, { rules: [{ operation: 'read_file', path: '**/.env', decision: 'deny' }] });
    const edited = await kit.invoke('filesystem', 'edit_file', { path: 'app.txt', old_str: 'one', new_str: '1' });
    expect(edited.ok).toBe(true);
    const patched = await kit.invoke('filesystem', 'apply_patch', { input: patch('*** Add File: new.txt', '+n') });
    expect(patched.ok).toBe(true);
    const written = await kit.invoke('filesystem', 'write_file', { path: '.env', content: 'REPLACED=1\n' });
    expect(written.ok).toBe(true);
    expect(await readFile(path.join(root, '.env'), 'utf8')).toBe('REPLACED=1\n');
  });

  it('are not let through by a catch-all allow written for every operation, or for a kind', async () => {
    const root = await workspace();
    for (const allow of [
      { path: '**', decision: 'allow' },
      { kind: 'resource', path: '**', decision: 'allow' },
      { operation: '*', path: '**', decision: 'allow' },
    ] as const) {
      const kit = toolkit(root, { rules: [{ operation: 'read_file', path: '**/.env', decision: 'deny' }, allow] });
      for (const input of [
        { path: '.env', old_str: 'API_KEY', new_str: 'K', dry_run: true },
        { path: '.env', old_str: 'API_KEY=sk-live-12345X', new_str: 'K' },
      ]) {
        const result = await kit.invoke('filesystem', 'edit_file', input);
        expect(result.ok ? undefined : result.error.code, JSON.stringify(allow)).toBe('DENIED_BY_POLICY');
        expect(JSON.stringify(result)).not.toContain('sk-live');
      }
    }
  });

  it("let the operation's own path rule decide: an allow, or an ask the human approved", async () => {
    const root = await workspace();
    const allowed = toolkit(root, {
      rules: [
        { operation: 'edit_file', path: 'cfg/.env', decision: 'allow' },
        { operation: 'read_file', path: '**/.env', decision: 'deny' },
      ],
    });
    const edited = await allowed.invoke('filesystem', 'edit_file', { path: 'cfg/.env', old_str: 'API', new_str: 'A' });
    expect(edited.ok).toBe(true);
    // The own allow names cfg/.env only: the one at the root stays kept from edit_file.
    const other = await allowed.invoke('filesystem', 'edit_file', { path: '.env', old_str: 'OTHER', new_str: 'O' });
    expect(other.ok ? undefined : other.error.code).toBe('DENIED_BY_POLICY');
    let asked = 0;
    const approving = toolkit(
      root,
      {
        rules: [
          { operation: 'apply_patch', path: 'cfg/**', decision: 'ask' },
          { operation: 'read_file', path: '**/.env', decision: 'deny' },
        ],
      },
      async () => {
        asked++;
        return true;
      },
    );
    const patched = await approving.invoke('filesystem', 'apply_patch', {
      input: patch('*** Update File: cfg/.env', '@@', '-A_KEY=sk-live-123456', '+API_KEY=rotated'),
    });
    expect(patched.ok).toBe(true);
    expect(asked).toBe(1);
    expect(await readFile(path.join(root, 'cfg', '.env'), 'utf8')).toBe('API_KEY=rotated\n');
  });
});
