// Emits <out>/registry.ts: one OperationDescriptor per operation, grouped into ProviderDescriptors
// in catalog order. Written as text in one pass (a 10,000-operation catalog makes a 20 MB file).
import type { CatalogModel, OperationModel } from '../model.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';

/** The constant holding an operation's descriptor (tool names are unique and `op_` keeps it off reserved words). */
export function descriptorConst(op: OperationModel): string {
  return `op_${op.name}`;
}

function descriptor(op: OperationModel): string {
  const lines = [
    `/** ${op.id} — ${op.kind} / ${op.risk} */`,
    `const ${descriptorConst(op)}: OperationDescriptor = {`,
    `  id: ${str(op.id)},`,
    `  provider: ${str(op.provider)},`,
    `  name: ${str(op.name)},`,
    `  title: ${str(op.title)},`,
    `  kind: ${str(op.kind)},`,
    `  risk: ${str(op.risk)},`,
  ];
  if (op.risk_note !== undefined) lines.push(`  riskNote: ${str(op.risk_note.trim())},`);
  lines.push(`  idempotent: ${op.idempotent},`, `  openWorld: ${op.open_world},`);
  if (op.long_running) lines.push('  longRunning: true,');
  if (op.requires?.length) lines.push(`  requires: [${op.requires.map(str).join(', ')}],`);
  if (op.command_paths) lines.push(`  commandPaths: ${str(op.command_paths)},`);
  if (op.aliases?.length) lines.push(`  aliases: [${op.aliases.map(str).join(', ')}],`);
  if (op.providerAliases.length) lines.push(`  providerAliases: [${op.providerAliases.map(str).join(', ')}],`);
  if (op.edit_format !== undefined) lines.push(`  editFormat: ${str(op.edit_format)},`);
  lines.push(
    `  description: ${str(op.description)},`,
    `  params: schemas[${str(op.id)}].params,`,
    ...(op.roles ? [`  roles: ${JSON.stringify(op.roles)},`] : []),
    `  result: schemas[${str(op.id)}].result,`,
    ...(op.resultRoles ? [`  resultRoles: ${JSON.stringify(op.resultRoles)},`] : []),
    `  errors: [${op.errors.map(str).join(', ')}],`,
    `  validateParams: validators[${str(op.id)}]!.params,`,
    `  validateResult: validators[${str(op.id)}]!.result,`,
    `  loadValidators: validators[${str(op.id)}]!.load,`,
    '};',
  );
  return lines.join('\n');
}

/** The facts a handler may need of a parameter: its default and its numeric bounds. */
const LIMIT_KEYWORDS = [
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

function limitsOf(op: OperationModel): string {
  const properties = (op.params.properties ?? {}) as Record<string, unknown>;
  const params: string[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (schema === null || typeof schema !== 'object') continue;
    const facts = LIMIT_KEYWORDS.filter((key) => Object.hasOwn(schema, key)).map(
      (key) => `${key}: ${JSON.stringify((schema as Record<string, unknown>)[key])}`,
    );
    if (facts.length > 0) params.push(`\n    ${str(name)}: { ${facts.join(', ')} },`);
  }
  return params.length === 0 ? '' : `\n  ${str(op.name)}: {${params.join('')}\n  },`;
}

export function emitRegistry(model: CatalogModel, layout: Layout): EmittedFile {
  const parts = [
    HEADER,
    'import type { OperationDescriptor, ProviderDescriptor } from "toolwright";',
    'import type { Operations } from "./types.js";',
    'import { schemas } from "./schemas.js";',
    'import { validators } from "./validators.js";',
    '',
    ...model.operations.map(descriptor),
    '',
    '/** Every provider of the catalog, in catalog order: `defineProviders(providers, handlers)` composes them. */',
    'export const providers: readonly ProviderDescriptor<Operations>[] = [',
    ...model.providers.flatMap((provider) => [
      '  {',
      `    name: ${str(provider.name)},`,
      `    description: ${str(provider.description)},`,
      ...(provider.aliases.length ? [`    aliases: [${provider.aliases.map(str).join(', ')}],`] : []),
      `    operations: [${provider.operations.map(descriptorConst).join(', ')}],`,
      '  },',
    ]),
    '];',
    '',
    '/** Every operation of the catalog, in catalog order. */',
    `export const operations: readonly OperationDescriptor[] = [${model.operations.map(descriptorConst).join(', ')}];`,
    '',
    '/** The same list under the name the package entry gives the reference registry. */',
    'export { providers as catalogProviders };',
    '',
    '/**',
    " * Each operation's parameter defaults and bounds as the catalog declares them (top-level params): a",
    ' * handler that needs one at run time (to cap, or to say it) reads it here, never as a literal.',
    ' */',
    `export const limits = {${model.operations.map(limitsOf).join('')}\n} as const;`,
    '',
  ];
  return { path: `${layout.out}/registry.ts`, content: parts.join('\n') };
}
