// `subscriptions/listen` (2026-07-28): the one notification a tools-only server has to offer is
// `notifications/tools/list_changed`. A toolkit lists only the tools that can work now, so its list
// changes when a service comes or goes (a user channel that becomes reachable or unreachable). The
// watch below keeps what each served toolkit listed last and, while someone listens here or could
// on another replica (a toolkit with a store), compares it on a short period; a change reaches every
// listener of this process (the SDK's listen streams on HTTP, the pinned server of a stdio
// connection) and is announced on the store, whose notifications carry it to the HTTP listeners of
// every replica that shares it. The store is listened to only while such a listener is open.
import { randomUUID } from 'node:crypto';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import type { Notifications, Subscription } from '../../../runtime/store/types.js';

/** How often a watched toolkit's list is compared while someone listens (ms). */
export const TOOL_LIST_POLL_MS = 1000;
/** The store channel replicas announce a changed tool list on. */
const CHANNEL = 'toolwright.mcp.tools-changed';

/** What the SDK's HTTP entry reads its listen streams' events from (its ServerEventBus, public API). */
export interface ToolListBus {
  publish(event: { kind: string }): void;
  subscribe(listener: (event: { kind: 'tools_list_changed' }) => void): () => void;
}

/** The listed tools of `toolkit`, as one string that changes when the list does. */
function listing(toolkit: ToolkitOf): string {
  return toolkit.operations.map((op) => `${op.provider}/${op.name}`).join('\n');
}

export class ToolListChanges {
  private readonly listed = new Map<ToolkitOf, string>();
  private readonly listeners = new Set<() => void>();
  /** Listeners that hear other replicas' changes too (HTTP listen streams): the store is listened to while there are any. */
  private remoteListeners = 0;
  /** The stores of the watched toolkits, and this process's subscription to each while it listens. */
  private readonly stores = new Map<Notifications, Promise<Subscription | undefined> | undefined>();
  /** Marks this process's own announcements, which come back to it through the store. */
  private readonly origin = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /** Starts watching `toolkit` (a toolkit that serves 2026-07-28 clients); its store, if any, carries changes between replicas. */
  watch(toolkit: ToolkitOf): void {
    if (this.closed || this.listed.has(toolkit)) return;
    this.listed.set(toolkit, listing(toolkit));
    const notifications = toolkit.services.store?.notifications;
    if (notifications && !this.stores.has(notifications)) {
      this.stores.set(notifications, this.remoteListeners > 0 ? this.listen(notifications) : undefined);
      this.arm(); // another replica's listeners hear of this one's changes
    }
  }

  /** Compares every watched toolkit's list with the last one; a change is delivered and announced. */
  check(): void {
    if (this.closed || (this.listeners.size === 0 && this.stores.size === 0)) return;
    let changed = false;
    for (const [toolkit, before] of this.listed) {
      let now: string;
      try {
        now = listing(toolkit);
      } catch {
        continue; // a toolkit closed meanwhile lists nothing worth announcing
      }
      if (now !== before) {
        this.listed.set(toolkit, now);
        changed = true;
      }
    }
    if (!changed) return;
    this.deliver();
    for (const notifications of this.stores.keys()) notifications.publish(CHANNEL, this.origin).catch(() => undefined);
  }

  /**
   * Calls `listener` on every change until the returned function is called: this process's
   * changes, and with `remote` those other replicas announce on the store.
   */
  subscribe(listener: () => void, { remote = false }: { remote?: boolean } = {}): () => void {
    // Nobody compared while nobody listened: what is listed now is where changes count from.
    if (this.listeners.size === 0 && this.stores.size === 0)
      for (const toolkit of this.listed.keys()) this.listed.set(toolkit, listing(toolkit));
    this.listeners.add(listener);
    if (remote && this.remoteListeners++ === 0)
      for (const notifications of this.stores.keys()) this.stores.set(notifications, this.listen(notifications));
    this.arm();
    let live = true;
    return () => {
      if (!live) return;
      live = false;
      this.listeners.delete(listener);
      if (remote && --this.remoteListeners === 0) void this.unlisten();
      if (this.listeners.size === 0 && this.stores.size === 0) this.disarm();
    };
  }

  /** The bus the SDK's HTTP entry serves listen streams from. */
  bus(): ToolListBus {
    return {
      publish: (event) => {
        if (event.kind === 'tools_list_changed') this.deliver();
      },
      subscribe: (listener) => this.subscribe(() => listener({ kind: 'tools_list_changed' }), { remote: true }),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.disarm();
    this.listeners.clear();
    this.listed.clear();
    await this.unlisten();
    this.stores.clear();
  }

  /** Listens to another replica's announcements on `notifications` (a store that cannot: this replica's own changes only). */
  private listen(notifications: Notifications): Promise<Subscription | undefined> {
    const announced = (payload: string) => {
      if (payload !== this.origin) this.deliver();
    };
    return notifications.subscribe(CHANNEL, announced).catch(() => undefined);
  }

  private async unlisten(): Promise<void> {
    const subscriptions = [...this.stores.values()];
    for (const notifications of this.stores.keys()) this.stores.set(notifications, undefined);
    for (const subscription of subscriptions) await (await subscription)?.close().catch(() => undefined);
  }

  private deliver(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        /* one listener's failure is not another's */
      }
    }
  }

  private arm(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.check(), TOOL_LIST_POLL_MS);
    this.timer.unref();
  }

  private disarm(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
