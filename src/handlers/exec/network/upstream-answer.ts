// An answer from an allowed server as the proxy's client reads it (upstream.ts): its status and
// head, and its body as a stream whose backpressure pauses the connection.
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

/** An answer: its status and head, and its body as a stream (backpressure pauses the connection). */
export class UpstreamAnswer extends Readable {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly rawHeaders: string[];
  readonly headers: { 'content-length'?: string };
  readonly socket: Socket;
  readonly keepAlive: boolean;
  complete = false;

  constructor(socket: Socket, status: number, message: string, raw: string[], keepAlive: boolean) {
    super();
    this.socket = socket;
    this.statusCode = status;
    this.statusMessage = message;
    this.rawHeaders = raw;
    this.keepAlive = keepAlive;
    this.headers = {};
    for (let i = 0; i < raw.length; i += 2)
      if (raw[i]!.toLowerCase() === 'content-length') {
        this.headers['content-length'] = raw[i + 1]!;
        break;
      }
  }

  override _read(): void {
    if (this.socket.isPaused()) this.socket.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.complete) this.socket.destroy();
    callback(error);
  }
}
