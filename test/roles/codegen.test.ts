// `role:` in a catalog: checked at its line and column, kept out of the schemas models see (so the
// exporters still produce strict schemas), emitted into the descriptors, and adding the codes the
// runtime answers for it to the operation's errors.
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { catalogOperations, toOpenAITools, createToolkit } from '../../src/index.js';
import { strictSchemaProblems, toStrictJsonSchema } from '../../src/adapters/schema.js';
import { tempDir } from '../support/helpers.js';

function catalog(properties: string, result = '            ok: { type: boolean }'): string {
  return `providers:
  box:
    description: A test provider.
    operations:
      box_op:
        title: Box op
        kind: resource
        risk: low
        idempotent: false
        open_world: false
        description: Does a thing.
        params:
          type: object
          additionalProperties: false
          properties:
${properties}
        result:
          type: object
          additionalProperties: false
          properties:
${result}
        errors: []
        examples:
          - name: runs
            input: {}
            expect: { output: {} }
`;
}

async function problems(text: string): Promise<string[]> {
  const outcome = await generate(text, 'box.yaml');
  return outcome.ok ? [] : outcome.problems;
}

describe('role declarations', () => {
  it('a wrong role, a role on the wrong type, or at the wrong depth is a located problem', async () => {
    const found = await problems(
      catalog(
        `            a: { type: string, role: paht }
            b: { type: integer, role: path }
            c: { type: array, items: { type: integer }, role: path }
            d: { type: boolean, role: secret }
            e:
              type: object
              additionalProperties: false
              properties:
                inner: { type: string, role: url }
                key: { type: string, role: secret }
            f: { type: array, items: { type: string }, role: command }`,
        `            ok: { type: boolean, role: content }`,
      ),
    );
    expect(found).toEqual([
      'box.yaml:16:38: role "paht" is not one of path, glob, command, url, secret, content, patch; did you mean "path"?',
      'box.yaml:17:39: role path needs a parameter of type string, or type array with string items; this one is of type integer',
      'box.yaml:18:63: role path needs a parameter of type string, or type array with string items; this one is of type array',
      'box.yaml:19:39: role secret needs a parameter of type string; this one is of type boolean',
      'box.yaml:24:46: role url may only be on a top-level parameter (a property of params); only secret and content may sit deeper',
      'box.yaml:26:62: role command needs a parameter of type string; this one is of type array',
      'box.yaml:31:40: role content is not a result role: only path may mark a field of the result (one the runtime hides when a path rule denies it)',
    ]);
  });

  it('is taken out of the schema, emitted into the descriptor, and adds the role codes to errors', async () => {
    const outcome = await generate(
      catalog(`            file: { type: string, role: path }
            files: { type: array, items: { type: string }, role: path }
            pattern: { type: string, role: glob }
            site: { type: string, role: url }
            rows:
              type: array
              items:
                type: object
                additionalProperties: false
                properties:
                  password: { type: [string, "null"], role: secret }
                  role: { type: string }`),
      'box.yaml',
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // schemas.ts holds one JSON text (read with JSON.parse); the schemas as that text says them.
    const schemasModule = outcome.files.find((f) => f.path.endsWith('schemas.ts'))!.content;
    const schemas = JSON.stringify(
      JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(schemasModule)![1]!) as string),
      null,
      2,
    );
    const registry = outcome.files.find((f) => f.path.endsWith('registry.ts'))!.content;
    expect(schemas).not.toMatch(/"role": "(path|glob|url|secret)"/);
    // A property that is *named* role stays a property.
    expect(schemas).toContain('"role": {');
    expect(registry).toContain(
      'roles: {"file":"path","files":"path","pattern":"glob","site":"url","rows":{"items":{"properties":{"password":"secret"}}}},',
    );
    expect(registry).toContain('errors: ["OUTSIDE_WORKSPACE", "INVALID_PATTERN", "BLOCKED_URL", "NETWORK_ERROR"],');
  });

  it('the reference catalog declares its roles, and its exported schemas stay strict', async () => {
    const roles = Object.fromEntries(catalogOperations.filter((op) => op.roles).map((op) => [op.name, op.roles]));
    expect(roles).toMatchObject({
      read_file: { path: 'path' },
      write_file: { path: 'path', content: 'content' },
      glob: { pattern: 'glob', path: 'path' },
      grep: { path: 'path', glob: 'glob' },
      bash: { command: 'command', cwd: 'path' },
      shell_read: { command: 'command', cwd: 'path' },
      web_fetch: { url: 'url' },
      multi_edit: { path: 'path', edits: { items: { properties: { old_str: 'content', new_str: 'content' } } } },
    });
    expect(roles.web_search).toBeUndefined();
    for (const op of catalogOperations) {
      expect(JSON.stringify(op.params), op.name).not.toContain('"role"');
      expect(strictSchemaProblems(toStrictJsonSchema(op.params)), op.name).toEqual([]);
    }
    const tools = toOpenAITools(createToolkit({ workspace: await tempDir() }));
    expect(JSON.stringify(tools)).not.toContain('"role":');
  });
});
