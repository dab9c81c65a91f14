// Intercepted tunnels under a race: many clients at once, each writing bare requests, requests with
// a body and half heads in random pieces, and leaving at random moments (a destroy, a half-close,
// mid-head, mid-answer). Every answer a client reads whole is the one to its own request, with the
// placeholder and never the value; once all are gone the proxy holds no connection from them.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/exec-helpers.js';
import { answers, ok, PLACEHOLDER, proxy, upstream, VALUE } from '../network/tunnel-harness.js';

const CLIENTS = 40;
const ROUNDS = 5;

describe('intercepted tunnels under a race', () => {
  it('answers each request its own answer and lets go of every connection, whenever clients leave', async () => {
    const server = await upstream((line, body) => {
      const target = line.split(' ')[1]!;
      // Long enough, for some, to be streamed rather than held.
      // One the server never answers: its client leaves while it waits.
      if (target.endsWith('-never')) return '';
      const size = target.endsWith('-big') ? 300 * 1024 : 20;
      return ok(`${target} [${body}] ${VALUE} ${'x'.repeat(size)}`);
    });
    const { tunnel, open } = await proxy();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const socket = await tunnel(server.port);
          socket.on('error', () => undefined);
          const count = 1 + randomInt(4);
          const requests = Array.from({ length: count }, (_, i) => {
            const target = `/c${round}-${client}-${i}${randomInt(4) === 0 ? '-big' : ''}`;
            return randomInt(3) === 0
              ? `POST ${target} HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody`
              : `GET ${target} HTTP/1.1\r\n\r\n`;
          });
          // A third of the clients leave early, some mid-head; some after a request never answered.
          const waiting = randomInt(3) === 0;
          if (waiting) requests.push(`GET /c${round}-${client}-never HTTP/1.1\r\n\r\n`);
          const wire = Buffer.from(requests.join(''));
          const got = answers(socket, count);
          const leaveAt = waiting ? wire.length : randomInt(3) === 0 ? randomInt(wire.length) : -1;
          let at = 0;
          while (at < wire.length) {
            const next = Math.min(wire.length, at + 1 + randomInt(60));
            if (leaveAt >= at && leaveAt < next) {
              socket.write(wire.subarray(at, leaveAt));
              if (randomInt(2) === 0) socket.destroy();
              else socket.end();
              break;
            }
            socket.write(wire.subarray(at, next));
            at = next;
            if (randomInt(4) === 0) await new Promise((resolve) => setImmediate(resolve));
          }
          if (waiting) setTimeout(() => (randomInt(2) === 0 ? socket.destroy() : socket.end()), randomInt(100)).unref();
          const read = await Promise.race([
            got,
            // A client that left after its last byte may or may not read its answers.
            new Promise<Awaited<typeof got>>((resolve) => setTimeout(() => resolve([]), leaveAt >= 0 ? 2_000 : 60_000)),
          ]);
          // Whatever was read whole is, in order, the answer to the client's own requests; a client
          // that half-closed inside a request may instead read that it was cut (the HTTP server's
          // 400), and nothing after it.
          const cut = read.findIndex((answer) => answer.status === 400);
          if (cut >= 0) {
            expect(leaveAt).toBeGreaterThanOrEqual(0);
            expect(read[cut]!.body).toMatch(
              /^toolwright: the proxy could not read the request \(HPE_INVALID_EOF_STATE\)/,
            );
            expect(read.slice(cut + 1)).toEqual([]);
            read.splice(cut);
          }
          read.forEach((answer, i) => {
            const target = requests[i]!.split(' ')[1]!;
            const body = requests[i]!.startsWith('POST') ? 'body' : '';
            const expected = `${target} [${body}] ${PLACEHOLDER} x`;
            expect(answer.body.slice(0, expected.length)).toBe(expected);
            expect(answer.headers + answer.body).not.toContain(VALUE);
          });
          if (leaveAt < 0) expect(read).toHaveLength(count);
          socket.destroy();
        }),
      );
    }
    await waitFor(() => open() === 0, 10_000, 'every connection to the proxy to close');
  });
});
