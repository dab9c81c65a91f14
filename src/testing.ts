// `toolwright/testing`: the driver of the generated conformance tests (`toolwright generate
// --tests DIR`). The cases are data emitted from a catalog; runConformance turns them into vitest
// suites run against the real handlers. vitest is an optional peer: only this entry imports it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineProviders, type Provider, type Registry } from './runtime/toolkit/providers.js';
import { buildToolkit } from './runtime/toolkit/toolkit.js';
import type { ToolkitOptions } from './runtime/contract/types.js';
import { confinedPathProblem } from './conformance/fixture-paths.js';
import { inertText } from './runtime/text/control-text.js';
import { referenceCodeIntelligence } from './handlers/code/service.js';
import { readExpectedFile, writeFixture, type ExampleCase } from './conformance/fixtures.js';

export { writeFixture, type ExampleCase };

export interface OperationCase {
  id: string;
  provider: string;
  name: string;
  descriptor: Record<string, unknown>;
  probes: {
    missing: { field: string; input: Record<string, unknown> }[];
    wrongType: { field: string; input: Record<string, unknown> }[];
    /** Absent when the params schema accepts every undeclared name the generator tried. */
    unknown?: Record<string, unknown>;
    /** The undeclared property `unknown` adds, when not `not_a_declared_property`. */
    unknownField?: string;
  };
  examples: ExampleCase[];
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

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const keysWithin = (value: unknown, allowed: readonly string[]) =>
  isObj(value) && Object.keys(value).every((key) => allowed.includes(key));

/**
 * What an example's options may set, as the generator allows it (codegen example-options.ts): a
 * generated file can be edited, and an option naming a store, a host or a binary would make the
 * tests write, connect or run outside the example's workspace.
 */
const EXAMPLE_OPTIONS: Readonly<Record<string, (value: unknown) => boolean>> = {
  exec: (value) =>
    keysWithin(value, ['env', 'outputLimit', 'sandbox', 'bwrapPath']) &&
    (!('env' in (value as Obj)) ||
      (isObj((value as Obj).env) && Object.values((value as Obj).env as Obj).every((v) => typeof v === 'string'))) &&
    (!('outputLimit' in (value as Obj)) ||
      (Number.isInteger((value as Obj).outputLimit) && ((value as Obj).outputLimit as number) >= 1)) &&
    (!('sandbox' in (value as Obj)) ||
      ['none', 'workspace-write', 'read-only'].includes((value as Obj).sandbox as string)) &&
    (!('bwrapPath' in (value as Obj)) ||
      (typeof (value as Obj).bwrapPath === 'string' &&
        ((value as Obj).bwrapPath as string).startsWith('/nonexistent/') &&
        !((value as Obj).bwrapPath as string).includes('..'))),
  web: (value) =>
    keysWithin(value, ['allowHosts']) &&
    (!('allowHosts' in (value as Obj)) ||
      (Array.isArray((value as Obj).allowHosts) &&
        ((value as Obj).allowHosts as unknown[]).every((h) =>
          ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(h as string),
        ))),
  tasks: (value) => keysWithin(value, ['file']),
  policy: (value) => typeof value === 'string' || keysWithin(value, ['rules', 'default', 'extends']),
  user: (value) => keysWithin(value, ['answers', 'approve']),
  profile: (value) => Array.isArray(value) && value.every((entry) => typeof entry === 'string'),
  maxDepth: (value) => Number.isInteger(value) && (value as number) >= 0,
};

/** An example's toolkit options: only what examples may set; a task file must stay inside the workspace like a fixture. */
export function exampleOptions(example: Pick<ExampleCase, 'options'>): ToolkitOptions {
  const raw: unknown = example.options ?? {};
  if (!isObj(raw)) throw new Error('example options must be an object');
  for (const [key, value] of Object.entries(raw)) {
    const allowed = Object.hasOwn(EXAMPLE_OPTIONS, key) ? EXAMPLE_OPTIONS[key] : undefined;
    if (!allowed || !allowed(value))
      throw new Error(
        `example option ${key} is not allowed as given: examples may set only exec (env, outputLimit, sandbox mode, bwrapPath under /nonexistent/), web.allowHosts (loopback), tasks.file, policy, user, profile and maxDepth`,
      );
  }
  const options = raw as ToolkitOptions;
  const tasks = options.tasks as { file?: unknown } | undefined;
  if (tasks && typeof tasks === 'object' && 'file' in tasks) {
    const problem = confinedPathProblem(tasks.file);
    if (problem) throw new Error(`options.tasks.file ${problem}`);
  }
  return options;
}

/** What a generated conformance file passes: the catalog's registry, the user's handler map, the cases. */
export interface ConformanceSuite {
  /** The generated registry (`providers` of registry.ts, or the module). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any catalog's registry: `unknown` would refuse typed ones
  registry: Registry<any>;
  /** The handler map under test (the export `handlers` of `--handlers MODULE`). */
  handlers: object;
  /** The provider these cases are about. */
  provider: string;
  operations: OperationCase[];
}

type ConformanceOperation = ConformanceSuite['operations'][number];

/** One catalog example through `invoke` in a fresh workspace: its error, or its output, text and files. */
async function runExample(
  createToolkit: (options: ToolkitOptions) => ReturnType<typeof buildToolkit>,
  op: ConformanceOperation,
  example: ConformanceOperation['examples'][number],
): Promise<void> {
  await withWorkspace(async (root) => {
    await writeFixture(root, example.files);
    const toolkit = createToolkit({ ...exampleOptions(example), workspace: root });
    const result = await toolkit.invoke(op.provider, op.name, example.input).finally(() => toolkit.close());
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
      const actual = await readExpectedFile(root, relative);
      expect(actual, `file ${relative}`).toBe(content);
    }
  });
}

