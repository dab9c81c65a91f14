// `toolwright schema|call|mcp --provider MODULE` (repeatable) and the `generate` verb of the bin.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCodegen } from '../../src/cli/generate.js';
import { builtCli } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { cli } from '../support/cli.js';
import { scaled } from '../support/time.js';

const run = promisify(execFile);

/**
 * A plain-JS provider module (what a third party's build emits), with one tool `name`; its `who`
 * param may declare a role.
 */
function providerModule(provider: string, name: string, whoRole?: string): string {
  const schema = { type: 'object', additionalProperties: false, properties: { who: { type: 'string' } } };
  return `
const check = (value) => typeof value === 'object' && value !== null && (value.who === undefined || typeof value.who === 'string');
check.errors = null;
const ok = () => true;
const op = {
  id: ${JSON.stringify(`${provider}.${name}`)}, provider: ${JSON.stringify(provider)}, name: ${JSON.stringify(name)},
  title: 'Say hello', kind: 'data_source', risk: 'read_only', idempotent: true, openWorld: false,
  description: 'Greets.', params: ${JSON.stringify(schema)}, result: { type: 'object' }, errors: [],${whoRole ? ` roles: { who: ${JSON.stringify(whoRole)} },` : ''}
  validateParams: check, validateResult: ok,
};
export const providers = [{ name: ${JSON.stringify(provider)}, description: 'Greetings.', operations: [op],
  handlers: { ${name}: async (params) => ({ greeting: 'hello ' + (params.who ?? 'world') }) } }];
`;
}

describe('--provider MODULE', () => {
  it("schema and call serve the module's providers beside the reference ones; repeatable", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'hello.mjs'), providerModule('hello', 'say_hello'));
    await writeFile(path.join(dir, 'bye.mjs'), providerModule('bye', 'say_bye'));
    const mods = ['--provider', path.join(dir, 'hello.mjs'), '--provider', path.join(dir, 'bye.mjs')];
    const schema = await cli(['schema', '-w', dir, ...mods]);
    expect(schema.code, schema.err).toBe(0);
    expect(schema.out).toMatch(/^ {2}say_hello\s+data_source\s+read_only/m);
    expect(schema.out).toMatch(/^ {2}say_bye\s+data_source/m);
    expect(schema.out).toMatch(/^ {2}read_file\s+data_source/m);
    const called = await cli(['call', 'say_hello', '{"who":"ada"}', '--json', '-w', dir, ...mods]);
    expect(called.code, called.err).toBe(0);
    expect(JSON.parse(called.out).output).toEqual({ greeting: 'hello ada' });
    const invalid = await cli(['call', 'say_hello', '{"who":5}', '-w', dir, ...mods]);
    expect(invalid.code).toBe(1);
  });

  it("schema shows a module's catalog text inert: its titles and descriptions carry no control sequence", async () => {
    const dir = await tempDir();
    const hostile = providerModule('hello', 'say_hello')
      .replace("'Say hello'", JSON.stringify('Say \u001b[2Jhello\u202e'))
      .replace("'Greets.'", JSON.stringify('Greets.\u001b]8;;http://evil\u0007link\u2028'));
    await writeFile(path.join(dir, 'hostile.mjs'), hostile);
    for (const json of [false, true]) {
      const shown = await cli([
        'schema',
        ...(json ? ['--json'] : []),
        '-w',
        dir,
        '--provider',
        path.join(dir, 'hostile.mjs'),
      ]);
      const one = await cli([
        'schema',
        'say_hello',
        ...(json ? ['--json'] : []),
        '-w',
        dir,
        '--provider',
        path.join(dir, 'hostile.mjs'),
      ]);
      for (const result of [shown, one]) {
        expect(result.code, result.err).toBe(0);
        for (const raw of ['\u001b', '\u0007', '\u202e', '\u2028'])
          expect(result.out.includes(raw), `${json} ${raw}`).toBe(false);
      }
      expect(one.out).toContain(json ? '\\u001b' : '\\u001b[2J');
    }
  });

  it('a module without providers, a missing module and a clashing tool name are usage errors (exit 2)', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'none.mjs'), 'export const something = 1;\n');
    await writeFile(path.join(dir, 'wrong.mjs'), 'export const providers = [{ name: "x" }];\n');
    await writeFile(path.join(dir, 'clash.mjs'), providerModule('files2', 'read_file'));
    const none = await cli(['schema', '--provider', path.join(dir, 'none.mjs')]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('has no `providers` export (it exports: something)');
    const missing = await cli(['schema', '--provider', path.join(dir, 'nope.mjs')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no such file');
    const wrong = await cli(['call', 'read_file', '{}', '--provider', path.join(dir, 'wrong.mjs')]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('must be the Provider[]');
    const clash = await cli(['schema', '--provider', path.join(dir, 'clash.mjs')]);
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('tool name "read_file" is declared by both filesystem.read_file and files2.read_file');
  });
});

