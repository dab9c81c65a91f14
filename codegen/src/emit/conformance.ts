// Emits <tests>/<provider>.conformance.test.ts: the catalog's conformance cases as data, run by
// runConformance (toolwright/testing) against the handler map of the --handlers module.
import type { OperationModel, ProviderModel } from '../model.js';
import { HEADER, importSpecifier, json, type EmittedFile, type Layout } from './common.js';

type Schema = Record<string, any>;

/** A value of a type the property does not accept (the first tried; see planProbes). */
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

/** Tried in turn when a property accepts its first wrong value (an enum holding 987654321…). */
const OTHER_WRONG_VALUES: readonly unknown[] = [
  'not-in-enum',
  987654321,
  12345,
  'not a number',
  'yes',
  [],
  ['not', 'an', 'object'],
  { not: 'an array' },
  true,
  null,
  -1.5,
];
const UNKNOWN_PROPERTY = 'not_a_declared_property';

/** Which conformance probes an operation gets, each checked to be refused by its params validator. */
export interface ProbePlan {
  /** The index of the first example whose input is valid: the probes start from its input. */
  base: number;
  /** Required parameters whose absence is refused. */
  missing: string[];
  /** Per parameter probed, a value it refuses (a parameter that refuses none of them is not probed). */
  wrong: [string, unknown][];
  /** An undeclared property name that is refused; none when every one tried is accepted. */
  unknown?: string;
}

/**
 * The probes of an operation whose example `base` has the valid input `input`: a probe the catalog's
 * own schema accepts (a declared `not_a_declared_property`, an enum holding the wrong value) would
 * make the generated test fail for a catalog the generator accepted, so another value is tried, or
 * the probe is left out.
 */
export function planProbes(
  params: Schema,
  input: Record<string, unknown>,
  base: number,
  refuses: (input: Record<string, unknown>) => boolean,
): ProbePlan {
  const properties = (isObj(params.properties) ? params.properties : {}) as Record<string, Schema>;
  const required = Array.isArray(params.required) ? (params.required as unknown[]) : [];
  const missing = required
    .filter((name): name is string => typeof name === 'string')
    .filter((name) => refuses(Object.fromEntries(Object.entries(input).filter(([key]) => key !== name))));
  const wrong: [string, unknown][] = [];
  for (const [name, schema] of Object.entries(properties)) {
    const first = isObj(schema) ? wrongValueFor(schema) : undefined;
    if (first === undefined) continue;
    const value = [first, ...OTHER_WRONG_VALUES].find((candidate) => refuses({ ...input, [name]: candidate }));
    if (value !== undefined) wrong.push([name, value]);
  }
  let unknown: string | undefined;
  for (let i = 0; i < 5 && unknown === undefined; i++) {
    const name = i === 0 ? UNKNOWN_PROPERTY : `${UNKNOWN_PROPERTY}_${i}`;
    if (!Object.hasOwn(properties, name) && refuses({ ...input, [name]: true })) unknown = name;
  }
  return { base, missing, wrong, ...(unknown !== undefined ? { unknown } : {}) };
}

const isObj = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The probes as the generated test holds them: inputs built from the base example's input. */
function probesFor(op: OperationModel, plan: ProbePlan | undefined) {
  const base = (op.examples[plan?.base ?? 0] ?? op.examples[0]!).input;
  // Without a plan (nothing compiled it), every probe as it always was.
  const required = plan?.missing ?? (op.params.required as string[] | undefined) ?? [];
  const missing = required.map((name) => {
    const input = Object.fromEntries(Object.entries(base).filter(([key]) => key !== name));
    return { field: name, input };
  });
  const wrong =
    plan?.wrong ??
    Object.entries((op.params.properties ?? {}) as Record<string, Schema>).map(
      ([name, schema]) => [name, wrongValueFor(schema)] as [string, unknown],
    );
  const wrongType = wrong
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, input: { ...base, [field]: value } }));
  const unknownField = plan ? plan.unknown : UNKNOWN_PROPERTY;
  if (unknownField === undefined) return { missing, wrongType };
  const unknown = { ...base, [unknownField]: true };
  return { missing, wrongType, unknown, ...(unknownField !== UNKNOWN_PROPERTY ? { unknownField } : {}) };
}

function operationCase(op: OperationModel, probeBase: ReadonlyMap<string, ProbePlan>) {
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
    probes: probesFor(op, probeBase.get(op.id)),
    examples: op.examples,
  };
}

/** <tests>/<provider>.conformance.test.ts, or undefined for a provider without operations. */
export function emitConformance(
  provider: ProviderModel,
  probeBase: ReadonlyMap<string, ProbePlan>,
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
