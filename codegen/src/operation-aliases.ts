// `aliases:` on operations and providers: other names a caller may use (another harness's tool
// names), which the runtime's "did you mean" turns into the real one. An alias stands for exactly
// one name: it may not be, or spell, another operation's (provider's) name or alias. Names are
// compared as the runtime compares them: case and punctuation ignored (`WebFetch` is `web_fetch`).
import type { JsonPath, Problem } from './load.js';
import type { RawOperationRef } from './validate.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** How a name is compared: lower case, letters and digits only. */
export function aliasKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

interface Owner {
  name: string;
  path: JsonPath;
  alias: boolean;
}

/** Every alias that clashes with a name or with another alias, for operations and for providers apart. */
export function aliasProblems(data: Obj, operations: readonly RawOperationRef[]): Problem[] {
  const providers = isObj(data.providers) ? data.providers : {};
  return [
    ...namespaceProblems(
      'operation',
      operations.map((ref) => ({ name: ref.name, at: ref.at, aliases: ref.op.aliases })),
    ),
    ...namespaceProblems(
      'provider',
      Object.entries(providers).map(([name, body]) => ({
        name,
        at: ['providers', name] as JsonPath,
        aliases: isObj(body) ? body.aliases : undefined,
      })),
    ),
  ];
}

function namespaceProblems(
  what: 'operation' | 'provider',
  entries: { name: string; at: JsonPath; aliases: unknown }[],
): Problem[] {
  const problems: Problem[] = [];
  const taken = new Map<string, Owner>();
  for (const { name, at } of entries) {
    if (!taken.has(aliasKey(name))) taken.set(aliasKey(name), { name, path: at, alias: false });
  }
  for (const { name, at, aliases } of entries) {
    if (!Array.isArray(aliases)) continue;
    aliases.forEach((alias: unknown, i) => {
      if (typeof alias !== 'string') return; // the shape check reports it
      const path: JsonPath = [...at, 'aliases', i];
      const key = aliasKey(alias);
      const owner = taken.get(key);
      if (owner && !owner.alias && owner.name === name) {
        problems.push({
          path,
          message: `alias "${alias}" is ${what} ${name}'s own name${alias === name ? '' : ' spelt another way (names are compared with case and punctuation ignored)'}: it needs no alias`,
        });
      } else if (owner) {
        problems.push({
          path,
          related: { path: owner.path, atKey: !owner.alias },
          message: `alias "${alias}" of ${what} ${name} is also ${owner.alias ? `an alias of ${what} ${owner.name}` : `the name of ${what} ${owner.name}`} ({related}); an alias stands for one ${what}`,
        });
      } else taken.set(key, { name, path, alias: true });
    });
  }
  return problems;
}
