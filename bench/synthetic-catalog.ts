// A synthetic catalog of N operations (copies of the real operations' shapes under new names), to
// measure and test the generator at scale. Each copy's params and result carry a description of
// their own, so no two schemas are identical (the generator compiles an identical schema once).
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

export function syntheticCatalog(catalogPath: string, operationCount: number, perProvider = 20): string {
  const real = parse(readFileSync(catalogPath, 'utf8')) as {
    errors: Record<string, string>;
    common_errors?: string[];
    providers: Record<string, { description: string; operations: Record<string, unknown> }>;
  };
  const templates = Object.values(real.providers).flatMap((p) => Object.entries(p.operations));
  const providers: Record<string, { description: string; operations: Record<string, unknown> }> = {};
  for (let i = 0; i < operationCount; i++) {
    const providerName = `synthetic_${String(Math.floor(i / perProvider)).padStart(3, '0')}`;
    const [name, template] = templates[i % templates.length]!;
    const opName = `${name}_${String(i).padStart(4, '0')}`;
    // Aliases stand for one operation each: a copy keeps none of its template's.
    const { aliases: _aliases, ...op } = template as { params: object; result: object; aliases?: string[] };
    providers[providerName] ??= { description: `Synthetic provider ${providerName}.`, operations: {} };
    providers[providerName].operations[opName] = {
      ...op,
      params: { ...op.params, description: `Parameters of ${opName}.` },
      result: { ...op.result, description: `Result of ${opName}.` },
    };
  }
  return stringify(
    { common_errors: real.common_errors, errors: real.errors, providers },
    { aliasDuplicateObjects: false },
  );
}

/** N operations of the smallest shape (one string param, one string result): the generator's fixed cost per operation. */
export function trivialCatalog(operationCount: number, perProvider = 20): string {
  const lines = ['providers:'];
  for (let i = 0; i < operationCount; i++) {
    if (i % perProvider === 0)
      lines.push(
        `  p${String(i / perProvider).padStart(4, '0')}:`,
        '    description: Trivial provider.',
        '    operations:',
      );
    lines.push(
      `      op_${String(i).padStart(5, '0')}:`,
      '        title: Trivial',
      '        kind: data_source',
      '        risk: read_only',
      '        idempotent: true',
      '        open_world: false',
      '        description: Echo the text.',
      '        params: { type: object, additionalProperties: false, required: [text], properties: { text: { type: string } } }',
      '        result: { type: object, additionalProperties: false, properties: { text: { type: string } } }',
      '        errors: []',
      '        examples:',
      '          - { name: echoes, input: { text: hi }, expect: { output: { text: hi } } }',
    );
  }
  return `${lines.join('\n')}\n`;
}
