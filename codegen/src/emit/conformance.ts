// Emits <tests>/<provider>.conformance.test.ts: the catalog's conformance cases as data, run by
// runConformance (toolwright/testing) against the handler map of the --handlers module.
import type { OperationModel, ProviderModel } from '../model.js';
import { HEADER, importSpecifier, json, type EmittedFile, type Layout } from './common.js';

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

/** Probes start from the first example whose input is valid (validation guarantees one exists): `probeBase`. */
function probesFor(op: OperationModel, probeBase: number) {
  const base = (op.examples[probeBase] ?? op.examples[0]!).input;
  const properties = (op.params.properties ?? {}) as Record<string, Schema>;
  const required = (op.params.required as string[] | undefined) ?? [];
  const missing = required.map((name) => {
    const input = Object.fromEntries(Object.entries(base).filter(([key]) => key !== name));
    return { field: name, input };
  });
  const wrongType = Object.entries(properties)
    .map(([name, schema]) => ({ field: name, value: wrongValueFor(schema) }))
    .filter((probe) => probe.value !== undefined)
    .map((probe) => ({ field: probe.field, input: { ...base, [probe.field]: probe.value } }));
  const unknown = { ...base, not_a_declared_property: true };
  return { missing, wrongType, unknown };
}

function operationCase(op: OperationModel, probeBase: ReadonlyMap<string, number>) {
  return {
    id: op.id,
    provider: op.provider,
    name: op.name,
    descriptor: {
      kind: op.kind,
      risk: op.risk,
      idempotent: op.idempotent,
      openWorld: op.open_world,
      ...(op.long_running ? { longRunning: true } : {}),
      ...(op.edit_format !== undefined ? { editFormat: op.edit_format } : {}),
      title: op.title,
      errors: op.errors,
      ...(op.risk_note !== undefined ? { riskNote: op.risk_note.trim() } : {}),
    },
    probes: probesFor(op, probeBase.get(op.id) ?? 0),
    examples: op.examples,
  };
}

/** <tests>/<provider>.conformance.test.ts, or undefined for a provider without operations. */
export function emitConformance(
  provider: ProviderModel,
  probeBase: ReadonlyMap<string, number>,
  layout: Layout,
): EmittedFile | undefined {
  if (provider.operations.length === 0) return undefined;
  const data = { provider: provider.name, operations: provider.operations.map((op) => operationCase(op, probeBase)) };
  const content = [
    HEADER,
    "import { runConformance } from 'toolwright/testing';",
    `import { handlers } from ${JSON.stringify(importSpecifier(layout.tests, layout.handlers))};`,
    `import { providers as registry } from ${JSON.stringify(importSpecifier(layout.tests, `${layout.out}/registry.ts`))};`,
    '',
    `runConformance({\n  registry,\n  handlers,${json(data).slice(1)});`,
    '',
  ].join('\n');
  return { path: `${layout.tests}/${provider.name}.conformance.test.ts`, content };
}
