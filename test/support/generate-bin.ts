// Helpers of the hostile-catalog tests: `toolwright generate` as a child process (the bin, built
// from the current sources by the tests' global setup), and small catalogs written so that each
// line's position is known.
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { builtCli } from './built-cli.js';
import { tempDir } from './helpers.js';

export const run = promisify(execFile);

/** `toolwright generate ARGS` in `cwd`. */
export async function generate(
  cwd: string,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [builtCli(), 'generate', ...args], { cwd, maxBuffer: 1 << 24 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/** The diagnostic lines of a failed run (the summary after the blank line left out). */
export function diagnostics(stderr: string): string[] {
  return stderr.split('\n\n')[0]!.split('\n').filter(Boolean);
}

/** `FILE:LINE:COL` of the first occurrence of `needle` in `text` (plus `shift` columns). */
export function at(text: string, needle: string, shift = 0, file = 'catalog.yaml'): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`not in the catalog: ${needle}`);
  const before = text.slice(0, offset).split('\n');
  return `${file}:${before.length}:${before.at(-1)!.length + 1 + shift}`;
}

export interface OpSpec {
  params?: string;
  result?: string;
  examples?: string;
  errors?: string;
}

/** One operation, its parts as YAML lines at the operation's indentation (8 spaces). */
export function operation(name: string, spec: OpSpec = {}): string {
  return [
    `      ${name}:`,
    '        title: Echo',
    '        kind: data_source',
    '        risk: read_only',
    '        idempotent: true',
    '        open_world: false',
    '        description: Echo the text back.',
    spec.params ??
      [
        '        params:',
        '          type: object',
        '          additionalProperties: false',
        '          required: [text]',
        '          properties:',
        '            text: { type: string }',
      ].join('\n'),
    spec.result ??
      [
        '        result:',
        '          type: object',
        '          additionalProperties: false',
        '          properties:',
        '            text: { type: string }',
      ].join('\n'),
    // `errors: []` by default, so that the generator before this one reads these catalogs too.
    ...(spec.errors === undefined ? ['        errors: []'] : spec.errors ? [spec.errors] : []),
    spec.examples ??
      [
        '        examples:',
        '          - name: echoes',
        '            input: { text: hi }',
        '            expect: { output: { text: hi } }',
      ].join('\n'),
  ].join('\n');
}

export function catalog(...operations: string[]): string {
  return ['providers:', '  demo:', '    description: A demo provider.', '    operations:', ...operations, ''].join(
    '\n',
  );
}

/** A project folder holding `text` as catalog.yaml. */
export async function project(text: string): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'catalog.yaml'), text);
  return dir;
}

export async function listTree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

/** The params of `operation`'s default echo with more properties (YAML lines, at property depth). */
export function paramsWith(props: readonly string[]): { params: string } {
  return {
    params: [
      '        params:',
      '          type: object',
      '          additionalProperties: false',
      '          required: [text]',
      '          properties:',
      '            text: { type: string }',
      ...props.map((p) => `            ${p}`),
    ].join('\n'),
  };
}
