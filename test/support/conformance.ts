// Driver for the generated conformance tests (test/generated/*.conformance.test.ts): the cases
// are data emitted from catalog.yaml; this file turns them into vitest suites.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOptions } from '../../src/index.js';

type Fixture = string | { symlink: string } | { base64: string } | { dir: true };

interface ExampleCase {
  name: string;
  files?: Record<string, Fixture>;
  options?: Record<string, unknown>;
  input: Record<string, unknown>;
  expect: { output?: Record<string, unknown>; error?: string; text_contains?: string; files?: Record<string, string | null> };
}

interface OperationCase {
  id: string;
  provider: string;
  name: string;
  descriptor: Record<string, unknown>;
  probes: {
    missing: { field: string; input: Record<string, unknown> }[];
    wrongType: { field: string; input: Record<string, unknown> }[];
    unknown: Record<string, unknown>;
  };
  examples: ExampleCase[];
}

export async function writeFixture(root: string, files: Record<string, Fixture> = {}): Promise<void> {
  for (const [relative, spec] of Object.entries(files)) {
    const target = path.join(root, relative);
    await mkdir(path.dirname(target), { recursive: true });
    if (typeof spec === 'string') await writeFile(target, spec);
    else if ('symlink' in spec) await symlink(spec.symlink, target);
    else if ('base64' in spec) await writeFile(target, Buffer.from(spec.base64, 'base64'));
    else await mkdir(target, { recursive: true });
  }
}

/** `actual` contains `expected`: objects recursively, arrays of the same length elementwise. */
export function expectSubset(actual: unknown, expected: unknown, where = 'output'): void {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      expect(Array.isArray(actual), `${where} should be an array`).toBe(true);
      expect((actual as unknown[]).length, `${where}.length`).toBe(expected.length);
      expected.forEach((item, i) => expectSubset((actual as unknown[])[i], item, `${where}[${i}]`));
      return;
    }
    expect(actual !== null && typeof actual === 'object', `${where} should be an object`).toBe(true);
    for (const [key, value] of Object.entries(expected)) {
      expectSubset((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
    }
    return;
  }
  expect(actual, where).toEqual(expected);
}

async function withWorkspace<T>(run: (root: string) => Promise<T>): Promise<T> {
  const root = await mkdtemp(path.join(tmpdir(), 'toolwright-conformance-'));
  try {
    return await run(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export function runConformance(data: { provider: string; operations: OperationCase[] }): void {
  describe(`conformance: ${data.provider}`, () => {
    for (const op of data.operations) {
      describe(op.id, () => {
        it('registry descriptor matches catalog.yaml', async () => {
          await withWorkspace(async (root) => {
            const toolkit = createToolkit({ workspace: root, listAll: true }); // also what cannot work here (no kernel, search or user)
            const descriptor = toolkit.find(op.id);
            expect(descriptor, `${op.id} is registered`).toBeDefined();
            expect(descriptor!.provider).toBe(op.provider);
            expect(descriptor!.name).toBe(op.name);
            for (const [key, value] of Object.entries(op.descriptor)) {
              expect((descriptor as unknown as Record<string, unknown>)[key], key).toEqual(value);
            }
            const schema = toolkit.getSchema().find((p) => p.name === op.provider)!.operations.find((o) => o.name === op.name);
            expect(schema?.kind).toBe(op.descriptor.kind);
            expect(schema?.risk).toBe(op.descriptor.risk);
          });
        });

        const expectInvalid = async (input: Record<string, unknown>, field: string) => {
          await withWorkspace(async (root) => {
            const result = await createToolkit({ workspace: root }).invoke(op.provider, op.name, input);
            expect(result.ok).toBe(false);
            if (!result.ok) {
              expect(result.error.code).toBe('INVALID_INPUT');
              expect(result.error.message).toContain(field);
            }
          });
        };
        for (const probe of op.probes.missing) {
          it(`missing required ${probe.field} → INVALID_INPUT`, () => expectInvalid(probe.input, probe.field));
        }
        for (const probe of op.probes.wrongType) {
          it(`wrong type for ${probe.field} → INVALID_INPUT`, () => expectInvalid(probe.input, probe.field));
        }
        it('unknown property → INVALID_INPUT', () => expectInvalid(op.probes.unknown, 'not_a_declared_property'));

        for (const example of op.examples) {
          it(`example: ${example.name}`, async () => {
            await withWorkspace(async (root) => {
              await writeFixture(root, example.files);
              const toolkit = createToolkit({ ...(example.options as ToolkitOptions | undefined), workspace: root });
              const result = await toolkit.invoke(op.provider, op.name, example.input);
              if (example.expect.error) {
                expect(result.ok ? `ok: ${result.text}` : result.error.code, result.text).toBe(example.expect.error);
              } else {
                expect(result.ok, result.ok ? '' : result.text).toBe(true);
                if (result.ok) {
                  const descriptor = toolkit.find(op.id)!;
                  expect(descriptor.validateResult(result.output), 'output matches the result schema').toBe(true);
                  if (example.expect.output) expectSubset(result.output, example.expect.output);
                }
              }
              if (example.expect.text_contains) expect(result.text).toContain(example.expect.text_contains);
              for (const [relative, content] of Object.entries(example.expect.files ?? {})) {
                const actual = await readFile(path.join(root, relative), 'utf8').catch(() => null);
                expect(actual, `file ${relative}`).toBe(content);
              }
            });
          });
        }
      });
    }
  });
}
