// The requests inside an intercepted tunnel, driven against the proxy itself (no sandbox): bare
// requests are served by the tunnel's own reader, and the first request that is not bare (a body,
// a head the parser refuses) hands the rest of the connection to the proxy's HTTP server, from
// that request's first byte on. Every request gets one answer, in order; the server sees exactly
// what the client sent; the credential goes in and never comes back; connections the client
// leaves are let go.
import { createServer as createTcp, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS, setFirstRequestTimeout } from '../../src/handlers/exec/network/limits.js';
import { waitFor } from '../support/exec-helpers.js';
import { answers, CLOSE, ok, PLACEHOLDER, proxy, upstream, VALUE } from './tunnel-harness.js';

const BIG = 300 * 1024;

describe('requests inside an intercepted tunnel', () => {
  it('serves bare requests, hands the rest to the HTTP server at the first with a body, and keeps the order', async () => {
    const server = await upstream((line, body) => ok(`${line.split(' ')[0]} ${line.split(' ')[1]} [${body}]`));
    const { tunnel, records } = await proxy();
    const socket = await tunnel(server.port);
    const got = answers(socket, 4);
    // All written at once: two bare requests, one with a body, one bare after it.
    socket.write(
      `GET /a HTTP/1.1\r\nHost: api.test:${server.port}\r\nAuthorization: Bearer ${PLACEHOLDER}\r\n\r\n` +
        'GET /b HTTP/1.1\r\n\r\n' +
        `POST /c HTTP/1.1\r\nContent-Length: 5\r\nAuthorization: Bearer ${PLACEHOLDER}\r\n\r\nhello` +
        'GET /d HTTP/1.1\r\n\r\n',
    );
    const bodies = (await got).map((answer) => answer.body);
    expect(bodies).toEqual(['GET /a []', 'GET /b []', 'POST /c [hello]', 'GET /d []']);
    expect(server.seen.map((s) => [s.line, s.body])).toEqual([
      ['GET /a HTTP/1.1', ''],
      ['GET /b HTTP/1.1', ''],
      ['POST /c HTTP/1.1', 'hello'],
      ['GET /d HTTP/1.1', ''],
    ]);
    // The binding sets the header on every request to the host, whatever the command sent.
    expect(server.seen.every((s) => s.authorization === `Bearer ${VALUE}`)).toBe(true);
    socket.destroy();
    await waitFor(() => records.length >= 4, 5_000, 'the audit');
    expect(records.map((r) => [r.method, r.path, r.status, r.failed, r.credentials])).toEqual([
      ['GET', '/a', 200, false, ['TW_TOKEN']],
      ['GET', '/b', 200, false, ['TW_TOKEN']],
      ['POST', '/c', 200, false, ['TW_TOKEN']],
      ['GET', '/d', 200, false, ['TW_TOKEN']],
    ]);
    expect(records[0]!.bytesReceived).toBe('GET /a []'.length);
  });

  it('reads a head split into single bytes, and one written ahead past 64 KiB while an answer is awaited', async () => {
    const server = await upstream((line) => (line.startsWith('GET /slow ') ? '' : ok(`answer ${line.split(' ')[1]}`)));
    const { tunnel } = await proxy();
    const socket = await tunnel(server.port);
    const first = answers(socket, 1);
    for (const byte of 'GET /split HTTP/1.1\r\nHost: api.test\r\n\r\n') {
      socket.write(byte);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await first)[0]!.body).toBe('answer /split');
    // 800 requests of 100 bytes each behind one the server answers only when they are all sent.
    const many = Array.from(
      { length: 800 },
      (_, i) => `GET /r${String(i).padStart(4, '0')}${'x'.repeat(72)} HTTP/1.1\r\n\r\n`,
    );
    const got = answers(socket, 800);
    socket.write(many.join(''));
    const bodies = (await got).map((answer) => answer.body);
    expect(bodies).toEqual(many.map((request) => `answer ${request.split(' ')[1]}`));
    expect(server.seen).toHaveLength(801);
  });

  it('reads no further request while an answer waits for a client that does not read', async () => {
    const size = 200 * 1024;
    const server = await upstream((line) => ok(`${line.split(' ')[1]} ${'a'.repeat(size)}`));
    const { tunnel } = await proxy();
    const socket = await tunnel(server.port);
    socket.pause();
    // 400 requests in 12 KiB, whose answers would be 80 MB held in the proxy.
    const requests = Array.from({ length: 400 }, (_, i) => `GET /r${i} HTTP/1.1\r\n\r\n`);
    socket.write(requests.join(''));
    // Once the answers fill the buffers on the way, the proxy sends nothing more upstream.
    let seen = -1;
    await waitFor(
      async () => {
        const before = seen;
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = server.seen.length;
        return seen > 0 && seen === before;
      },
      10_000,
      'the requests upstream to stop',
    );
    expect(server.seen.length).toBeLessThan(60);
    // Read, every answer comes, in order.
    const got = answers(socket, 400);
    socket.resume();
    const bodies = (await got).map((answer) => answer.body.split(' ')[0]);
    expect(bodies).toEqual(requests.map((request) => request.split(' ')[1]));
  });

  it('passes held, streamed, HEAD, 304 and echoing answers on one connection, the value never back', async () => {
    const server = await upstream((line) => {
      const [method, target] = line.split(' ');
      if (method === 'HEAD') return 'HTTP/1.1 200 OK\r\nContent-Length: 777\r\n\r\n';
      if (target === '/not-modified') return 'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n\r\n';
      if (target === '/big') return ok(`${VALUE}${'b'.repeat(BIG)}${VALUE}`);
      if (target === '/chunked')
        return `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n${VALUE.length.toString(16)}\r\n${VALUE}\r\n0\r\n\r\n`;
      return ok(`small ${target} ${VALUE}`);
    });
    const { tunnel } = await proxy();
    const socket = await tunnel(server.port);
    const ask = async (request: string, head = false) => {
      const got = answers(socket, 1, head);
      socket.write(request);
      return (await got)[0]!;
    };
    const small = await ask('GET /small HTTP/1.1\r\n\r\n');
    expect(small.body).toBe(`small /small ${PLACEHOLDER}`);
    expect(small.headers).toMatch(new RegExp(`\r\nx-seen: Bearer ${PLACEHOLDER}`, 'i'));
    // As Node's server says: clients drop an idle connection before the proxy does.
    expect(small.headers).toMatch(/\r\nconnection: keep-alive\r\nkeep-alive: timeout=5$/i);
    const big = await ask('GET /big HTTP/1.1\r\n\r\n');
    expect(big.body).toBe(`${PLACEHOLDER}${'b'.repeat(BIG)}${PLACEHOLDER}`);
    const head = await ask('HEAD /h HTTP/1.1\r\n\r\n', true);
    expect(head.headers).toMatch(/\r\ncontent-length: 777(\r\n|$)/i);
    const notModified = await ask('GET /not-modified HTTP/1.1\r\n\r\n');
    expect(notModified.status).toBe(304);
    const chunked = await ask('GET /chunked HTTP/1.1\r\n\r\n');
    expect(chunked.body).toBe(`hello${PLACEHOLDER}`);
    const after = await ask('GET /after HTTP/1.1\r\n\r\n');
    expect(after.body).toBe(`small /after ${PLACEHOLDER}`);
    for (const answer of [small, big, head, notModified, chunked, after])
      expect(answer.headers + answer.body).not.toContain(VALUE);
    // All on one upstream connection and one tunnel.
    expect(server.seen).toHaveLength(6);
  });

  it('lets go of connections the client leaves, half-closes or asks to close', async () => {
    const server = await upstream((line) => (line.startsWith('GET /never ') ? '' : ok(`answer ${line.split(' ')[1]}`)));
    const { tunnel, open } = await proxy();
    // More than a command may hold at once: each must be let go as the client leaves it.
    for (let i = 0; i < MAX_CONNECTIONS + 20; i++) {
      const socket = await tunnel(server.port);
      const got = answers(socket, 1);
      socket.write(`GET /n${i} HTTP/1.1\r\n\r\n`);
      expect((await got)[0]!.body).toBe(`answer /n${i}`);
      socket.destroy();
    }
    await waitFor(() => open() === 0, 5_000, 'the connections to close');
    // A client that leaves while the server has not answered (one that never will) is let go,
    // with the upstream exchange: so is one that half-closes, as Node's own server does.
    for (const leave of ['destroy', 'end'] as const) {
      const socket = await tunnel(server.port);
      socket.write('GET /never HTTP/1.1\r\n\r\n');
      await waitFor(() => server.seen.filter((s) => s.line.startsWith('GET /never ')).length, 5_000, 'the request');
      socket[leave]();
      await waitFor(() => open() === 0, 5_000, `the connection left by ${leave} to close`);
      server.seen.length = 0;
    }
    // One that had written more than 64 KiB ahead while its first request was in hand too.
    const ahead = await tunnel(server.port);
    const aheadGot = answers(ahead, 2);
    ahead.write('GET /slow HTTP/1.1\r\nConnection: close\r\n\r\n');
    ahead.write(`GET /b HTTP/1.1\r\nX-Pad: ${'p'.repeat(8000)}\r\n\r\n`.repeat(10));
    expect((await aheadGot).map((answer) => answer.body)).toEqual(['answer /slow']);
    await waitFor(() => open() === 0, 5_000, 'the connection written ahead to close');
    // Connection: close is answered so, and the proxy closes after the answer.
    const closing = await tunnel(server.port);
    const closed = answers(closing, 2);
    closing.write('GET /close HTTP/1.1\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\n\r\n');
    const [answer, ...more] = await closed;
    expect(answer!.headers).toMatch(/\r\nconnection: close/i);
    expect(more).toEqual([]);
    expect(server.seen.some((s) => s.line.startsWith('GET /never '))).toBe(false);
    await waitFor(() => open() === 0, 5_000, 'the connections to close');
  });

  it('closes a connection whose next head never completes, and answers a head it cannot read as the HTTP server does', async () => {
    const server = await upstream((line) => ok(`answer ${line.split(' ')[1]}`));
    const { tunnel } = await proxy();
    const before = setFirstRequestTimeout(300);
    try {
      const socket = await tunnel(server.port);
      const got = answers(socket, 2);
      socket.write('GET /one HTTP/1.1\r\n\r\nGET /two HTTP/1.1\r\nHost: api');
      const closedAt = new Promise((resolve) => socket.once('close', resolve));
      expect((await got).map((answer) => answer.body)).toEqual(['answer /one']);
      await closedAt;
      const unreadable = await tunnel(server.port);
      const refused = answers(unreadable, 1);
      unreadable.write('get /lower HTTP/1.1\r\n\r\n');
      const [answer] = await refused;
      expect(answer!.status).toBe(400);
      expect(answer!.body).toMatch(/^toolwright: the proxy could not read the request/);
      expect(server.seen.map((s) => s.line)).toEqual(['GET /one HTTP/1.1']);
    } finally {
      setFirstRequestTimeout(before);
    }
  });

  it('answers 502 for an answer cut short or a protocol switch, audited as failed, the connection closed', async () => {
    const server = await upstream((line) => {
      const target = line.split(' ')[1];
      if (target === '/cut') return `${CLOSE}HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ${VALUE}`;
      if (target === '/switch') return 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n';
      return ok('fine');
    });
    const { tunnel, records } = await proxy();
    for (const [target, line] of [
      ['/cut', /^toolwright: the answer of api\.test was cut short/],
      ['/switch', /^toolwright: api\.test answered without an answer the proxy can pass on/],
    ] as const) {
      const socket = await tunnel(server.port);
      const got = answers(socket, 2);
      socket.write(`GET ${target} HTTP/1.1\r\n\r\n`);
      const [answer, ...more] = await got;
      expect(answer!.status).toBe(502);
      expect(answer!.body).toMatch(line);
      expect(answer!.body).not.toContain(VALUE);
      expect(more).toEqual([]);
    }
    // Each exchange audited as failed, each refusal noted.
    await waitFor(() => records.filter((r) => r.failed).length >= 2, 5_000, 'the audit');
    expect(records.filter((r) => r.decision === 'refused').map((r) => r.reason)).toEqual([
      'unsupported',
      'unsupported',
    ]);
  });

  it('answers 502 with Connection: close when the server cannot be reached, and passes a compressed HEAD answer', async () => {
    const server = await upstream((line) =>
      line.startsWith('HEAD ')
        ? 'HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 31\r\n\r\n'
        : 'HTTP/1.1 204 No Content\r\nContent-Encoding: gzip\r\n\r\n',
    );
    const { tunnel } = await proxy();
    // A port nobody listens on: two requests written at once, the first answered, the second not sent.
    const closed = createTcp();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nobody = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await tunnel(nobody);
    const failed = answers(unreachable, 2);
    unreachable.write('GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n');
    const [answer, ...more] = await failed;
    expect(answer!.status).toBe(502);
    expect(answer!.headers).toMatch(/\r\nconnection: close/i);
    expect(answer!.body).toMatch(/^toolwright: the request to api\.test:\d+ failed \(ECONNREFUSED\)/);
    expect(more).toEqual([]);
    // A HEAD (bare, and one the HTTP server reads: it names a length) and a 204 naming gzip: no
    // body to decode, answered with their heads.
    const socket = await tunnel(server.port);
    for (const request of [
      'HEAD /h HTTP/1.1\r\n\r\n',
      'GET /empty HTTP/1.1\r\n\r\n',
      'HEAD /h HTTP/1.1\r\nContent-Length: 0\r\n\r\n',
    ]) {
      const got = answers(socket, 1, request.startsWith('HEAD'));
      socket.write(request);
      const [head] = await got;
      expect(head!.status).toBe(request.startsWith('HEAD') ? 200 : 204);
      if (request.startsWith('HEAD')) expect(head!.headers).toMatch(/\r\ncontent-length: 31(\r\n|$)/i);
    }
    expect(server.seen).toHaveLength(3);
  });

  it('answers a HEAD it cannot pass on with a head alone: no body a client would read as the next answer', async () => {
    const server = await upstream((line) =>
      line.includes('/garbage') ? `${CLOSE}garbage\r\n\r\n` : 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n',
    );
    const { tunnel } = await proxy();
    for (const [target, line] of [
      ['/garbage', /^HTTP\/1\.1 502 toolwright: the request to api\.test failed \(HPE_INVALID_CONSTANT\)\r\n/],
      ['/switch', /^HTTP\/1\.1 502 toolwright: api\.test answered without an answer the proxy can pass on/],
    ] as const) {
      const socket = await tunnel(server.port);
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`HEAD ${target} HTTP/1.1\r\n\r\n`);
      await closed;
      expect(text).toMatch(line);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      // The head names the length the body would have had; nothing follows it.
      expect(text.endsWith('\r\n\r\n')).toBe(true);
      expect(text.indexOf('\r\n\r\n')).toBe(text.length - 4);
    }
  });
});
