// The proxy's pool of upstream connections on its own (no sandbox): a connection whose last answer
// was read slowly (its socket paused by the reader) still notices, once idle, an answer the server
// writes unasked, and is closed for it: the next request never reads that answer as its own.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UpstreamPool, type UpstreamAnswer } from '../../src/handlers/exec/network/upstream.js';
import { waitFor } from '../support/exec-helpers.js';

const BIG = 1024 * 1024;

/** A pool of plain connections to `server` (listening now), and a GET through it that gives the answer. */
async function poolTo(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new UpstreamPool(() => undefined);
  const to = { tls: false, host: '127.0.0.1', port: (server.address() as AddressInfo).port, ip: true, addresses: [] };
  const ask = (target: string) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const request = pool.request(to, { method: 'GET', target, headers: [['host', 'x']], body: 'none' });
      request.on('response', resolve);
      request.on('error', reject);
      request.end();
    });
  return { pool, ask };
}

/** An answer's body as text. */
async function textOf(answer: UpstreamAnswer): Promise<string> {
  let text = '';
  answer.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
  await new Promise((resolve) => answer.on('end', resolve));
  return text;
}

describe('the upstream pool', () => {
  it('closes an idle connection the server writes to unasked, though a slow reader had paused it', async () => {
    const sockets: Socket[] = [];
    let connections = 0;
    const server = createServer((socket) => {
      const connection = connections++;
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.on('data', (data: Buffer) => {
        for (const line of data
          .toString('latin1')
          .split('\r\n')
          .filter((l) => / HTTP\/1\.1$/.test(l))) {
          if (line.startsWith('GET /big ')) {
            socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${BIG}\r\n\r\n`);
            socket.write(Buffer.alloc(BIG, 'a'));
          } else socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nconnection ${connection}`);
        }
      });
    });
    const { pool, ask } = await poolTo(server);
    try {
      const big = await ask('/big');
      // Not read for a while (the connection pauses), then read slowly to its end.
      await new Promise((resolve) => setTimeout(resolve, 100));
      let read = 0;
      const slow = new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, done) {
          read += chunk.length;
          setTimeout(done, 1);
        },
      });
      big.pipe(slow);
      await new Promise((resolve) => slow.on('finish', resolve));
      expect(read).toBe(BIG);
      // The connection is idle now; the server writes an answer nobody asked for.
      sockets[0]!.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nunsolicited');
      await waitFor(
        () => sockets[0]!.destroyed || sockets[0]!.closed || undefined,
        10_000,
        'the idle connection to close',
      );
      expect(await textOf(await ask('/next'))).toBe('connection 1');
    } finally {
      pool.destroy();
      server.close();
    }
  });

  it('sends a request again on a new connection, not on another idle one the server may have closed too', async () => {
    // Each connection answers its first request (after a while, so that two are open together)
    // and closes without a word at its second.
    let connections = 0;
    const server = createServer((socket) => {
      const connection = connections++;
      let seen = 0;
      socket.on('error', () => undefined);
      socket.on('data', () => {
        if (seen++ > 0) return socket.destroy();
        setTimeout(() => socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nconnection ${connection}`), 50);
      });
    });
    const { pool, ask } = await poolTo(server);
    const text = async (target: string) => textOf(await ask(target));
    try {
      expect((await Promise.all([text('/one'), text('/two')])).sort()).toEqual(['connection 0', 'connection 1']);
      // Both are idle now; the next request meets one that closes, and goes again on a third.
      expect(await text('/three')).toBe('connection 2');
    } finally {
      pool.destroy();
      server.close();
    }
  });
});
