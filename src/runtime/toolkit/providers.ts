// Composition: a Provider is one catalog provider's descriptors plus its handler map.
// defineProviders pairs a generated registry with hand-written bodies and checks, at run time, that
// they match one to one; the compile-time check comes from the handler map's generated type.
import type { ProviderDescriptor } from '../contract/descriptor.js';
import type { AnyHandler, Handler, Provider } from '../contract/types.js';

export type { AnyHandler, Provider } from '../contract/types.js';

type ProviderOf<Ops, K extends keyof Ops> = Ops[K] extends { provider: infer P extends string } ? P : never;

/**
 * The handler map a registry needs, derived from its `Operations` map: provider → operation →
 * handler. Structurally the same as the generated `Handlers` interface.
 */
export type HandlersOf<Ops extends object> = {
  [P in ProviderOf<Ops, keyof Ops>]: {
    [K in keyof Ops as ProviderOf<Ops, K> extends P ? K : never]: Ops[K] extends {
      params: infer Params;
      result: infer Result;
    }
      ? Handler<Params, Result>
      : never;
  };
};

/** The `Operations` map of a list of providers (the intersection of theirs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
export type OperationsOf<P extends readonly Provider<any>[]> = UnionToIntersection<
  P[number] extends infer Item ? (Item extends Provider<infer Ops> ? Ops : never) : never
>;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** A generated registry: its `providers` array, or the registry module itself (`import * as registry`). */
export type Registry<Ops extends object> =
  readonly ProviderDescriptor<Ops>[] | { readonly providers: readonly ProviderDescriptor<Ops>[] };

/**
 * Turns a generated registry and a handler map into providers for `createToolkit({ providers })`.
 * Throws a TypeError naming every operation without a handler and every handler (or handler
 * group) without an operation: a registry and a handler map that do not match never compose.
 */
export function defineProviders<Ops extends object>(
  registry: Registry<Ops>,
  handlers: HandlersOf<Ops>,
): Provider<Ops>[] {
  const descriptors = registryProviders(registry);
  const table = handlers as unknown as Record<string, unknown>;
  if (table === null || typeof table !== 'object') {
    throw new TypeError(
      `defineProviders: handlers must be an object of provider → operation → handler, got ${describe(table)}`,
    );
  }
  const missing: string[] = [];
  const extra: string[] = [];
  const known = new Set<string>();
  for (const descriptor of descriptors) {
    known.add(descriptor.name);
    const group = table[descriptor.name];
    if (group === null || typeof group !== 'object') {
      missing.push(...descriptor.operations.map((op) => op.id));
      continue;
    }
    const names = new Set(descriptor.operations.map((op) => op.name));
    for (const op of descriptor.operations) {
      // Own properties only: an operation named `constructor` must not pick up Object's.
      if (!Object.hasOwn(group, op.name) || typeof (group as Record<string, unknown>)[op.name] !== 'function')
        missing.push(op.id);
    }
    for (const key of Object.keys(group)) if (!names.has(key)) extra.push(`${descriptor.name}.${key}`);
  }
  for (const key of Object.keys(table))
    if (!known.has(key)) extra.push(`${key} (no provider of that name in the registry)`);
  const problems = [
    ...(missing.length ? [`no handler for ${missing.join(', ')}`] : []),
    ...(extra.length ? [`handlers without an operation: ${extra.join(', ')}`] : []),
  ];
  if (problems.length > 0) {
    throw new TypeError(`defineProviders: the handler map does not match the registry: ${problems.join('; ')}`);
  }
  return descriptors.map((descriptor) => ({
    name: descriptor.name,
    description: descriptor.description,
    operations: descriptor.operations,
    handlers: table[descriptor.name] as Record<string, AnyHandler>,
  }));
}

function registryProviders<Ops extends object>(registry: Registry<Ops>): readonly ProviderDescriptor<Ops>[] {
  const list = Array.isArray(registry) ? registry : (registry as { providers?: unknown } | null)?.providers;
  if (
    !Array.isArray(list) ||
    list.some(
      (p: { name?: unknown; operations?: unknown } | null) =>
        !p || typeof p.name !== 'string' || !Array.isArray(p.operations),
    )
  ) {
    throw new TypeError(
      `defineProviders: the registry must be the generated providers array (or the registry module), got ${describe(registry)}`,
    );
  }
  return list as readonly ProviderDescriptor<Ops>[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** Checks that a value is a list of providers (modules loaded at run time: `--provider MODULE`). */
export function isProviderList(value: unknown): value is readonly Provider[] {
  return (
    Array.isArray(value) &&
    value.every(
      (p: { name?: unknown; operations?: unknown; handlers?: unknown } | null) =>
        p !== null &&
        typeof p === 'object' &&
        typeof p.name === 'string' &&
        Array.isArray(p.operations) &&
        p.handlers !== null &&
        typeof p.handlers === 'object',
    )
  );
}
