// The other names operations and providers go by (the catalog's `aliases`, as the descriptors carry
// them): where a name is unknown — a tool call, a policy rule, a CLI verb — "did you mean" turns an
// alias into the name it stands for, for a third party's operations as for the reference ones.
import type { OperationDescriptor } from './descriptor.js';

/** An alias (compared as aliasKey makes it) → the name it stands for. */
export type AliasMap = ReadonlyMap<string, string>;

/** How names are compared with aliases: lower case, letters and digits only (`WebFetch` is `web_fetch`). */
export function aliasKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The aliases of operations, by the operation's tool name. */
export function operationAliases(operations: readonly OperationDescriptor[]): AliasMap {
  const map = new Map<string, string>();
  for (const op of operations) for (const alias of op.aliases ?? []) map.set(aliasKey(alias), op.name);
  return map;
}

/** The aliases of providers, by provider name (each operation carries its provider's). */
export function providerAliases(operations: readonly OperationDescriptor[]): AliasMap {
  const map = new Map<string, string>();
  for (const op of operations) for (const alias of op.providerAliases ?? []) map.set(aliasKey(alias), op.provider);
  return map;
}
