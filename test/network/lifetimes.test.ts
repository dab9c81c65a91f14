// Nothing the proxy holds for a command outlives what it was for: no upstream connection is opened
// for a client that left while its name resolved; idle upstream connections are few, whatever
// number of hosts a wildcard admits; an answer cut short upstream ends the command's exchange (not
// a wait for an end that never comes), so does an answer the proxy cannot pass on; and a connection
// that never sends a request is closed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import { createServer as createTcp, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { createServer as createTls } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WHOLE_ANSWER_BYTES } from '../../src/handlers/exec/network/answer.js';
import { MAX_IDLE_UPSTREAM, setFirstRequestTimeout } from '../../src/handlers/exec/network/limits.js';
import { runSandboxTests, waitFor } from '../support/exec-helpers.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';
import { scaled } from '../support/time.js';

useNetworkWorkspace();

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');
const TOKEN = 'real-token-5b0d8e2c7a91f4';

/** Every name resolves to 127.0.0.1. */
const resolveAll = () => ({ lookup: async () => [{ address: '127.0.0.1', family: 4 as const }] });

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server counting the connections it holds open now, and all it ever accepted. */
async function counted<T extends Server>(server: T): Promise<{ port: number; open(): number; accepted(): number }> {
  let open = 0;
  let accepted = 0;
  server.on(server instanceof createTls().constructor ? 'secureConnection' : 'connection', (socket: Socket) => {
    open++;
    accepted++;
    socket.on('error', () => undefined);
    socket.once('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, open: () => open, accepted: () => accepted };
}

/** A TLS server for api.test writing `raw` in answer to any request, then leaving. */
function rawTls(raw: string) {
  const server = createTls({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
  server.on('secureConnection', (socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(raw));
  });
  return counted(server);
}

// Opens `count` connections to the proxy, writes a CONNECT or a plain GET for host:port on each,
// and leaves 20 ms later (a reset, or a close), before the proxy's check is done.
const LEAVER = `
const net = require('net');
const [mode, how, host, port, count] = process.argv.slice(2);
const proxy = new URL(process.env.HTTP_PROXY);
let left = Number(count);
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(proxy.port), proxy.hostname, () => {
    socket.write(mode === 'connect'
      ? 'CONNECT ' + host + ':' + port + ' HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\n\\r\\n'
      : 'GET http://' + host + ':' + port + '/ HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\n\\r\\n');
    setTimeout(() => (how === 'reset' ? socket.resetAndDestroy() : socket.destroy()), 20);
  });
  socket.on('error', () => {});
  socket.on('close', () => { if (--left === 0) console.log('all left'); });
}
`;

// Sends the start of a request line (plain), or a CONNECT and then no TLS handshake (tls), and says
// whether the proxy closed the connection within `waitMs`.
const STALLER = `
const net = require('net');
const [mode, port, waitMs] = process.argv.slice(2);
const proxy = new URL(process.env.HTTP_PROXY);
const socket = net.connect(Number(proxy.port), proxy.hostname, () => {
  socket.write(mode === 'plain' ? 'GET http://api.test:' + port + '/ HT' : 'CONNECT api.test:' + port + ' HTTP/1.1\\r\\nHost: api.test\\r\\n\\r\\n');
});
socket.on('error', () => {});
socket.on('data', () => {});
const timer = setTimeout(() => { console.log(mode + ' still open'); socket.destroy(); }, Number(waitMs));
socket.on('close', () => { clearTimeout(timer); console.log(mode + ' closed'); });
`;

describe.runIf(runSandboxTests)('the network proxy: nothing outlives what it was for', () => {
  it('opens nothing upstream for a client that left while its name was resolved, and keeps nothing open for one', async () => {
    const tunnelled = await counted(createHttp());
    const plain = await counted(createHttp());
    // The name is resolved once the clients have left (the command says so with a file) and the
    // proxy's event loop has polled its sockets since (a file seen by a timer, before the loop's
    // poll, could come before the resets are read): however slow the machine, the proxy has seen
    // them go before its check is done.
    const afterLeaving = async () => {
      await waitFor(() => existsSync(path.join(ws, 'left')), 20_000, 'the clients to leave');
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, scaled(250)));
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const toolkit = netToolkit({ network: { allow: ['slow.test'], allowPrivate: true } }, afterLeaving);
    writeFileSync(path.join(ws, 'leaver.js'), LEAVER);
    const leave = (how: string) =>
      `rm -f left; node leaver.js connect ${how} slow.test ${tunnelled.port} 20; node leaver.js plain ${how} slow.test ${plain.port} 20; touch left; sleep 0.6`;
    for (const how of ['reset', 'close']) {
      const out = await sh(toolkit, leave(how));
      expect(out.stdout).toBe('all left\nall left\n');
      // A plain request's connection is read while its name resolves: a reset is seen, nothing is
      // opened. (A tunnel's is not read after the CONNECT, nor a closed half: what was opened for
      // them closes with them.)
      if (how === 'reset') expect(plain.accepted()).toBe(0);
      await waitFor(
        () => tunnelled.open() === 0 && plain.open() === 0,
        10_000,
        'the upstream connections of clients that left to close',
      );
    }
  });

  it(`keeps at most ${MAX_IDLE_UPSTREAM} idle upstream connections, whatever number of hosts a wildcard admits`, async () => {
    const server = createHttp((_req, res) => res.end('ok\n'));
    server.keepAliveTimeout = 60_000;
    const upstream = await counted(server);
    const toolkit = netToolkit({ network: { allow: ['*.w.test'], allowPrivate: true } }, resolveAll().lookup);
    const urls = Array.from({ length: 100 }, (_, i) => `http://h${i}.w.test:${upstream.port}/`).join(' ');
    const out = await sh(toolkit, `curl -sS ${urls} | grep -c ok`);
    expect(out.stdout.trim()).toBe('100');
    expect(upstream.accepted()).toBe(100);
    await waitFor(() => upstream.open() <= MAX_IDLE_UPSTREAM, 10_000, 'the idle connections past the cap to close');
    expect(upstream.open()).toBeLessThanOrEqual(MAX_IDLE_UPSTREAM);
  });

  it('ends the exchange of an answer cut short upstream, scrubbed or not, and answers 502 to a protocol switch nobody asked for', async () => {
    const cut = await rawTls('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhello');
    // Longer than the proxy holds whole: streamed through the scrubber.
    const longCut = await rawTls(`HTTP/1.1 200 OK\r\nContent-Length: ${2 * WHOLE_ANSWER_BYTES}\r\n\r\nhello`);
    const switched = await rawTls(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: nothing\r\nConnection: upgrade\r\n\r\n',
    );
    const plainCut = createTcp((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhello'));
    });
    const plain = await counted(plainCut);
    const toolkit = netToolkit(
      {
        network: { allow: ['api.test'], allowPrivate: true },
        env: { TW_TOKEN: TOKEN },
        credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
      },
      resolveAll().lookup,
    );
    const out = await sh(
      toolkit,
      [
        `curl -sS -m 30 https://api.test:${longCut.port}/ 2>/dev/null; echo " exit $?"`,
        `curl -sS -m 30 https://api.test:${cut.port}/; echo " exit $?"`,
        `curl -sS -m 30 http://api.test:${plain.port}/; echo " exit $?"`,
        `curl -sS -m 30 https://api.test:${switched.port}/; echo " exit $?"`,
      ].join('; '),
    );
    const [streamed, ...rest] = out.stdout.trim().split('\n');
    // At once, not after curl's own timeout (28): a streamed answer ended short (18), or before the
    // scrubber let anything through (52: what it held back could begin the value); one held whole
    // is answered 502 with the reason, nothing of it having been sent.
    expect(streamed).toMatch(/^(hello exit 18| ?exit 52)$/);
    expect(rest.slice(0, 4)).toEqual([
      'toolwright: the answer of api.test was cut short',
      ' exit 0',
      'toolwright: the answer of api.test was cut short',
      ' exit 0',
    ]);
    expect(rest.slice(4).join('\n')).toMatch(
      /^toolwright: api\.test answered without an answer the proxy can pass on \(a protocol switch nobody asked for, or none at all\)\n exit 0$/,
    );
  });

  it('closes a connection that sends no whole request, or no TLS handshake, in time', async () => {
    const before = setFirstRequestTimeout(300);
    try {
      const toolkit = netToolkit(
        {
          network: { allow: ['api.test'], allowPrivate: true },
          env: { TW_TOKEN: TOKEN },
          credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
        },
        resolveAll().lookup,
      );
      writeFileSync(path.join(ws, 'staller.js'), STALLER);
      const out = await sh(toolkit, `node staller.js plain 443 8000; node staller.js tls 443 8000`);
      expect(out.stdout).toBe('plain closed\ntls closed\n');
    } finally {
      setFirstRequestTimeout(before);
    }
  });
});
