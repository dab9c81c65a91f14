// JSON Schema (the catalog's 2020-12 subset) → TypeScript declarations. The type is never narrower
// than what the validator accepts: keywords that only constrain further (lengths, patterns,
// formats, not, if/then) are left to the validator, and a keyword the emitter does not model
// leaves `unknown`. Every `$ref` (only local ones reach here) becomes a named type alias, so a
// schema that references a definition many times stays linear in size, and recursion needs no
// inlining (schema-refs.ts has refused cycles that pass through no property or item).
import { resolveRef } from '../schema-refs.js';

type Schema = Record<string, unknown>;
const isObj = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Up to this minItems, the required items are spelt out as a tuple. */
const MAX_SPELT_ITEMS = 4;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `export interface Name {…}` (or a type alias when the root is not a plain object) and its $ref
 * aliases. `filled`: the type of what a params validator hands the handler, where a property with
 * a default is always present (the validator fills it in when the caller leaves it out).
 */
export function declarationsFor(root: Schema, name: string, filled = false): string {
  const aliases = new Map<string, { alias: string; target: unknown }>();
  const usedAliases = new Set<string>();
  const queue: string[] = [];
  const aliasFor = (ref: string): string => {
    if (ref === '#') return name;
    let entry = aliases.get(ref);
    if (!entry) {
      const resolved = resolveRef(root, ref);
      const last = resolved?.path.at(-1);
      const base = `${name}_${pascal(typeof last === 'string' ? last : ref.slice(1)) || 'Def'}`;
      let alias = base;
      for (let n = 2; usedAliases.has(alias); n++) alias = `${base}${n}`;
      usedAliases.add(alias);
      entry = { alias, target: resolved?.target };
      aliases.set(ref, entry);
      queue.push(ref);
    }
    return entry.alias;
  };
  const emitter = new TypeEmitter(aliasFor, filled);
  const out: string[] = [];
  const doc = isObj(root) ? comment(root.description, '') : '';
  if (isPlainObject(root)) out.push(`${doc}export interface ${name} ${emitter.objectType(root, '')}`);
  else out.push(`${doc}export type ${name} = ${emitter.typeOf(root, '')};`);
  while (queue.length > 0) {
    const entry = aliases.get(queue.shift()!)!;
    out.push('', `export type ${entry.alias} = ${emitter.typeOf(entry.target, '')};`);
  }
  return out.join('\n');
}

function isPlainObject(schema: Schema): boolean {
  return schema.type === 'object' && !['$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'].some((key) => key in schema);
}

/** A type expression, and whether it must be parenthesised inside another (a union or intersection). */
interface Type {
  text: string;
  compound: boolean;
}
const UNKNOWN: Type = { text: 'unknown', compound: false };
const simple = (text: string): Type => ({ text, compound: false });
const grouped = (type: Type) => (type.compound ? `(${type.text})` : type.text);

class TypeEmitter {
  constructor(
    private readonly aliasFor: (ref: string) => string,
    private readonly filled: boolean,
  ) {}

  typeOf(schema: unknown, indent: string): string {
    return this.type(schema, indent).text;
  }

  private type(schema: unknown, indent: string): Type {
    if (schema === true) return UNKNOWN;
    if (schema === false) return simple('never');
    if (!isObj(schema)) return UNKNOWN;
    const variants = this.objectVariants(schema, indent);
    if (variants) return variants;
    const parts: Type[] = [];
    if (typeof schema.$ref === 'string') parts.push(simple(this.aliasFor(schema.$ref)));
    if ('const' in schema) parts.push(literal(schema.const));
    else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map(literal)));
    else {
      const types = typesOf(schema);
      if (types.length > 0) parts.push(union(types.map((type) => this.typeFor(type, schema, indent))));
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches) && branches.length > 0) parts.push(union(branches.map((b) => this.type(b, indent))));
    }
    if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((b) => this.type(b, indent)));
    const kept = parts.filter((part) => part.text !== 'unknown');
    if (kept.length === 0) return UNKNOWN;
    return kept.length === 1 ? kept[0]! : { text: kept.map(grouped).join(' & '), compound: true };
  }

  /**
   * An object whose oneOf (or anyOf) branches are objects: a union with one object type per branch,
   * each with the shared properties merged in, so a `const` property in every branch discriminates it.
   */
  private objectVariants(schema: Schema, indent: string): Type | undefined {
    const key = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0 || !isObjectOnly(schema, [key])) return undefined;
    if (!branches.every((branch) => isObj(branch) && isObjectOnly(branch, []))) return undefined;
    return union(branches.map((branch) => simple(this.objectType(mergeBranch(schema, branch as Schema), indent))));
  }

  private typeFor(type: string, schema: Schema, indent: string): Type {
    switch (type) {
      case 'string':
        return simple('string');
      case 'number':
      case 'integer':
        return simple('number');
      case 'boolean':
        return simple('boolean');
      case 'null':
        return simple('null');
      case 'array':
        return simple(this.arrayType(schema, indent));
      case 'object':
        return simple(this.objectType(schema, indent));
      default:
        return UNKNOWN;
    }
  }

  private arrayType(schema: Schema, indent: string): string {
    if (Array.isArray(schema.prefixItems)) {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const elements = schema.prefixItems.map((item, i) => `${this.typeOf(item, indent)}${i >= min ? '?' : ''}`);
      if (schema.items !== false) elements.push(`...${grouped(this.type(schema.items ?? true, indent))}[]`);
      return `[${elements.join(', ')}]`;
    }
    const item = grouped(this.type(schema.items ?? true, indent));
    // A small minItems is spelt out ([T, ...T[]]): `list[0]` is then known to exist.
    const min = typeof schema.minItems === 'number' && Number.isInteger(schema.minItems) ? schema.minItems : 0;
    if (min > 0 && min <= MAX_SPELT_ITEMS)
      return `[${[...new Array<string>(min).fill(item), `...${item}[]`].join(', ')}]`;
    return `${item}[]`;
  }

  objectType(schema: Schema, indent: string): string {
    const properties = isObj(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const doc = isObj(sub) ? comment(sub.description, inner) : '';
      const present = required.has(key) || (this.filled && isObj(sub) && Object.hasOwn(sub, 'default'));
      lines.push(
        `${doc}${inner}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}${present ? '' : '?'}: ${this.typeOf(sub, inner)};`,
      );
    }
    // Names beyond the declared ones that the schema admits (patterns, or an open object).
    if (
      isObj(schema.patternProperties) ||
      (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    ) {
      lines.push(`${inner}[key: string]: unknown;`);
    }
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
  }
}

