// Hostile catalogs that the generator accepted and that then cost the host (a regex or uniqueItems
// run past the bound credited to it, a quadratic format, a string alias bomb, a walk per anchor
// reference, a validator too big for the stack) or made the generated tests misbehave (example
// options reaching outside the workspace, probes the catalog's own schema accepts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { schemaRefProblems } from '../../codegen/src/schema-refs.js';
import type { OperationDescriptor, ProviderDescriptor } from '../../src/index.js';
import { exampleOptions } from '../../src/testing.js';
import { builtCli } from '../support/built-cli.js';
import { catalog, diagnostics, operation, paramsWith, project, run } from '../support/generate-bin.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };
const FILE = 'catalog.yaml';

async function problemsFor(text: string): Promise<string[]> {
  const outcome = await generate(text, FILE, layout);
  return outcome.ok ? [] : outcome.problems;
}

/** `catalog.yaml:LINE:COL` of `needle` (plus `shift` columns), the nth occurrence. */
function at(text: string, needle: string, shift = 0, nth = 0): string {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`not in the catalog: ${needle}`);
  const before = text.slice(0, offset).split('\n');
  return `${FILE}:${before.length}:${before.at(-1)!.length + 1 + shift}`;
}

/** The echo operation's params validator, from a catalog generated into a fresh folder. */
async function paramsValidator(text: string): Promise<OperationDescriptor['validateParams']> {
  const outcome = await generate(text, FILE, layout);
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  const dir = await tempDir();
  for (const file of outcome.files) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.content);
  }
  const { providers } = (await import(path.join(dir, 'src/generated/registry.ts'))) as {
    providers: readonly ProviderDescriptor[];
  };
  const op = providers[0]!.operations[0]!;
  await op.loadValidators!();
  return op.validateParams;
}

