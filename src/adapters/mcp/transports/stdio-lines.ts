// The 2025-11-25 stdio transport: one JSON-RPC message per line in, one per line out. The SDK
// v2's stdio transport skips a line that is not JSON without a word; JSON-RPC says to answer it,
// so this one hands every line it cannot read to `onerror` (malformedLineAnswer words the answer)
// and goes on. Like the SDK's, it refuses a line past 10 MiB and closes when stdin ends.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

/** The longest line held while its end has not arrived (the SDK's own bound). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #held: Buffer | undefined;
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
    let buffer = this.#held ? Buffer.concat([this.#held, bytes]) : bytes;
    for (let newline = buffer.indexOf(10); newline !== -1; newline = buffer.indexOf(10)) {
      const line = buffer.toString('utf8', 0, newline).replace(/\r$/, '');
      buffer = buffer.subarray(newline + 1);
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = this.parse(line);
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      this.onmessage?.(message);
    }
    this.#held = buffer.length > 0 ? buffer : undefined;
    if ((this.#held?.length ?? 0) > MAX_LINE_BYTES) {
      this.#held = undefined;
      this.onerror?.(new Error(`a stdio line exceeded ${MAX_LINE_BYTES} bytes`));
      void this.close();
    }
  };

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
    this.#held = undefined;
    this.onclose?.();
  }
}
