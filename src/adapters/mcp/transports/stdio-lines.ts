// The 2025-11-25 stdio transport: one JSON-RPC message per line in, one per line out. The SDK
// v2's stdio transport skips a line that is not JSON without a word; JSON-RPC says to answer it,
// so this one hands every line it cannot read to `onerror` (malformedLineAnswer words the answer)
// and goes on. Like the SDK's, it refuses a line past 10 MiB and closes when stdin ends.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { LineDivert } from './stdio-direct-calls.js';

/** The longest line held while its end has not arrived (the SDK's own bound). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Asked first of every line: a line it takes is not parsed here (stdio-direct-calls.ts). */
  divert?: LineDivert;
  /** The pieces of a line whose end has not arrived yet. */
  #held: Buffer[] = [];
  #heldBytes = 0;
  #closed = false;

  constructor(
    private readonly parse: (line: string) => JSONRPCMessage,
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onError);
    this.stdin.on('end', this.#onEnd);
    this.stdin.on('close', this.#onEnd);
    this.stdout.on('error', this.#onError);
  }

  readonly #onError = (error: Error) => this.onerror?.(error);
  readonly #onEnd = () => {
    void this.close();
  };

  readonly #onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    // Only the new chunk is searched, and a line's pieces are joined once, when its end arrives:
    // a long line sent in many small chunks costs its length, not its length times the chunks.
    let start = 0;
    for (let newline = bytes.indexOf(10); newline !== -1; newline = bytes.indexOf(10, start)) {
      let line = bytes.subarray(start, newline);
      if (this.#held.length > 0) {
        line = Buffer.concat([...this.#held, line]);
        this.#held = [];
        this.#heldBytes = 0;
      }
      start = newline + 1;
      this.#deliver(line.toString('utf8').replace(/\r$/, ''));
      if (this.#closed) return;
    }
    if (start === bytes.length) return;
    this.#held.push(bytes.subarray(start));
    this.#heldBytes += bytes.length - start;
    if (this.#heldBytes > MAX_LINE_BYTES) {
      this.#held = [];
      this.#heldBytes = 0;
      this.onerror?.(new Error(`a stdio line exceeded ${MAX_LINE_BYTES} bytes`));
      void this.close();
    }
  };

  #deliver(line: string): void {
    if (line.trim() === '') return;
    if (this.divert?.take(line)) return;
    let message: JSONRPCMessage;
    try {
      message = this.parse(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onError);
    this.stdin.off('end', this.#onEnd);
    this.stdin.off('close', this.#onEnd);
    this.stdout.off('error', this.#onError);
    this.#held = [];
    this.#heldBytes = 0;
    this.divert?.close();
    this.onclose?.();
  }
}
