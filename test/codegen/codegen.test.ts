// The generator: catalog problems reported at catalog.yaml:LINE:COL, determinism, staleness checks.
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalog, trivialCatalog } from '../../bench/synthetic-catalog.js';
import { generate } from '../../codegen/src/generate.js';
import { HEADER } from '../../codegen/src/emit/common.js';
import { runGenerate } from '../../codegen/src/run.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const catalogText = await readFile(path.join(projectRoot, 'catalog.yaml'), 'utf8');

function lineOf(text: string, needle: string, from = 0): number {
  return text.slice(0, text.indexOf(needle, from)).split('\n').length;
}

async function problemsFor(text: string): Promise<string[]> {
  const outcome = await generate(text, 'catalog.yaml');
  return outcome.ok ? [] : outcome.problems;
}

describe('codegen validation', () => {
  it('rejects an unknown kind at its line and column', async () => {
    const broken = catalogText.replace('kind: data_source', 'kind: banana');
    const problems = await problemsFor(broken);
    const line = lineOf(broken, 'kind: banana');
    const col = broken.split('\n')[line - 1]!.indexOf('banana') + 1;
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^catalog\\.yaml:${line}:${col}: .*banana.*data_source, resource, interactive`)),
    );
  });

  it('rejects a data_source that is not read_only', async () => {
    const broken = catalogText.replace(/(read_file:[\s\S]*?risk: )read_only/, '$1moderate');
    const problems = await problemsFor(broken);
    expect(problems.join('\n')).toMatch(/catalog\.yaml:\d+:\d+: a data_source operation must have risk read_only/);
  });

  it('rejects open objects, unknown error codes, invalid examples and duplicate names', async () => {
    const open = catalogText.replace(
      /(write_file:[\s\S]*?params:\n\s+type: object\n\s+)additionalProperties: false/,
      '$1additionalProperties: true',
    );
    expect((await problemsFor(open)).join('\n')).toMatch(
      /write_file.*additionalProperties|catalog\.yaml:\d+:\d+: .*additionalProperties/,
    );

    const unknownCode = catalogText.replace(
      'errors: [NOT_FOUND, IS_DIRECTORY, NOT_DIRECTORY, BINARY_FILE, OUTSIDE_WORKSPACE, PERMISSION_DENIED, TOO_LARGE, UNSUPPORTED_CONTENT, TIMEOUT, STALE_FILE]',
      'errors: [NOT_FOUND, NO_SUCH_CODE]',
    );
    expect((await problemsFor(unknownCode)).join('\n')).toMatch(/unknown error code NO_SUCH_CODE/);

    const badExample = catalogText.replace(
      'input: { path: src/a.ts, offset: 2, limit: 2, line_numbers: false }',
      'input: { path: src/a.ts, limit: 0 }',
    );
    const exampleProblems = await problemsFor(badExample);
    const exampleLine = lineOf(badExample, 'input: { path: src/a.ts, limit: 0 }');
    expect(exampleProblems.join('\n')).toMatch(
      new RegExp(
        `catalog\\.yaml:${exampleLine}:\\d+: example "reads a window without line numbers" input does not validate`,
      ),
    );

    const duplicate = catalogText.replace('      write_file:\n', '      read_file:\n');
    expect((await problemsFor(duplicate)).join('\n')).toMatch(/catalog\.yaml:\d+:\d+: .*(duplicate|unique)/i);

    const unknownField = catalogText.replace(
      '        idempotent: true\n',
      '        idempotent: true\n        colour: blue\n',
    );
    expect((await problemsFor(unknownField)).join('\n')).toMatch(/catalog\.yaml:\d+:\d+: unknown field "colour"/);
  });

  it('is deterministic: the same catalog gives byte-identical files', async () => {
    const first = await generate(catalogText, 'catalog.yaml');
    const second = await generate(catalogText, 'catalog.yaml');
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(second.files).toEqual(first.files);
      for (const file of first.files)
        expect(file.content.startsWith('// Generated from catalog.yaml — do not edit.')).toBe(true);
    }
  });
});

describe('codegen CLI (toolwright generate)', () => {
  async function copyProject(): Promise<string> {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'catalog.yaml'), catalogText);
    for (const sub of ['src/generated', 'test/generated']) {
      await mkdir(path.join(dir, sub), { recursive: true });
      await cp(path.join(projectRoot, sub), path.join(dir, sub), { recursive: true });
    }
    return dir;
  }
  /** The verb in-process (the same runGenerate the bin calls), in `cwd`. */
  const cli = async (
    cwd: string,
    args: { catalog?: string; check?: boolean; out?: string; tests?: string; handlers?: string },
  ) => {
    let stdout = '';
    let stderr = '';
    const code = await runGenerate(
      { handlers: 'src/handlers/index.ts', ...args },
      { cwd, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    );
    return { code, stdout, stderr };
  };

  it(
    '--check passes on a fresh copy, fails naming the stale file after a description edit, passes after regenerating',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await copyProject();
      expect((await cli(dir, { check: true })).code).toBe(0);
      await writeFile(
        path.join(dir, 'catalog.yaml'),
        catalogText.replace(
          'Read, create and edit text files inside the workspace.',
          'Read, create and edit text files (edited).',
        ),
      );
      const stale = await cli(dir, { check: true });
      expect(stale.code).toBe(1);
      expect(stale.stderr).toContain('src/generated/registry.ts');
      expect((await cli(dir, {})).code).toBe(0);
      expect((await cli(dir, { check: true })).code).toBe(0);
      // A generated file that is no longer generated is stale, and generating removes it.
      await writeFile(path.join(dir, 'test/generated/old.conformance.test.ts'), HEADER);
      const extra = await cli(dir, { check: true });
      expect(extra.code).toBe(1);
      expect(extra.stderr).toContain('test/generated/old.conformance.test.ts (no longer generated)');
      // A file without the generated header is the user's: never reported, never removed.
      await writeFile(path.join(dir, 'src/generated/mine.ts'), 'export const mine = 1;\n');
      expect((await cli(dir, {})).code).toBe(0);
      expect(await readFile(path.join(dir, 'src/generated/mine.ts'), 'utf8')).toBe('export const mine = 1;\n');
      await expect(readFile(path.join(dir, 'test/generated/old.conformance.test.ts'), 'utf8')).rejects.toThrow();
      expect((await cli(dir, { check: true })).code).toBe(0);
    },
  );

  it(
    'exits 1 with FILE:LINE:COL problems relative to the current folder and writes nothing for a broken catalog',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await copyProject();
      await mkdir(path.join(dir, 'catalogs'));
      const before = await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8');
      const broken = catalogText.replace('kind: resource', 'kind: banana');
      await writeFile(path.join(dir, 'catalogs/tools.yaml'), broken);
      const result = await cli(dir, { catalog: 'catalogs/tools.yaml' });
      expect(result.code).toBe(1);
      const line = lineOf(broken, 'kind: banana');
      expect(result.stderr).toMatch(new RegExp(`^catalogs/tools\\.yaml:${line}:\\d+: .*banana`, 'm'));
      expect(await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8')).toBe(before);
      expect((await cli(dir, { catalog: 'missing.yaml' })).code).toBe(2);
    },
  );

  it(
    '--out, --tests and --handlers place the files and the imports of the generated tests',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, 'catalog.yaml'), catalogText);
      const result = await cli(dir, { out: 'lib/gen', tests: 'spec/conformance', handlers: 'lib/my-handlers.ts' });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('lib/my-handlers.ts does not exist yet');
      const test = await readFile(path.join(dir, 'spec/conformance/filesystem.conformance.test.ts'), 'utf8');
      expect(test).toContain(`import { runConformance } from 'toolwright/testing';`);
      expect(test).toContain('import { handlers } from "../../lib/my-handlers.js";');
      expect(test).toContain('import { providers as registry } from "../../lib/gen/registry.js";');
      const registry = await readFile(path.join(dir, 'lib/gen/registry.ts'), 'utf8');
      expect(registry).toContain('from "toolwright"');
      expect(registry).not.toMatch(/\.\.\/runtime\//);
    },
  );

  // Every operation of the catalog four times over, in six providers (1,000 operations: the stress suite).
  it('handles a 120-operation catalog', { timeout: scaled(300_000) }, async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'big.yaml'), syntheticCatalog(path.join(projectRoot, 'catalog.yaml'), 120));
    const result = await cli(dir, { catalog: 'big.yaml' });
    expect(result.code, result.stderr).toBe(0);
    const registry = await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8');
    expect(registry.match(/: OperationDescriptor = \{/g)?.length).toBe(120);
  });

  it(
    'handles 3,000 trivial operations (validators are emitted per operation, not as one module)',
    { timeout: scaled(300_000) },
    async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, 'big.yaml'), trivialCatalog(3000));
      const result = await cli(dir, { catalog: 'big.yaml' });
      expect(result.code, result.stderr).toBe(0);
      const index = await readFile(path.join(dir, 'src/generated/validators.ts'), 'utf8');
      expect(
        index.match(
          /^ {2}"p\d+\.op_\d+": \{ params: (module\d+)\.validator\("op_\d+_params"\), result: \1\.validator\("op_\d+_result"\), load: \1\.load \},$/gm,
        )?.length,
      ).toBe(3000);
      // One module per operation, each importing its own file.
      expect(new Set(index.match(/import\("\.\/validators\/p\d+\.op_\d+\.js"\)/g)).size).toBe(3000);
      expect((await readdir(path.join(dir, 'src/generated/validators'))).length).toBe(3000);
      const { validators } = (await import(path.join(dir, 'src/generated/validators.ts'))) as {
        validators: Record<string, { params: (v: unknown) => boolean; load: () => Promise<void> | undefined }>;
      };
      await validators['p0149.op_02999']!.load();
      expect(validators['p0149.op_02999']!.params({ text: 'x' })).toBe(true);
      expect(validators['p0149.op_02999']!.params({ text: 1 })).toBe(false);
    },
  );

  it(
    '--out . generates into the project folder and keeps its files on the next run',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await tempDir();
      const { notesCatalog } = await import('../fixtures/notes-catalog.js');
      await writeFile(path.join(dir, 'catalog.yaml'), notesCatalog);
      expect((await cli(dir, { out: '.', tests: 'spec', handlers: 'handlers.ts' })).code).toBe(0);
      const again = await cli(dir, { out: '.', tests: 'spec', handlers: 'handlers.ts' });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/\(0 changed\)/);
      expect(await readFile(path.join(dir, 'types.ts'), 'utf8')).toContain('export interface NoteAddParams');
      expect((await cli(dir, { out: '.', tests: 'spec', handlers: 'handlers.ts', check: true })).code).toBe(0);
    },
  );
});
