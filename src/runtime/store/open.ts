// Opens the store a spec names (loaded only when a store is used: see lazy.ts).
import { createEmbeddedStore } from './embedded.js';
import { createPostgresStore, type PostgresStoreOptions } from './postgres.js';
import type { Store } from './types.js';
import { parseStoreUrl } from './url.js';

export type OpenStoreOptions = PostgresStoreOptions & {
  /**
   * The workspace the store serves: a relative folder is relative to it, `embedded` is its state
   * folder, and a folder inside it (or holding it) is refused. Default: the current folder, for
   * the first two only.
   */
  workspace?: string;
};

export function openStoreNow(spec: string, options: OpenStoreOptions = {}): Store {
  const { workspace, ...engineOptions } = options;
  const target = parseStoreUrl(spec, workspace ?? process.cwd(), workspace);
  if (target.engine === 'postgres') return createPostgresStore(target.url, engineOptions);
  return createEmbeddedStore(target.folder, {
    ...engineOptions,
    ...(target.legacy ? { legacyFolder: target.legacy } : {}),
  });
}
