// Notifications over PostgreSQL LISTEN/NOTIFY. Publishing is one statement on the pool; listening
// holds one connection of its own, opened with the first subscription. When that connection is
// lost it is reopened (backing off up to 5 s) and every channel listened to again; subscribers
// are told through `onResume`, since what was published meanwhile is gone.
import type { Client, Notification } from 'pg';
import { checkChannel, checkPayload, storeUnavailable, withDeadline } from './errors.js';
import { endWithin, type PgConnection } from './postgres-connection.js';
import type { Notifications, Subscription } from './types.js';

interface Subscriber {
  listener: (payload: string) => void;
  onResume?: () => void;
}

const MAX_BACKOFF_MS = 5_000;

export class PgNotifications {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private readonly channels = new Map<string, Set<Subscriber>>();
  private retry: NodeJS.Timeout | undefined;
  private backoffMs = 100;
  private closed = false;

  constructor(
    private readonly db: PgConnection,
    private readonly location: string,
    private readonly timeoutMs: number,
  ) {}

  readonly api: Notifications = {
    publish: async (channel, payload) => {
      checkChannel(channel);
      checkPayload(payload);
      await this.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe: async (channel, listener, options = {}) => {
      checkChannel(channel);
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a listener function');
      const subscriber: Subscriber = { listener, ...(options.onResume ? { onResume: options.onResume } : {}) };
      let set = this.channels.get(channel);
      const fresh = !set;
      if (!set) this.channels.set(channel, (set = new Set()));
      set.add(subscriber);
      try {
        if (fresh) await (await this.connection()).query(`LISTEN "${channel}"`);
        else await this.connection();
      } catch (error) {
        set.delete(subscriber);
        if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
        throw error;
      }
      const subscription: Subscription = { close: () => this.unsubscribe(channel, subscriber) };
      return subscription;
    },
  };

  private async unsubscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const set = this.channels.get(channel);
    if (!set?.delete(subscriber) || set.size > 0) return;
    this.channels.delete(channel);
    if (this.channels.size === 0) {
      await this.dropClient();
      return;
    }
    await this.client?.query(`UNLISTEN "${channel}"`).catch(() => {});
  }

  /** The listening connection, opened (within the store's bound) when there is none. */
  private connection(): Promise<Client> {
    if (this.closed) return Promise.reject(storeUnavailable(this.location, 'the store was closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= withDeadline(this.open(), this.timeoutMs, this.location).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const client = this.db.newClient();
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message: Notification) => this.deliver(message));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw this.db.mapError(error);
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw storeUnavailable(this.location, 'the store was closed');
    }
    this.client = client;
    this.backoffMs = 100;
    return client;
  }

  private deliver(message: Notification): void {
    for (const subscriber of [...(this.channels.get(message.channel) ?? [])]) {
      try {
        subscriber.listener(message.payload ?? '');
      } catch {
        /* the listener's own problem */
      }
    }
  }

  /** The listening connection died: reopen it while anyone still listens. */
  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.channels.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connection().then(
        () => {
          for (const set of this.channels.values()) {
            for (const subscriber of set) {
              try {
                subscriber.onResume?.();
              } catch {
                /* the subscriber's own problem */
              }
            }
          }
        },
        () => {
          this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
          this.scheduleReconnect();
        },
      );
    }, this.backoffMs);
    this.retry.unref?.();
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await endWithin(client.end(), this.timeoutMs);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.channels.clear();
    await this.dropClient();
  }
}