describe('expensive keywords run only within the bound credited to them', () => {
  it('pattern, format and uniqueItems stop where maxLength/maxItems already failed, and run within them', async () => {
    const validate = await paramsValidator(
      catalog(
        operation(
          'echo',
          paramsWith([
            's: { type: string, maxLength: 200, pattern: "^a*a*a*b$" }',
            'e: { type: string, maxLength: 20, format: email }',
            'u: { type: array, maxItems: 3, uniqueItems: true, items: { type: object, additionalProperties: false, properties: { a: { type: integer } } } }',
          ]),
        ),
      ),
    );
    const keywords = () => (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
    expect(validate({ text: 'x', s: `${'a'.repeat(300)}!` })).toBe(false);
    expect(keywords()).toEqual(['/s maxLength']);
    expect(validate({ text: 'x', e: `${'x'.repeat(30)}` })).toBe(false);
    expect(keywords()).toEqual(['/e maxLength']);
    expect(validate({ text: 'x', u: [{}, {}, {}, {}, {}] })).toBe(false);
    expect(keywords()).toEqual(['/u maxItems']);
    // Within the bounds each still checks (all errors reported, as before).
    expect(validate({ text: 'x', s: 'aac', e: 'nope', u: [{}, {}] })).toBe(false);
    expect(keywords()).toEqual(['/s pattern', '/e format', '/u uniqueItems']);
    expect(validate({ text: 'x', s: 'aab', e: 'a@b.co', u: [{ a: 1 }, {}] })).toBe(true);
  });

  it('refuses uniqueItems over items that are not all scalars without a small enough maxItems, at uniqueItems', async () => {
    const text = catalog(
      operation(
        'echo',
        paramsWith([
          'a: { type: array, uniqueItems: true, items: { type: object, additionalProperties: false } }',
          'b: { type: array, maxItems: 100000, uniqueItems: true }',
          'c: { type: array, uniqueItems: true, items: { type: string } }',
          'd: { type: array, maxItems: 100, uniqueItems: true, items: { type: array } }',
        ]),
      ),
    );
    const problems = await problemsFor(text);
    expect(problems).toHaveLength(1);
    expect(
      problems[0]!.startsWith(
        `${at(text, 'uniqueItems', 'uniqueItems: '.length)}: params: uniqueItems compares every pair`,
      ),
      problems[0],
    ).toBe(true);
    expect(problems[0]).toContain('maxItems ≤ 3162');
    const second = text.replace(
      'a: { type: array, uniqueItems: true, items: { type: object, additionalProperties: false } }',
      'a: { type: array }',
    );
    const again = await problemsFor(second);
    expect(again).toHaveLength(1);
    expect(again[0]!.startsWith(`${at(second, 'uniqueItems', 'uniqueItems: '.length)}: `), again[0]).toBe(true);
  });
});

describe('format regexes are held to the pattern rule', () => {
  it(
    'refuses format url without a small enough maxLength, at the format, suggesting uri',
    { timeout: scaled(60_000) },
    async () => {
      const text = catalog(operation('echo', paramsWith(['site: { type: string, format: url }'])));
      const problems = await problemsFor(text);
      expect(problems).toHaveLength(1);
      expect(
        problems[0]!.startsWith(`${at(text, 'format: url', 'format: '.length)}: params: format "url" `),
        problems[0],
      ).toBe(true);
      expect(problems[0]).toContain('format "uri"');
      // uri and the regex formats the analyser passes stay allowed without a bound.
      expect(
        await problemsFor(
          catalog(
            operation(
              'echo',
              paramsWith(['site: { type: string, format: uri }', 'ip: { type: string, format: ipv4 }']),
            ),
          ),
        ),
      ).toEqual([]);
    },
  );
});

describe('YAML aliases', () => {
  it('refuses a long string aliased many times, at the alias where the text passes the limit', async () => {
    const long = 'x'.repeat(20_000);
    const props = Array.from({ length: 1_000 }, (_, i) => `p${i}: { type: string, description: *s }`);
    const text = catalog(
      operation('echo', {
        ...paramsWith(props),
        params: paramsWith(props).params.replace(
          'text: { type: string }',
          `text: { type: string, description: &s "${long}" }`,
        ),
      }),
    );
    const problems = await problemsFor(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^catalog\.yaml:\d+:\d+: YAML aliases expand the catalog to [\d,]+ characters of text/);
    const line = Number(problems[0]!.split(':')[1]);
    expect(text.split('\n')[line - 1]).toContain('*s');
  });
});

describe('$ref to an anchor', () => {
  it('finds anchors from an index built once per schema, not a walk per reference', () => {
    let walks = 0;
    const watched = new Proxy(
      { type: 'string' },
      {
        ownKeys(target) {
          walks++;
          return Reflect.ownKeys(target);
        },
      },
    );
    const properties: Record<string, unknown> = { watched };
    for (let i = 0; i < 200; i++) properties[`p${i}`] = { $ref: '#x' };
    const root = {
      type: 'object',
      additionalProperties: false,
      $defs: { x: { $anchor: 'x', type: 'string' } },
      properties,
    };
    expect(schemaRefProblems(root, [])).toEqual([]);
    expect(walks).toBeLessThan(10);
  });
});

describe('a schema too big for its validator', () => {
  it('is a located catalog problem, not an internal error', { timeout: scaled(180_000) }, async () => {
    const props = Array.from({ length: 2_000 }, (_, i) => `p${i}: { $ref: "#/$defs/x" }`);
    const spec = paramsWith(props);
    const text = catalog(
      operation('echo', { params: `${spec.params}\n          $defs: { x: { $anchor: x, type: string } }` }),
    );
    const dir = await project(text);
    // A small stack stands for a big schema: the overflow is the same, at a size a test can afford.
    const { code, stderr } = await run(process.execPath, ['--stack-size=100', builtCli(), 'generate'], {
      cwd: dir,
      maxBuffer: 1 << 24,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(stderr).not.toContain('internal error');
    expect(code).toBe(1);
    expect(diagnostics(stderr)).toEqual([
      expect.stringMatching(
        new RegExp(`^${at(text, 'type: object').replace(/\./g, '\\.')}: params: this schema is too large to validate`),
      ),
    ]);
  });
});

describe('example options', () => {
  const withOptions = (options: string) =>
    catalog(
      operation('echo', {
        examples: [
          '        examples:',
          '          - name: echoes',
          `            options: ${options}`,
          '            input: { text: hi }',
          '            expect: { output: { text: hi } }',
        ].join('\n'),
      }),
    );

  const refused: [string, string][] = [
    ['{ store: /tmp/x }', 'store'],
    ['{ store: "postgres://evil@127.0.0.1:55432/exfil" }', 'store'],
    ['{ web: { allowHosts: ["evil.example"] } }', 'allowHosts'],
    ['{ web: { allowPrivateNetwork: true } }', 'allowPrivateNetwork'],
    ['{ exec: { bwrapPath: /bin/sh } }', 'bwrapPath'],
    ['{ exec: { sandbox: { mode: none, network: true } } }', 'sandbox'],
    ['{ workspace: / }', 'workspace'],
  ];
  for (const [options, key] of refused) {
    it(`refuses ${options}, at ${key}`, async () => {
      const text = withOptions(options);
      const problems = await problemsFor(text);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.startsWith(`${at(text, `${key}:`)}: example option `), problems[0]).toBe(true);
      // And the conformance driver refuses it too.
      const store = options.match(/store: "?([^"}]+)/)?.[1]?.trim();
      if (store) expect(() => exampleOptions({ options: { store } })).toThrow(/not allowed/);
    });
  }

  it('accepts what the reference catalog sets', async () => {
    const allowed = [
      '{ exec: { env: { GREETING: "hi there" }, outputLimit: 200 } }',
      '{ exec: { sandbox: read-only, bwrapPath: /nonexistent/bwrap } }',
      '{ web: { allowHosts: ["127.0.0.1"] } }',
      '{ tasks: { file: .toolwright/tasks.json } }',
      '{ policy: { rules: [{ operation: "task_*", decision: ask }] }, user: { approve: true } }',
      '{ policy: readOnly, profile: ["filesystem.*"], maxDepth: 0, user: { answers: [null] } }',
    ];
    for (const options of allowed) expect(await problemsFor(withOptions(options)), options).toEqual([]);
    expect(exampleOptions({ options: { exec: { outputLimit: 200 }, profile: ['x.*'] } })).toEqual({
      exec: { outputLimit: 200 },
      profile: ['x.*'],
    });
  });
});

