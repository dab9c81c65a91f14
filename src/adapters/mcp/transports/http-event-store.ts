// Resumable SSE streams for one MCP session: the events its transport sent, so a client whose
// stream dropped mid-call reconnects (GET with Last-Event-ID) and receives what it missed, the
// call's result included. Bounded per session, oldest dropped first; a cursor no longer held is
// refused as unknown (400) rather than replaying from a gap.
import type { EventStore } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

export interface EventStoreLimits {
  /** Most events held. */
  events: number;
  /** Most bytes of serialised messages held (the newest event is kept whatever its size). */
  bytes: number;
}

export const DEFAULT_EVENT_STORE_LIMITS: EventStoreLimits = { events: 256, bytes: 1024 * 1024 };

interface StoredEvent {
  streamId: string;
  seq: number;
  /** The message as JSON: what its size is measured by, parsed again only on a replay. */
  json: string;
}

export class SessionEventStore implements EventStore {
  // Insertion order is sequence order: the oldest event is the first key.
  private readonly events = new Map<string, StoredEvent>();
  private seq = 0;
  private bytes = 0;

  constructor(private readonly limits: EventStoreLimits = DEFAULT_EVENT_STORE_LIMITS) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = ++this.seq;
    const id = `${seq}`;
    const json = JSON.stringify(message);
    this.events.set(id, { streamId, seq, json });
    this.bytes += json.length;
    this.trim();
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = this.events.get(lastEventId);
    if (!last) throw new Error(`unknown event id ${JSON.stringify(lastEventId)}`);
    // Copied first: sending may store new events while this replays.
    const after = [...this.events].filter(([, event]) => event.streamId === last.streamId && event.seq > last.seq);
    for (const [id, event] of after) await send(id, JSON.parse(event.json) as JSONRPCMessage);
    return last.streamId;
  }

  /** How many events and bytes are held (for tests and diagnostics). */
  get size(): { events: number; bytes: number } {
    return { events: this.events.size, bytes: this.bytes };
  }

  private trim(): void {
    while (this.events.size > 1 && (this.events.size > this.limits.events || this.bytes > this.limits.bytes)) {
      const [oldest, event] = this.events.entries().next().value as [string, StoredEvent];
      this.events.delete(oldest);
      this.bytes -= event.json.length;
    }
  }
}
