import type { JsonSchema, ValidationIssue } from '../contract/descriptor.js';

/** `/options/0/label` → `options[0].label`; the root is called `input`. */
export function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  if (parts.length === 0) return 'input';
  return parts.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function valueAt(data: unknown, instancePath: string): unknown {
  let current: any = data;
  for (const part of instancePath.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function schemaAt(schema: JsonSchema, instancePath: string): JsonSchema | undefined {
  let current: any = schema;
  for (const part of instancePath.split('/').slice(1)) {
    if (!current) return undefined;
    const properties = current.properties;
    current = /^\d+$/.test(part)
      ? current.items
      : properties && Object.hasOwn(properties, part)
        ? properties[part]
        : undefined;
  }
  return current;
}

/** One sentence per issue, naming the field: `offset must be >= 1`. */
export function describeIssue(issue: ValidationIssue, data: unknown, schema: JsonSchema): string {
  const field = fieldName(issue.instancePath);
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return `${fieldName(issue.instancePath, p.missingProperty)} is required`;
    case 'additionalProperties': {
      const allowed = Object.keys((schemaAt(schema, issue.instancePath)?.properties as object) ?? {});
      const where = issue.instancePath ? ` in ${field}` : '';
      return (
        `unknown property "${p.additionalProperty}"${where}` +
        (allowed.length ? ` (allowed: ${allowed.join(', ')})` : '')
      );
    }
    case 'type':
      return `${field} must be ${article(String(p.type))} (got ${describeValue(valueAt(data, issue.instancePath))})`;
    case 'minimum':
      return `${field} must be >= ${p.limit}`;
    case 'maximum':
      return `${field} must be <= ${p.limit}`;
    case 'exclusiveMinimum':
      return `${field} must be > ${p.limit}`;
    case 'exclusiveMaximum':
      return `${field} must be < ${p.limit}`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'minItems':
      return `${field} must have at least ${p.limit} items`;
    case 'maxItems':
      return `${field} must have at most ${p.limit} items`;
    case 'uniqueItems':
      return `${field} must not contain duplicates (items ${p.j} and ${p.i} are equal)`;
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${field} must be ${JSON.stringify(p.allowedValue)}`;
    case 'pattern':
      return `${field} must match the pattern ${p.pattern}`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  const names = type.split(',');
  const words = names.map((t) => (t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`));
  return words.join(' or ');
}

/** Joins the distinct issue sentences; at most 5, most specific first. */
export function describeIssues(issues: readonly ValidationIssue[], data: unknown, schema: JsonSchema): string {
  const sentences = [...new Set(issues.map((issue) => describeIssue(issue, data, schema)))];
  const shown = sentences.slice(0, 5);
  const more = sentences.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/**
 * Treats `null` as "absent" for properties that are optional and do not allow null (models and
 * OpenAI strict mode send null for omitted arguments). Returns a shallow copy; never mutates.
 */
export function dropNullOptionals(schema: JsonSchema, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    // Own properties only: `toString` or `constructor` in the input is not declared by every schema.
    const propSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!propSchema) continue;
    if (value === null && !isRequired(schema, key) && !allowsNull(propSchema)) {
      copy ??= { ...(input as Record<string, unknown>) };
      delete copy[key];
    } else if (value !== null && typeof value === 'object' && propSchema.type === 'object') {
      const inner = dropNullOptionals(propSchema, value);
      if (inner !== value) {
        copy ??= { ...(input as Record<string, unknown>) };
        copy[key] = inner;
      }
    } else if (Array.isArray(value) && propSchema.items && (propSchema.items as JsonSchema).type === 'object') {
      const items = value.map((item) => dropNullOptionals(propSchema.items as JsonSchema, item));
      if (items.some((item, i) => item !== value[i])) {
        copy ??= { ...(input as Record<string, unknown>) };
        copy[key] = items;
      }
    }
  }
  return copy ?? input;
}

function isRequired(schema: JsonSchema, key: string): boolean {
  const required = schema.required;
  return Array.isArray(required) && required.includes(key);
}

function allowsNull(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}
