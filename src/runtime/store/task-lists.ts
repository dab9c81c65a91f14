// The task provider's TaskStore over a store's task lists: one list per scope and principal.
import type { TaskStore } from '../services/tasks.js';
import type { Store, StoreKey } from './types.js';

export function storeTaskStore(store: Store, key: StoreKey): TaskStore {
  const frozen: StoreKey = Object.freeze({ scope: key.scope, principal: key.principal });
  return {
    create: (input, now) => store.tasks.create(frozen, input, now),
    update: (id, patch, now) => store.tasks.update(frozen, id, patch, now),
    list: (filter) => store.tasks.list(frozen, filter),
  };
}