describe('conformance probes', () => {
  /** The probes the generated conformance test holds for the echo operation. */
  async function probes(text: string) {
    const outcome = await generate(text, FILE, layout);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    const content = outcome.files.find((f) => f.path.endsWith('.conformance.test.ts'))!.content;
    const data = content.slice(content.indexOf('handlers,') + 'handlers,'.length, content.lastIndexOf('});'));
    return (JSON.parse(`{${data}}`) as { operations: { probes: Record<string, unknown> }[] }).operations[0]!.probes as {
      missing: { field: string; input: Record<string, unknown> }[];
      wrongType: { field: string; input: Record<string, unknown> }[];
      unknown?: Record<string, unknown>;
      unknownField?: string;
    };
  }

  it('refuses a default on a required property, at the default', async () => {
    const text = catalog(
      operation('echo', {
        params: paramsWith([]).params.replace('text: { type: string }', 'text: { type: string, default: hi }'),
      }),
    );
    const problems = await problemsFor(text);
    expect(problems).toHaveLength(1);
    expect(
      problems[0]!.startsWith(`${at(text, 'default: hi')}: a required property cannot have a default`),
      problems[0],
    ).toBe(true);
  });

  it('every probe is one the params validator refuses: another wrong value, another unknown name', async () => {
    const text = catalog(
      operation('echo', paramsWith(['mode: { enum: [987654321, "a"] }', 'not_a_declared_property: { type: boolean }'])),
    );
    const probe = await probes(text);
    const validate = await paramsValidator(text);
    const inputs = [
      ...probe.missing.map((p) => p.input),
      ...probe.wrongType.map((p) => p.input),
      ...(probe.unknown ? [probe.unknown] : []),
    ];
    for (const input of inputs) expect(validate(structuredClone(input)), JSON.stringify(input)).toBe(false);
    expect(probe.wrongType.map((p) => p.field)).toEqual(['text', 'mode', 'not_a_declared_property']);
    expect(probe.wrongType[1]!.input.mode).not.toBe(987654321);
    expect(probe.unknownField).toBe('not_a_declared_property_1');
  });
});
