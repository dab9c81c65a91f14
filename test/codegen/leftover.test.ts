// A provider removed from the catalog leaves generated files behind: `generate --check` fails
// naming each, and `generate` removes them — only files carrying the generated header.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGenerate } from '../../codegen/src/run.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';
import { tempDir } from '../support/helpers.js';

/** The notes catalog with a second provider, `extras`. */
const twoProviders = notesCatalog.replace(
  'providers:\n',
  `providers:
  extras:
    description: An extra provider.
    operations:
      extra_op:
        title: Extra
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Nothing much.
        params: { type: object, additionalProperties: false, properties: {} }
        result: { type: object, additionalProperties: false, properties: {} }
        examples:
          - name: runs
            input: {}
            expect: { output: {} }
`,
);

async function verb(cwd: string, check: boolean) {
  let stdout = '';
  let stderr = '';
  const code = await runGenerate(
    { catalog: 'catalog.yaml', ...(check ? { check: true } : {}) },
    {
      cwd,
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    },
  );
  return { code, stdout, stderr };
}

describe('generated files the catalog no longer produces', () => {
  it('--check names each leftover of a removed provider; generate removes them and nothing else', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'catalog.yaml'), twoProviders);
    expect((await verb(dir, false)).code).toBe(0);
    expect(await readdir(path.join(dir, 'src/generated/validators'))).toEqual([
      'extras.extra_op.ts',
      'notes.note_add.ts',
      'notes.note_get.ts',
    ]);
    // A file of the user's beside the generated ones, and one in a folder of its own.
    await writeFile(path.join(dir, 'src/generated/validators/mine.ts'), 'export const mine = 1;\n');
    await mkdir(path.join(dir, 'test/generated/fixtures'));
    await writeFile(path.join(dir, 'test/generated/fixtures/data.json'), '{}\n');

    await writeFile(path.join(dir, 'catalog.yaml'), notesCatalog);
    const check = await verb(dir, true);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('src/generated/validators/extras.extra_op.ts (no longer generated)');
    expect(check.stderr).toContain('test/generated/extras.conformance.test.ts (no longer generated)');
    expect(check.stderr).not.toContain('mine.ts');
    expect(check.stderr).not.toContain('data.json');

    expect((await verb(dir, false)).code).toBe(0);
    expect(await readdir(path.join(dir, 'src/generated/validators'))).toEqual([
      'mine.ts',
      'notes.note_add.ts',
      'notes.note_get.ts',
    ]);
    expect(await readdir(path.join(dir, 'test/generated'))).toEqual(['fixtures', 'notes.conformance.test.ts']);
    expect(await readFile(path.join(dir, 'src/generated/validators/mine.ts'), 'utf8')).toBe('export const mine = 1;\n');
    const clean = await verb(dir, true);
    expect(clean.code, clean.stderr).toBe(0);
  });
});
