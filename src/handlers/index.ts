// The handler map: one entry per provider of catalog.yaml. Each provider's module is loaded on the
// first call of one of its operations (`toolwright call read_file` does not pay for grep's or
// web_fetch's dependencies); the type check below still makes a missing or mistyped handler a
// compile error (npm test runs tsc), without loading anything.
import { providers as catalogProviders } from '../generated/registry.js';
import type { Handlers } from '../generated/types.js';
import { defineProviders } from '../runtime/toolkit/providers.js';

/** The eager shape, for the compile-time check only (type imports load nothing). */
interface EagerHandlers {
  filesystem: (typeof import('./filesystem/index.js'))['filesystemHandlers'];
  exec: (typeof import('./exec/index.js'))['execHandlers'];
  task: (typeof import('./task/index.js'))['taskHandlers'];
  agent: (typeof import('./agent/index.js'))['agentHandlers'];
  user: (typeof import('./user/index.js'))['userHandlers'];
  web: (typeof import('./web/index.js'))['webHandlers'];
  search: (typeof import('./search/index.js'))['searchHandlers'];
  code: (typeof import('./code/index.js'))['codeHandlers'];
}
type Checked<T extends Handlers> = T;
export type ReferenceHandlers = Checked<EagerHandlers>;

const loaders: { [P in keyof Handlers]: () => Promise<Handlers[P]> } = {
  filesystem: () => import('./filesystem/index.js').then((m) => m.filesystemHandlers),
  exec: () => import('./exec/index.js').then((m) => m.execHandlers),
  task: () => import('./task/index.js').then((m) => m.taskHandlers),
  agent: () => import('./agent/index.js').then((m) => m.agentHandlers),
  user: () => import('./user/index.js').then((m) => m.userHandlers),
  web: () => import('./web/index.js').then((m) => m.webHandlers),
  search: () => import('./search/index.js').then((m) => m.searchHandlers),
  code: () => import('./code/index.js').then((m) => m.codeHandlers),
};

type AnyHandler = (params: unknown, ctx: unknown) => unknown;

/** Each lazy provider's loader (the same one its first call runs). */
const providerLoads = new Map<keyof Handlers, () => Promise<unknown>>();
/** What a provider can prepare before its first call, beyond loading its module. */
const warmUps: Partial<Record<keyof Handlers, () => Promise<void>>> = {
  filesystem: () => import('./filesystem/index.js').then((m) => m.warmUp()),
};

/**
 * Loads a reference provider's module and prepares what its first call would (a server waiting
 * for its first request); its handlers are then the bodies themselves, as after a first call.
 */
export async function warmReferenceProvider(provider: keyof Handlers): Promise<void> {
  await providerLoads.get(provider)?.();
  await warmUps[provider]?.();
}

/** One function per operation of the provider (names from the registry), loading the module on first call. */
function lazyProvider<P extends keyof Handlers>(provider: P): Handlers[P] {
  const map: Record<string, AnyHandler> = {};
  const stubs = new Map<string, AnyHandler>();
  let loaded: Promise<Record<string, AnyHandler>> | undefined;
  const load = () =>
    (loaded ??= (loaders[provider]() as unknown as Promise<Record<string, AnyHandler>>).then((bodies) => {
      // Once loaded, the map holds the bodies themselves: later calls skip this stub's extra
      // promise and await. An entry a host has replaced meanwhile is left as the host set it.
      for (const [name, stub] of stubs) if (map[name] === stub) map[name] = bodies[name]!;
      return bodies;
    }));
  providerLoads.set(provider, load);
  for (const op of catalogProviders.find((p) => p.name === provider)?.operations ?? []) {
    const stub: AnyHandler = async (params, ctx) => (await load())[op.name]!(params, ctx);
    stubs.set(op.name, stub);
    map[op.name] = stub;
  }
  return map as unknown as Handlers[P];
}

export const handlers: Handlers = {
  filesystem: lazyProvider('filesystem'),
  exec: lazyProvider('exec'),
  task: lazyProvider('task'),
  agent: lazyProvider('agent'),
  user: lazyProvider('user'),
  web: lazyProvider('web'),
  search: lazyProvider('search'),
  code: lazyProvider('code'),
};

/**
 * The reference handler bodies, for a host that replaces or wraps one:
 * `defineProviders(catalogProviders, { ...referenceHandlers, exec: { ...referenceHandlers.exec, bash } })`.
 */
export const referenceHandlers: Handlers = handlers;

export { referenceCodeIntelligence } from './code/service.js';

/** The reference providers (catalog.yaml + src/handlers), assembled like anyone's: the default of `createToolkit`. */
export const referenceProviders = defineProviders(catalogProviders, handlers);