describe('policy check|test --provider MODULE', () => {
  const POLICY = `default: ask
rules:
  - operation: say_hello
    path: ["secrets/**"]
    decision: deny
    reason: secrets stay private
    examples: { match: ["secrets/key.txt"], not_match: ["notes/a.txt"] }
  - provider: hello
    decision: allow
`;

  it("explains a decision on the module's operations, path rules on its roles included", async () => {
    const dir = await tempDir();
    const module = path.join(dir, 'hello.mjs');
    await writeFile(module, providerModule('hello', 'say_hello', 'path'));
    const policy = path.join(dir, 'policy.yaml');
    await writeFile(policy, POLICY);
    const check = (input: object, ...extra: string[]) =>
      cli([
        'policy',
        'check',
        '--policy',
        policy,
        '-w',
        dir,
        '--provider',
        module,
        ...extra,
        'say_hello',
        JSON.stringify(input),
      ]);

    const denied = await check({ who: 'secrets/key.txt' });
    expect(denied.code, denied.err).toBe(1);
    expect(denied.out).toMatch(/^decision: deny$/m);
    // Rules are counted from 1, as the docs count them.
    expect(denied.out).toMatch(/^rule: rule 1: operation="say_hello" path=\["secrets\/\*\*"\] → deny$/m);
    expect(denied.out).toMatch(/^reason: secrets stay private$/m);
    const allowed = await check({ who: 'notes/a.txt' });
    expect(allowed.code, allowed.err).toBe(0);
    expect(allowed.out).toMatch(/^rule: rule 2: provider="hello" → allow$/m);
    // The decision object keeps the rule's index (from 0).
    expect(JSON.parse((await check({ who: 'secrets/key.txt' }, '--json')).out)).toMatchObject({
      decision: 'deny',
      rule: 0,
    });
    // A reference operation is still decided beside it.
    const reference = await cli([
      'policy',
      'check',
      '--policy',
      policy,
      '-w',
      dir,
      '--provider',
      module,
      'read_file',
      '{"path":"a.txt"}',
    ]);
    expect(reference.out).toMatch(/^rule: default \(ask\)$/m);
    // A near miss of the module's tool name is told the nearest.
    const typo = await cli(['policy', 'check', '--policy', policy, '--provider', module, 'say_helo', '{}']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('did you mean "say_hello"?');
  });

  it('without --provider a rule about the operation matches nothing (usage error); policy test takes --provider', async () => {
    const dir = await tempDir();
    const module = path.join(dir, 'hello.mjs');
    await writeFile(module, providerModule('hello', 'say_hello', 'path'));
    const policy = path.join(dir, 'policy.yaml');
    await writeFile(policy, POLICY);
    const without = await cli(['policy', 'check', '--policy', policy, 'say_hello', '{}']);
    expect(without.code).toBe(2);
    expect(without.err).toMatch(/policy\.yaml:3:16: policy rule 1: no operation matches "say_hello"/);
    const tested = await cli(['policy', 'test', policy, '--provider', module]);
    expect(tested.code, tested.err).toBe(0);
    expect(tested.out).toMatch(/^ok\s+rule 1 match\[0\] "secrets\/key\.txt"$/m);
    expect(tested.out).toMatch(/^ok\s+rule 1 not_match\[0\] "notes\/a\.txt"$/m);
    expect(tested.out).toMatch(/^2 examples, 0 failed$/m);
    const missing = await cli(['policy', 'test', policy, '--provider', path.join(dir, 'nope.mjs')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no such file');
  });
});

describe('toolwright generate (the bin verb)', () => {
  it(
    'generates a third-party project from the current folder, and --check passes after',
    { timeout: scaled(120_000) },
    async () => {
      const dir = await tempDir();
      const { notesCatalog } = await import('../fixtures/notes-catalog.js');
      await mkdir(path.join(dir, 'src'), { recursive: true });
      await writeFile(path.join(dir, 'catalog.yaml'), notesCatalog);
      const bin = (args: string[]) =>
        run(process.execPath, [builtCli(), ...args], {
          cwd: dir,
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => ({
            code: error.code,
            stdout: error.stdout,
            stderr: error.stderr,
          }),
        );
      const first = await bin(['generate']);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/generated 8 files from catalog\.yaml/);
      expect(await readFile(path.join(dir, 'test/generated/notes.conformance.test.ts'), 'utf8')).toContain(
        'from "../../src/handlers.js"',
      );
      expect((await bin(['generate', '--check'])).code).toBe(0);
      await writeFile(path.join(dir, 'catalog.yaml'), notesCatalog.replace('kind: resource', 'kind: banana'));
      const broken = await bin(['generate', '--check']);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/^catalog\.yaml:\d+:\d+: .*banana/m);
    },
  );

  it('loads the generator only at its own version, and names what to install otherwise', async () => {
    const fromSource = await loadCodegen('0.1.0');
    expect(typeof fromSource === 'object' && fromSource.version).toBe('0.1.0');
    expect(await loadCodegen('0.1.0', '@toolwright/codegen-nowhere')).toBe(
      "toolwright generate needs the generator, which is not installed: npm install --save-dev @toolwright/codegen@0.1.0 (where it is not published: the toolwright-codegen-0.1.0.tgz packed with toolwright's)",
    );
    const dir = await tempDir();
    const other = path.join(dir, 'other-codegen.mjs');
    await writeFile(other, 'export const version = "0.2.0";\nexport async function runGenerate() { return 0; }\n');
    expect(await loadCodegen('0.1.0', pathToFileURL(other).href)).toBe(
      "toolwright 0.1.0 needs @toolwright/codegen 0.1.0, but 0.2.0 is installed: npm install --save-dev @toolwright/codegen@0.1.0 (where it is not published: the toolwright-codegen-0.1.0.tgz packed with toolwright's)",
    );
    // A module the generator itself fails to load is its failure, not a missing generator.
    const broken = path.join(dir, 'broken-codegen.mjs');
    await writeFile(broken, 'import "@toolwright/codegen-dependency-nowhere";\n');
    await expect(loadCodegen('0.1.0', pathToFileURL(broken).href)).rejects.toThrow(/codegen-dependency-nowhere/);
  });
});
