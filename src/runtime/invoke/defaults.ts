// Defaults: the precompiled params validators fill in the catalog's `default` of every property the
// caller left out (what the handler then receives). They write into what they check, so the input
// is copied first — only the objects and arrays a default can land in, worked out once per
// operation from its params schema — and the caller's own objects are never changed.
import type { JsonSchema, OperationDescriptor } from '../contract/descriptor.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Where defaults may be written inside a value of one schema. */
interface CopyNode {
  /** Properties whose value holds containers a default lands in. */
  properties: Map<string, CopyNode>;
  /** Each item of an array value holds such containers. */
  items: CopyNode | undefined;
  /** Defaults are reached through keywords not followed here ($ref, allOf…): the whole value is copied. */
  whole: boolean;
}

/** Keywords under which Ajv may apply a subschema's defaults to the same value (followed by copying it whole). */
const INDIRECT = [
  '$ref',
  '$dynamicRef',
  'allOf',
  'then',
  'else',
  'dependentSchemas',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
];

/** What the defaults of one params schema need: the top-level names that have one, and how to copy an input. */
export interface DefaultsPlan {
  /** Top-level params with a default (those a caller may leave out and the handler still receives). */
  readonly topLevel: readonly string[];
  /** A copy of `input` the validator may fill: every object or array a default can land in is new. */
  copy(input: unknown): unknown;
}

const plans = new WeakMap<OperationDescriptor, DefaultsPlan | null>();

/** The plan of an operation's params (worked out once per descriptor). */
export function defaultsPlanOf(op: OperationDescriptor): DefaultsPlan | undefined {
  let plan = plans.get(op);
  if (plan === undefined) {
    plan = defaultsPlan(op.params) ?? null;
    plans.set(op, plan);
  }
  return plan ?? undefined;
}

/** The plan for a params schema, or undefined when it declares no default (the input is validated as it is). */
export function defaultsPlan(schema: JsonSchema): DefaultsPlan | undefined {
  if (!containsDefault(schema)) return undefined;
  // A $ref can apply a definition's defaults anywhere below: such an input is copied whole.
  const node = (!containsRef(schema) && copyNode(schema)) || { properties: new Map(), items: undefined, whole: true };
  const properties = isObj(schema.properties) ? schema.properties : {};
  const topLevel = Object.keys(properties).filter(
    (name) => isObj(properties[name]) && Object.hasOwn(properties[name], 'default'),
  );
  return { topLevel, copy: (input) => copyFor(input, node) };
}

/** The copy node of a schema whose values may receive defaults, else undefined. */
function copyNode(schema: unknown): CopyNode | undefined {
  if (!isObj(schema) || !containsDefault(schema)) return undefined;
  const node: CopyNode = { properties: new Map(), items: undefined, whole: false };
  if (INDIRECT.some((key) => key in schema && containsDefault(schema[key]))) node.whole = true;
  const properties = isObj(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(properties)) {
    const child = copyNode(sub);
    if (child) node.properties.set(name, child);
  }
  node.items = copyNode(schema.items);
  return node;
}

function copyFor(value: unknown, node: CopyNode): unknown {
  if (node.whole) return copyJson(value);
  if (Array.isArray(value)) return node.items ? value.map((item) => copyFor(item, node.items!)) : value;
  if (!isObj(value)) return value;
  const copy = shallowCopy(value);
  for (const [name, child] of node.properties) {
    if (Object.hasOwn(copy, name)) copy[name] = copyFor(copy[name], child);
  }
  return copy;
}

/**
 * A new object with `value`'s own properties. Not `{ ...value }`: V8 gives a spread copy a map
 * the validator's default-filling writes cannot reuse, and filling read_file's four defaults into
 * one took ~9 µs instead of ~0.3 µs.
 */
function shallowCopy(value: Obj): Obj {
  const copy: Obj = {};
  for (const key of Object.keys(value)) {
    // defineProperty: a key `__proto__` stays an own property, as the input had it.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = value[key];
  }
  return copy;
}

/** A copy of plain data (what an input is by the time it is validated): objects and arrays new, the rest shared. */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson);
  if (!isObj(value)) return value;
  const copy: Obj = {};
  for (const key of Object.keys(value)) {
    // defineProperty: a key `__proto__` stays an own property, as the input had it.
    Object.defineProperty(copy, key, {
      value: copyJson(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Whether a `$ref` or `$dynamicRef` appears anywhere in a schema. */
function containsRef(schema: unknown): boolean {
  return containsKeyword(schema, (key) => key === '$ref' || key === '$dynamicRef');
}

/** Whether a `default` keyword appears anywhere in a schema (as a keyword: property names and data are skipped). */
function containsDefault(schema: unknown): boolean {
  return containsKeyword(schema, (key) => key === 'default');
}

function containsKeyword(schema: unknown, wanted: (key: string) => boolean): boolean {
  if (Array.isArray(schema)) return schema.some((item) => containsKeyword(item, wanted));
  if (!isObj(schema)) return false;
  for (const [key, value] of Object.entries(schema)) {
    if (wanted(key)) return true;
    if (key === 'enum' || key === 'const' || key === 'examples' || key === 'default') continue;
    if (
      (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') &&
      isObj(value)
    ) {
      if (Object.values(value).some((sub) => containsKeyword(sub, wanted))) return true;
    } else if (containsKeyword(value, wanted)) return true;
  }
  return false;
}
