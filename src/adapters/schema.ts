// Shared helpers of the model-API exporters: tool-name checks and the OpenAI strict-mode rewrite.
import type { JsonSchema, OperationDescriptor } from '../runtime/contract/descriptor.js';
import type { ToolkitOf } from '../runtime/contract/types.js';

/** What OpenAI, Anthropic and most hosts accept as a function/tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The toolkit's exposed operations, after checking every name is a valid model-API tool name. */
export function exportableOperations(toolkit: ToolkitOf): readonly OperationDescriptor[] {
  for (const op of toolkit.operations) {
    if (!TOOL_NAME_PATTERN.test(op.name)) {
      throw new TypeError(`operation ${op.id}: tool name "${op.name}" does not match ${TOOL_NAME_PATTERN}`);
    }
  }
  return toolkit.operations;
}

/** A deep copy, so callers (and SDKs that mutate schemas) never touch the registry's data. */
export function cloneSchema<T>(schema: T): T {
  return structuredClone<T>(schema);
}

// Keywords OpenAI strict mode accepts (Structured Outputs "supported schemas"). Everything else is
// removed; the ones that carry meaning for the model are folded into the description instead.
const STRICT_KEPT = new Set([
  'type',
  'description',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'pattern',
]);

function constraintNote(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'default':
      return `Default: ${JSON.stringify(value)}.`;
    case 'minLength':
      return value === 1 ? 'Must not be empty.' : `At least ${String(value)} characters.`;
    case 'maxLength':
      return `At most ${String(value)} characters.`;
    case 'uniqueItems':
      return value === true ? 'Items must be unique.' : undefined;
    default:
      return undefined;
  }
}

/**
 * Rewrites a params schema for OpenAI strict mode: every property is listed in `required`, the
 * optional ones accept `null` (the runtime treats null as "absent"), every object is closed with
 * `additionalProperties: false`, and keywords strict mode rejects are removed (defaults and length
 * limits move into the description so the model still learns them). The input is not modified.
 */
export function toStrictJsonSchema(schema: JsonSchema): JsonSchema {
  return strictify(schema, false);
}

function strictify(schema: JsonSchema, nullable: boolean): JsonSchema {
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (STRICT_KEPT.has(key)) out[key] = cloneSchema(value);
    else {
      const note = constraintNote(key, value);
      if (note) notes.push(note);
    }
  }
  if (isObjectSchema(schema)) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    out.type = 'object';
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, prop]) => [name, strictify(prop, !required.has(name))]),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (schema.items && typeof schema.items === 'object') out.items = strictify(schema.items as JsonSchema, false);
  if (Array.isArray(schema.anyOf)) out.anyOf = (schema.anyOf as JsonSchema[]).map((s) => strictify(s, false));
  if (notes.length > 0) {
    out.description = [out.description, ...notes].filter((s) => typeof s === 'string' && s.length > 0).join(' ');
  }
  return nullable ? makeNullable(out) : out;
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    (type === undefined && typeof schema.properties === 'object')
  );
}

function allowsNull(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some((s) => allowsNull(s));
}

/** Makes a schema also accept `null`, in the form strict mode understands. */
function makeNullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (allowsNull(schema)) return schema;
  if ('const' in schema) {
    const { const: value, ...rest } = schema;
    return {
      ...rest,
      enum: [value, null],
      ...(typeof schema.type === 'string' ? { type: [schema.type, 'null'] } : {}),
    };
  }
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) {
    const types = Array.isArray(schema.type) ? [...(schema.type as string[])] : [schema.type];
    const nullable: Record<string, unknown> = { ...schema, type: [...types, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  const { description, ...rest } = schema;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: 'null' }] };
}

/** Why `schema` would fail OpenAI's strict-mode checks; empty when it passes. */
export function strictSchemaProblems(schema: JsonSchema, path = '$'): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!STRICT_KEPT.has(key) && !['properties', 'required', 'additionalProperties', 'items', 'anyOf'].includes(key)) {
      problems.push(`${path}: keyword "${key}" is not allowed in strict mode`);
    }
  }
  if (isObjectSchema(schema)) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required as string[] | undefined) ?? [];
    if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
    for (const name of Object.keys(properties)) {
      if (!required.includes(name)) problems.push(`${path}.${name}: must be listed in required`);
      problems.push(...strictSchemaProblems(properties[name]!, `${path}.${name}`));
    }
  }
  if (schema.items && typeof schema.items === 'object')
    problems.push(...strictSchemaProblems(schema.items as JsonSchema, `${path}[]`));
  if (Array.isArray(schema.anyOf)) {
    (schema.anyOf as JsonSchema[]).forEach((s, i) => problems.push(...strictSchemaProblems(s, `${path}.anyOf[${i}]`)));
  }
  return problems;
}
