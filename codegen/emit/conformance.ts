// Emits test/generated/<provider>.conformance.test.ts: the catalog's conformance cases as data,
// run by the hand-written driver in test/support/conformance.ts.
import type { CatalogModel, OperationModel, ProviderModel } from '../model.js';
import { HEADER, json, type EmittedFile } from './common.js';

type Schema = Record<string, any>;

/** A value of a type the property does not accept. */
function wrongValueFor(schema: Schema): unknown {
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (schema.enum || schema.const !== undefined) return types.includes('number') ? 'not-in-enum' : 987654321;
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? [] : 12345;
  if (types.includes('integer') || types.includes('number')) return 'not a number';
  if (types.includes('boolean')) return 'yes';
  if (types.includes('array')) return { not: 'an array' };
  if (types.includes('object')) return ['not', 'an', 'object'];
  return undefined;
}

function probesFor(op: OperationModel) {
  const base = op.examples[0]!.input;
  const properties = (op.params.properties ?? {}) as Record<string, Schema>;
  const required = (op.params.required as string[] | undefined) ?? [];
  const missing = required.map((name) => {
    const input = { ...base };
    delete input[name];
    return { field: name, input };
  });
  const wrongType = Object.entries(properties)
    .map(([name, schema]) => ({ field: name, value: wrongValueFor(schema) }))
    .filter((probe) => probe.value !== undefined)
    .map((probe) => ({ field: probe.field, input: { ...base, [probe.field]: probe.value } }));
  const unknown = { ...base, not_a_declared_property: true };
  return { missing, wrongType, unknown };
}

function operationCase(op: OperationModel) {
  return {
    id: op.id,
    provider: op.provider,
    name: op.name,
    descriptor: {
      kind: op.kind,
      risk: op.risk,
      idempotent: op.idempotent,
      openWorld: op.open_world,
      title: op.title,
      errors: op.errors,
      ...(op.risk_note !== undefined ? { riskNote: op.risk_note.trim() } : {}),
    },
    probes: probesFor(op),
    examples: op.examples,
  };
}

function emitProvider(provider: ProviderModel): EmittedFile {
  const data = { provider: provider.name, operations: provider.operations.map(operationCase) };
  const content = [
    HEADER,
    "import { runConformance } from '../support/conformance.js';",
    '',
    `runConformance(${json(data)});`,
    '',
  ].join('\n');
  return { path: `test/generated/${provider.name}.conformance.test.ts`, content };
}

export function emitConformance(model: CatalogModel): EmittedFile[] {
  return model.providers.filter((p) => p.operations.length > 0).map(emitProvider);
}
