// Notifications of the embedded store: an in-process bus per folder, so every store instance this
// process opens on one folder hears what any of them publishes (delivered asynchronously, as the
// PostgreSQL engine delivers them). Other processes on the folder do not hear them: replicas in
// several processes need the PostgreSQL engine.
import { checkChannel, checkPayload, storeUnavailable } from './errors.js';
import type { Notifications } from './types.js';

type Listener = (payload: string) => void;
const buses = new Map<string, Map<string, Set<Listener>>>();

export function embeddedNotifications(
  folder: string,
  isClosed: () => boolean,
): { notifications: Notifications; closeAll: () => Promise<void> } {
  const open = new Set<{ close(): Promise<void> }>();
  const bus = (): Map<string, Set<Listener>> => {
    let channels = buses.get(folder);
    if (!channels) buses.set(folder, (channels = new Map<string, Set<Listener>>()));
    return channels;
  };
  const notifications: Notifications = {
    async publish(channel, payload) {
      checkChannel(channel);
      checkPayload(payload);
      const listeners = bus().get(channel);
      if (!listeners) return;
      for (const listener of [...listeners]) {
        setImmediate(() => {
          // One failing listener must not keep the message from the others (or crash the publisher).
          try {
            listener(payload);
          } catch {
            /* the listener's own problem */
          }
        });
      }
    },
    async subscribe(channel, listener) {
      checkChannel(channel);
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a listener function');
      if (isClosed()) throw storeUnavailable(folder, 'the store was closed');
      const channels = bus();
      let listeners = channels.get(channel);
      if (!listeners) channels.set(channel, (listeners = new Set()));
      const own: Listener = (payload) => {
        if (!isClosed()) listener(payload);
      };
      listeners.add(own);
      const subscription = {
        async close() {
          open.delete(subscription);
          listeners.delete(own);
          if (listeners.size === 0 && channels.get(channel) === listeners) channels.delete(channel);
          if (channels.size === 0 && buses.get(folder) === channels) buses.delete(folder);
        },
      };
      open.add(subscription);
      return subscription;
    },
  };
  return {
    notifications,
    closeAll: async () => {
      await Promise.all([...open].map((s) => s.close()));
    },
  };
}