const COMPOSITION_KEYS = ['$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'];

/** An object schema with no composition keyword but the `allowed` ones. */
function isObjectOnly(schema: Schema, allowed: string[]): boolean {
  const types = typesOf(schema);
  if (types.length !== 1 || types[0] !== 'object') return false;
  return COMPOSITION_KEYS.every((key) => allowed.includes(key) || !(key in schema));
}

const isEmptySchema = (schema: unknown) => schema === true || (isObj(schema) && Object.keys(schema).length === 0);

/**
 * A branch with the object's shared properties: a value must satisfy both, so it has the required
 * names of both and, when the branch is closed, only the branch's names. A branch property given as
 * `true` (or `{}`) takes the shared declaration of that name.
 */
function mergeBranch(shared: Schema, branch: Schema): Schema {
  const sharedProps = isObj(shared.properties) ? shared.properties : {};
  const branchProps = isObj(branch.properties) ? branch.properties : {};
  const closed = branch.additionalProperties === false;
  const names = closed
    ? Object.keys(branchProps)
    : [...new Set([...Object.keys(sharedProps), ...Object.keys(branchProps)])];
  const properties: Schema = {};
  for (const name of names) {
    const own = branchProps[name];
    const common = sharedProps[name];
    if (own === undefined || isEmptySchema(own)) properties[name] = common ?? true;
    else if (isObj(own) && isObj(common) && own.description === undefined && common.description !== undefined)
      properties[name] = { ...own, description: common.description };
    else properties[name] = own;
  }
  const required = [
    ...new Set([
      ...(Array.isArray(shared.required) ? shared.required : []),
      ...(Array.isArray(branch.required) ? branch.required : []),
    ]),
  ];
  const extra =
    closed || shared.additionalProperties === false
      ? false
      : (branch.additionalProperties ?? shared.additionalProperties);
  return {
    type: 'object',
    properties,
    required,
    ...(extra === undefined ? {} : { additionalProperties: extra }),
    ...(branch.patternProperties !== undefined || (!closed && shared.patternProperties !== undefined)
      ? { patternProperties: branch.patternProperties ?? shared.patternProperties }
      : {}),
  };
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return ['object'];
  if ('items' in schema || 'prefixItems' in schema) return ['array'];
  return [];
}

function literal(value: unknown): Type {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return simple(JSON.stringify(value));
  if (typeof value === 'number' && Number.isFinite(value)) return simple(JSON.stringify(value));
  return UNKNOWN;
}

function union(members: Type[]): Type {
  const unique = [...new Map(members.map((m) => [m.text, m])).values()];
  if (unique.some((m) => m.text === 'unknown')) return UNKNOWN;
  if (unique.length === 0) return simple('never');
  return unique.length === 1 ? unique[0]! : { text: unique.map(grouped).join(' | '), compound: true };
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')
    .replace(/^\d/, '_$&');
}

/** A doc comment for a description; `*\/` inside it cannot end the comment early. */
export function comment(description: unknown, indent: string): string {
  if (typeof description !== 'string' || description.trim() === '') return '';
  const lines = description
    .trim()
    .replace(/\*\//g, '*\\/')
    .split(/\r\n|[\r\n\u2028\u2029]/);
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}
