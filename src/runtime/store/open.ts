// Opens the store a spec names (loaded only when a store is used: see lazy.ts).
import { createEmbeddedStore } from './embedded.js';
import { createPostgresStore, type PostgresStoreOptions } from './postgres.js';
import type { Store } from './types.js';
import { parseStoreUrl } from './url.js';

export type OpenStoreOptions = PostgresStoreOptions & {
  /** What a relative folder (and `embedded`) is relative to (default: the current folder). */
  workspace?: string;
};

export function openStoreNow(spec: string, options: OpenStoreOptions = {}): Store {
  const { workspace, ...engineOptions } = options;
  const target = parseStoreUrl(spec, workspace ?? process.cwd());
  return target.engine === 'postgres'
    ? createPostgresStore(target.url, engineOptions)
    : createEmbeddedStore(target.folder, engineOptions);
}