/**
 * Registers one vitest suite per operation: the descriptor matches the catalog, every required
 * param missing / wrong type / unknown property → INVALID_INPUT, and every example run through
 * `invoke` against the real handler in a fresh temporary workspace.
 */
export function runConformance(data: ConformanceSuite): void {
  // Composed once per file: a registry and handler map that do not match fail every case loudly.
  let providers: Provider[] | undefined;
  let composeError: unknown;
  try {
    providers = defineProviders(data.registry, data.handlers as never);
  } catch (error) {
    composeError = error;
  }
  const createToolkit = (options: ToolkitOptions) => {
    if (!providers) throw composeError;
    // Language servers for the code operations' examples; edits do not wait for them (what an edit
    // introduced is no part of an example's expectation).
    return buildToolkit({
      codeIntelligence: referenceCodeIntelligence,
      ...options,
      code: { editDiagnostics: false, ...options.code },
      providers,
    });
  };
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
            const schema = toolkit
              .getSchema()
              .find((p) => p.name === op.provider)!
              .operations.find((o) => o.name === op.name);
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
              // Error messages are inert text: a field name with a control or format character shows it escaped.
              expect(result.error.message).toContain(inertText(field));
            }
          });
        };
        for (const probe of op.probes.missing) {
          it(`missing required ${probe.field} → INVALID_INPUT`, () => expectInvalid(probe.input, probe.field));
        }
        for (const probe of op.probes.wrongType) {
          it(`wrong type for ${probe.field} → INVALID_INPUT`, () => expectInvalid(probe.input, probe.field));
        }
        const unknown = op.probes.unknown;
        if (unknown) {
          it('unknown property → INVALID_INPUT', () =>
            expectInvalid(unknown, op.probes.unknownField ?? 'not_a_declared_property'));
        }

        for (const example of op.examples) {
          it(`example: ${example.name}`, () => runExample(createToolkit, op, example));
        }
      });
    }
  });
}
