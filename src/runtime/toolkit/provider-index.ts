// The lookup tables of one toolkit's providers. Tool names (what models see) and provider names stay
// unique in a toolkit: a clash is a TypeError naming both ids, never a silent "last one wins".
import { aliasKey } from '../contract/aliases.js';
import type { OperationDescriptor } from '../contract/descriptor.js';
import { KINDS, RISKS } from '../contract/vocabulary.js';
import { isProviderList, type AnyHandler, type Provider } from './providers.js';

export interface ProviderIndex {
  readonly providers: readonly Provider[];
  readonly byId: ReadonlyMap<string, OperationDescriptor>;
  readonly byName: ReadonlyMap<string, OperationDescriptor>;
  /** Operation id → the descriptor and its provider's handler map (one lookup per call; the map is read per call). */
  readonly entries: ReadonlyMap<
    string,
    { readonly op: OperationDescriptor; readonly handlers: Readonly<Record<string, AnyHandler>> }
  >;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
export function indexProviders(list: readonly Provider<any>[]): ProviderIndex {
  if (!isProviderList(list)) {
    throw new TypeError('createToolkit: providers must be Provider objects from defineProviders(registry, handlers)');
  }
  const byId = new Map<string, OperationDescriptor>();
  const byName = new Map<string, OperationDescriptor>();
  const entries = new Map<string, { op: OperationDescriptor; handlers: Readonly<Record<string, AnyHandler>> }>();
  const providerNames = new Set<string>();
  for (const provider of list) {
    if (providerNames.has(provider.name)) {
      throw new TypeError(
        `createToolkit: provider "${provider.name}" is given twice; each provider may appear once in a toolkit`,
      );
    }
    providerNames.add(provider.name);
    for (const op of provider.operations) {
      const clash = byName.get(op.name);
      if (clash) {
        throw new TypeError(
          `createToolkit: tool name "${op.name}" is declared by both ${clash.id} and ${op.id}; tool names must be unique in one toolkit`,
        );
      }
      // What a policy decides by: an operation that is no kind or risk of the vocabulary would match
      // rules no real one does (`risk: '<=low'`), so it is refused here, not guessed.
      if (!(KINDS as readonly unknown[]).includes(op.kind) || !(RISKS as readonly unknown[]).includes(op.risk)) {
        throw new TypeError(
          `createToolkit: operation ${String(op.id)} declares kind ${JSON.stringify(op.kind)} and risk ${JSON.stringify(op.risk)}; a kind is one of ${KINDS.join(', ')} and a risk one of ${RISKS.join(', ')} (generate the provider from its catalog)`,
        );
      }
      if (op.provider !== provider.name) {
        throw new TypeError(`createToolkit: operation ${op.id} is listed under provider "${provider.name}"`);
      }
      if (!Object.hasOwn(provider.handlers, op.name) || typeof provider.handlers[op.name] !== 'function') {
        throw new TypeError(
          `createToolkit: provider "${provider.name}" has no handler for ${op.id} (build providers with defineProviders)`,
        );
      }
      byId.set(op.id, op);
      byName.set(op.name, op);
      entries.set(op.id, { op, handlers: provider.handlers });
    }
  }
  checkAliases(byName);
  return { providers: Object.freeze([...list]), byId, byName, entries };
}

/**
 * An alias stands for one operation (or provider) in a toolkit: one that is, or spells, another
 * operation's name or alias (another provider's, say) would turn "did you mean" and the policy's
 * names toward it. A TypeError naming both.
 */
function checkAliases(byName: ReadonlyMap<string, OperationDescriptor>): void {
  const operations = new Map<string, OperationDescriptor>();
  const providers = new Map<string, { provider: string; id: string }>();
  const claim = (key: string, op: OperationDescriptor, what: string) => {
    const holder = operations.get(key);
    if (holder && holder !== op)
      throw new TypeError(
        `createToolkit: ${what} of ${op.id} is also the name or an alias of ${holder.id}; a name stands for one operation in a toolkit`,
      );
    operations.set(key, op);
  };
  // Every name an operation goes by, its ids too (`filesystem.read_file`, `fs.read`): a rule or a
  // call may name it by any of them.
  for (const op of byName.values()) {
    claim(aliasKey(op.name), op, `the name "${op.name}"`);
    for (const provider of [op.provider, ...(op.providerAliases ?? [])])
      for (const name of [op.name, ...(op.aliases ?? [])])
        claim(aliasKey(`${provider}.${name}`), op, `the id "${provider}.${name}"`);
  }
  for (const op of byName.values())
    for (const alias of op.aliases ?? []) claim(aliasKey(alias), op, `alias "${alias}"`);
  for (const op of byName.values()) {
    for (const name of [op.provider, ...(op.providerAliases ?? [])]) {
      const holder = providers.get(aliasKey(name));
      if (holder && holder.provider !== op.provider)
        throw new TypeError(
          `createToolkit: "${name}" of provider "${op.provider}" (${op.id}) is also the name or an alias of provider "${holder.provider}" (${holder.id}); a name stands for one provider in a toolkit`,
        );
      providers.set(aliasKey(name), { provider: op.provider, id: op.id });
    }
  }
}
