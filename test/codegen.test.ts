// The generator: catalog problems reported at catalog.yaml:LINE:COL, determinism, staleness checks.
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { syntheticCatalog } from '../bench/synthetic-catalog.js';
import { generate } from '../codegen/generate.js';
import { tempDir } from './helpers.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const projectRoot = path.resolve(import.meta.dirname, '..');
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
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^catalog\\.yaml:${line}:${col}: .*banana.*data_source, resource, interactive`)));
  });

  it('rejects a data_source that is not read_only', async () => {
    const broken = catalogText.replace(/(read_file:[\s\S]*?risk: )read_only/, '$1moderate');
    const problems = await problemsFor(broken);
    expect(problems.join('\n')).toMatch(/catalog\.yaml:\d+:\d+: a data_source operation must have risk read_only/);
  });

  it('rejects open objects, unknown error codes, invalid examples and duplicate names', async () => {
    const open = catalogText.replace(/(write_file:[\s\S]*?params:\n\s+type: object\n\s+)additionalProperties: false/, '$1additionalProperties: true');
    expect((await problemsFor(open)).join('\n')).toMatch(/write_file.*additionalProperties|catalog\.yaml:\d+:\d+: .*additionalProperties/);

    const unknownCode = catalogText.replace('errors: [NOT_FOUND, IS_DIRECTORY, NOT_DIRECTORY, BINARY_FILE, OUTSIDE_WORKSPACE, PERMISSION_DENIED, TOO_LARGE, UNSUPPORTED_CONTENT, TIMEOUT, STALE_FILE]', 'errors: [NOT_FOUND, NO_SUCH_CODE]');
    expect((await problemsFor(unknownCode)).join('\n')).toMatch(/unknown error code NO_SUCH_CODE/);

    const badExample = catalogText.replace('input: { path: src/a.ts, offset: 2, limit: 2, line_numbers: false }', 'input: { path: src/a.ts, limit: 0 }');
    const exampleProblems = await problemsFor(badExample);
    const exampleLine = lineOf(badExample, 'input: { path: src/a.ts, limit: 0 }');
    expect(exampleProblems.join('\n')).toMatch(new RegExp(`catalog\\.yaml:${exampleLine}:\\d+: example "reads a window without line numbers" input does not validate`));

    const duplicate = catalogText.replace('      write_file:\n', '      read_file:\n');
    expect((await problemsFor(duplicate)).join('\n')).toMatch(/catalog\.yaml:\d+:\d+: .*(duplicate|unique)/i);

    const unknownField = catalogText.replace('        idempotent: true\n', '        idempotent: true\n        colour: blue\n');
    expect((await problemsFor(unknownField)).join('\n')).toMatch(/catalog\.yaml:\d+:\d+: unknown field "colour"/);
  });

  it('is deterministic: the same catalog gives byte-identical files', async () => {
    const first = await generate(catalogText, 'catalog.yaml');
    const second = await generate(catalogText, 'catalog.yaml');
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(second.files).toEqual(first.files);
      for (const file of first.files) expect(file.content.startsWith('// Generated from catalog.yaml — do not edit.')).toBe(true);
    }
  });
});

describe('codegen CLI', () => {
  async function copyProject(): Promise<string> {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'catalog.yaml'), catalogText);
    for (const sub of ['src/generated', 'test/generated']) {
      await mkdir(path.join(dir, sub), { recursive: true });
      await cp(path.join(projectRoot, sub), path.join(dir, sub), { recursive: true });
    }
    return dir;
  }
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', tsxLoader, path.join(projectRoot, 'codegen/cli.ts'), ...args], { cwd: projectRoot }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('generate:check passes on a fresh copy, fails naming the stale file after a description edit, passes after regenerating', async () => {
    const dir = await copyProject();
    const catalog = path.join(dir, 'catalog.yaml');
    expect((await cli([catalog, '--check'])).code).toBe(0);
    await writeFile(catalog, catalogText.replace('Read, create and edit text files inside the workspace.', 'Read, create and edit text files (edited).'));
    const stale = await cli([catalog, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('src/generated/registry.ts');
    expect((await cli([catalog])).code).toBe(0);
    expect((await cli([catalog, '--check'])).code).toBe(0);
    // A file that is no longer generated is stale too.
    await writeFile(path.join(dir, 'test/generated/old.conformance.test.ts'), '// left over\n');
    const extra = await cli([catalog, '--check']);
    expect(extra.code).toBe(1);
    expect(extra.stderr).toContain('old.conformance.test.ts (no longer generated)');
  }, 60_000);

  it('exits 1 with LINE:COL problems and writes nothing for a broken catalog', async () => {
    const dir = await copyProject();
    const catalog = path.join(dir, 'catalog.yaml');
    const before = await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8');
    await writeFile(catalog, catalogText.replace('kind: resource', 'kind: banana'));
    const result = await cli([catalog]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/catalog\.yaml:\d+:\d+: .*banana/);
    expect(await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8')).toBe(before);
  }, 60_000);

  it('handles a catalog path argument and a 1,000-operation catalog', async () => {
    const dir = await tempDir();
    const catalog = path.join(dir, 'big.yaml');
    await writeFile(catalog, syntheticCatalog(path.join(projectRoot, 'catalog.yaml'), 1000));
    const result = await cli([catalog, '--out', dir]);
    expect(result.code, result.stderr).toBe(0);
    const registry = await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8');
    expect(registry.match(/: OperationDescriptor = \{/g)?.length).toBe(1000);
  }, 120_000);
});
