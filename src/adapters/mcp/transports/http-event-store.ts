// Resumable SSE streams for one MCP session: the events its transport sent, so a client whose
// stream dropped mid-call reconnects (GET with Last-Event-ID) and receives what it missed, the
// call's result included. Bounded per session, oldest dropped first; a cursor no longer held is
// refused as unknown (400) rather than replaying from a gap. It also knows which POST streams
// have ended (every request they carried answered), so a resume of one with nothing left after its
// cursor is told there is no stream to resume rather than given an empty stream that closes at once.
import type { EventStore } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

export interface EventStoreLimits {
  /** Most events held. */
  events: number;
  /** Most bytes of serialised messages held (the newest event is kept whatever its size). */
  bytes: number;
}

export const DEFAULT_EVENT_STORE_LIMITS: EventStoreLimits = { events: 256, bytes: 1024 * 1024 };

/** How many request ids awaiting their answer are remembered (oldest forgotten first). */
const MAX_AWAITED = 1024;

/** The requests of one POST: its stream has ended once each of them is answered. */
interface PostedRequests {
  waiting: Set<string>;
  streamId?: string;
}

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
  /** Requests posted and not yet answered, by their JSON-RPC id (as JSON). */
  private readonly awaited = new Map<string, PostedRequests>();
  /** POST streams whose every request was answered: the server sends nothing more on them. */
  private readonly ended = new Set<string>();

  constructor(private readonly limits: EventStoreLimits = DEFAULT_EVENT_STORE_LIMITS) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = ++this.seq;
    const id = `${seq}`;
    const json = JSON.stringify(message);
    this.noteAnswer(streamId, message);
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

  /**
   * Notes the requests of a POST (its parsed body) before it is handled: the stream answering them
   * ends once each is answered. Notifications and answers in the body are no requests.
   */
  expectRequests(body: unknown): void {
    const messages = Array.isArray(body) ? body : [body];
    const posted: PostedRequests = { waiting: new Set() };
    for (const m of messages) {
      if (!m || typeof m !== 'object') continue;
      const { id, method } = m as { id?: unknown; method?: unknown };
      if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) continue;
      posted.waiting.add(JSON.stringify(id));
    }
    for (const key of posted.waiting) {
      this.awaited.delete(key); // a reused id names the newest request
      this.awaited.set(key, posted);
    }
    while (this.awaited.size > MAX_AWAITED) this.awaited.delete(this.awaited.keys().next().value as string);
  }

  /**
   * Whether a resume from `lastEventId` has nothing to receive: the event is held, its stream has
   * ended, and no event of that stream came after it. Unknown cursors and live streams say false
   * (they are refused or resumed as before).
   */
  finishedAfter(lastEventId: string): boolean {
    const last = this.events.get(lastEventId);
    if (!last || !this.ended.has(last.streamId)) return false;
    for (const event of this.events.values())
      if (event.streamId === last.streamId && event.seq > last.seq) return false;
    return true;
  }

  /** How many events and bytes are held (for tests and diagnostics). */
  get size(): { events: number; bytes: number } {
    return { events: this.events.size, bytes: this.bytes };
  }

  private noteAnswer(streamId: string, message: JSONRPCMessage): void {
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (method !== undefined || (typeof id !== 'string' && typeof id !== 'number')) return;
    if (!('result' in message) && !('error' in message)) return;
    const key = JSON.stringify(id);
    const posted = this.awaited.get(key);
    if (!posted || (posted.streamId !== undefined && posted.streamId !== streamId)) return;
    posted.streamId = streamId;
    posted.waiting.delete(key);
    this.awaited.delete(key);
    if (posted.waiting.size === 0) this.ended.add(streamId);
  }

  private trim(): void {
    while (this.events.size > 1 && (this.events.size > this.limits.events || this.bytes > this.limits.bytes)) {
      const [oldest, event] = this.events.entries().next().value as [string, StoredEvent];
      this.events.delete(oldest);
      this.bytes -= event.json.length;
    }
    // An ended stream is forgotten with its last event.
    if (this.ended.size > 0 && this.ended.size * 2 >= this.events.size) {
      const held = new Set([...this.events.values()].map((event) => event.streamId));
      for (const streamId of this.ended) if (!held.has(streamId)) this.ended.delete(streamId);
    }
  }
}
