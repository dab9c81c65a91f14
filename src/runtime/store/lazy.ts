// A store opened by spec without loading either engine yet: the URL is checked and its safe form
// known at once, the engine's code (and `pg`) load on the first call. This is what
// createToolkit({ store: URL }) holds, so a toolkit that never touches its store pays nothing.
import type { OpenStoreOptions } from './open.js';
import type { Store } from './types.js';
import { ToolError } from '../contract/errors.js';
import { parseStoreUrl, StoreUrlError } from './url.js';

const PARTS = ['tasks', 'jobs', 'mcpTasks', 'audit', 'replicas', 'notifications', 'approvals'] as const;

export type { OpenStoreOptions };

/**
 * Opens a store: `postgres://…` (PostgreSQL), a folder path or `file:` URL (embedded), or
 * `embedded` (the workspace's state folder, outside it: see stateFolderFor). Throws a TypeError for
 * a spec it cannot use, and for a folder inside `options.workspace`.
 */
export function openStore(spec: string, options: OpenStoreOptions = {}): Store {
  const target = parseStoreUrl(spec, options.workspace ?? process.cwd(), options.workspace);
  let real: Promise<Store> | undefined;
  /** Set once the engine loaded: calls then go straight to it. */
  let loaded: Store | undefined;
  let closed = false;
  // Checked again as it loads: a link made since on the folder's path may lead into the workspace
  // now (refused, UNAVAILABLE; the next call checks again).
  const load = () =>
    (real ??= import('./open.js')
      .then(({ openStoreNow }) => (loaded = openStoreNow(spec, options)))
      .catch((error: unknown) => {
        real = undefined;
        if (error instanceof StoreUrlError)
          throw new ToolError('UNAVAILABLE', `the store is unavailable: ${error.message}`, {
            store: target.location,
          });
        throw error;
      }));
  const part = (name: (typeof PARTS)[number]) => {
    const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    const method =
      (key: string) =>
      async (...args: unknown[]) => {
        const store = loaded ?? (await load());
        const target = store[name] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        if (typeof target[key] !== 'function') throw new TypeError(`store.${name}.${key} is not a function`);
        // A store closed before it ever loaded still answers as a closed store does.
        if (closed) await store.close();
        return target[key](...args);
      };
    return new Proxy(
      {},
      {
        get: (_, key) => {
          if (typeof key !== 'string' || key === 'then') return undefined;
          if (loaded && !closed) return (loaded[name] as unknown as Record<string, unknown>)[key];
          let found = methods.get(key);
          if (!found) methods.set(key, (found = method(key)));
          return found;
        },
      },
    );
  };
  const store = {
    engine: target.engine,
    location: target.location,
    ...Object.fromEntries(PARTS.map((name) => [name, part(name)])),
    migrate: async () => (await load()).migrate(),
    async close() {
      closed = true;
      if (real) await (await real).close();
    },
  } as unknown as Store;
  Object.defineProperty(store, 'toJSON', { value: () => ({ engine: target.engine, location: target.location }) });
  return Object.freeze(store);
}

const shared = new Map<string, Store>();

/**
 * One store per spec and workspace for the whole process: toolkits created per request with the
 * same URL share its connection pool. Never closed by a toolkit (the pool lets the process exit
 * when idle); a host that wants to close it passes a Store it opened itself.
 */
export function sharedStore(spec: string, workspace: string): Store {
  const key = `${workspace}\0${spec}`;
  let store = shared.get(key);
  if (!store) {
    store = openStore(spec, { workspace });
    shared.set(key, store);
  }
  return store;
}
