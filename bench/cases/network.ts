// network: what the sandbox's proxy costs. An HTTPS GET through the proxy with interception (a
// credential bound to the host: TLS terminated and re-made by the proxy) against the same GET
// straight to the local server, each measured inside one node process doing requests one after
// another (the request, not the sandbox's start): each GET on a connection of its own (TCP, TLS
// handshake, request: what a tool that connects per request pays), and all on one kept-alive
// connection (the proxy's own work alone, against a 0.4 ms baseline); the listener made in the
// sandbox's namespace from outside (each connection accepted by the proxy itself) against the
// relay (each byte piped by a forwarder inside); the least a Node proxy does for a CONNECT (parse
// it, connect, pipe), the least it does to intercept one (terminate TLS, send each request on over
// kept-alive TLS) and an interceptor with no HTTP module at all: the floors of any proxy on Node's
// http, net and tls, run in this process as ours is (bench/network-floors.ts), against the direct
// GET, and the intercepted GET against the first two; and `true` in the workspace-write sandbox
// with the network on (its listener made before the command starts) against the same with no
// network, and with the relay.
import { execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createToolkit } from '../../src/index.js';
import { listenerSyscalls, useRelayForwarder } from '../../src/handlers/exec/network/listener.js';
import { pairsNote, sideBySide, spreadOf, type BenchCase } from '../lib.js';
import { handWrittenInterception, leastInterception, leastTunnel } from '../network-floors.js';

const run = promisify(execFile);
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'network');
const REQUESTS = 400;
const FRESH_REQUESTS = 100;
const BODY_BYTES = 16 * 1024;
/** Rounds of every kind of client, one after the other: the machine's speed drifts between minutes. */
const ROUNDS = 7;
/** Calls of each kind in the start-up row, alternated: a call moves by more than the row's difference. */
const STARTUP_PAIRS = 61;

// The local HTTPS server: a body of the given size per GET, kept-alive connections.
const SERVER = `
const https = require('https'), fs = require('fs'), path = require('path');
const [dir, size] = process.argv.slice(1);
const body = Buffer.alloc(Number(size), 'x');
const server = https.createServer({ key: fs.readFileSync(path.join(dir, 'server-key.pem')), cert: fs.readFileSync(path.join(dir, 'server-cert.pem')) }, (req, res) => {
  res.setHeader('content-type', 'text/plain');
  res.setHeader('content-length', body.length);
  res.end(body);
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

// Sequential requests (through a CONNECT tunnel when a proxy is given), on one TLS connection or
// ("fresh") each on its own: prints the median ms.
const CLIENT = `
const http = require('http'), tls = require('tls'), fs = require('fs');
const [host, port, n, caFile, proxy, mode] = process.argv.slice(2);
// The trust store is read once per process, as curl, git, pip and Node (NODE_EXTRA_CA_CERTS) do: the
// proxied client trusts the system bundle and the proxy's CA (~150 certificates), whose parsing per
// connection would cost more than everything measured here.
const secureContext = tls.createSecureContext({ ca: fs.readFileSync(caFile) });
function open() {
  return new Promise((resolve, reject) => {
    const options = { servername: host, secureContext, session: undefined };
    if (!proxy) return resolve(tls.connect({ ...options, host: '127.0.0.1', port: Number(port) }));
    const url = new URL(proxy);
    const req = http.request({ host: url.hostname, port: url.port, method: 'CONNECT', path: host + ':' + port });
    req.on('connect', (res, socket) => (res.statusCode === 200 ? resolve(tls.connect({ ...options, socket })) : reject(new Error('CONNECT ' + res.statusCode))));
    req.on('error', reject);
    req.end();
  });
}
function get(socket) {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\\r\\n\\r\\n');
      if (end === -1) return;
      const head = buffer.subarray(0, end).toString();
      const chunked = /transfer-encoding: chunked/i.test(head);
      const length = /content-length: (\\d+)/i.exec(head);
      const body = buffer.subarray(end + 4);
      const done = chunked ? body.includes('\\r\\n0\\r\\n\\r\\n') : body.length >= Number(length[1]);
      if (done) { socket.off('data', onData); resolve(); }
    };
    socket.on('data', onData);
    socket.write('GET /bench HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\nAuthorization: Bearer ' + (process.env.BENCH_TOKEN || 'x') + '\\r\\n\\r\\n');
  });
}
async function fresh() {
  const socket = await open();
  await new Promise((r) => socket.once('secureConnect', r));
  await get(socket);
  socket.destroy();
}
(async () => {
  const times = [];
  if (mode === 'fresh') {
    for (let i = 0; i < 10; i++) await fresh();
    for (let i = 0; i < Number(n); i++) { const t = process.hrtime.bigint(); await fresh(); times.push(Number(process.hrtime.bigint() - t) / 1e6); }
  } else {
    const socket = await open();
    await new Promise((r) => socket.once('secureConnect', r));
    for (let i = 0; i < 40; i++) await get(socket);
    for (let i = 0; i < Number(n); i++) { const t = process.hrtime.bigint(); await get(socket); times.push(Number(process.hrtime.bigint() - t) / 1e6); }
    socket.destroy();
  }
  times.sort((a, b) => a - b);
  console.log(times[Math.floor(times.length / 2)].toFixed(4));
})().catch((e) => { console.log('error ' + e.message); process.exit(1); });
`;

const bench: BenchCase = {
  name: 'network',
  async run(ctx) {
    // The server runs in a process of its own, as a real upstream would: not on the proxy's event loop.
    const server = spawn(process.execPath, ['-e', SERVER, fixtures, String(BODY_BYTES)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      server.once('exit', () => reject(new Error('the bench server exited')));
    });
    const upstreamCa = readFileSync(path.join(fixtures, 'upstream-ca.pem'), 'utf8');
    writeFileSync(path.join(ctx.tmp, 'client.js'), CLIENT);
    writeFileSync(path.join(ctx.tmp, 'upstream-ca.pem'), upstreamCa);
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const toolkit = createToolkit({
      workspace: ctx.tmp,
      exec: {
        sandbox: 'workspace-write',
        network: { allow: ['api.test'], allowPrivate: true },
        env: { BENCH_TOKEN: 'bench-credential-value' },
        credentials: [{ env: 'BENCH_TOKEN', hosts: ['api.test'] }],
        upstream: { lookup, ca: upstreamCa },
      },
    });
    try {
      const probe = await toolkit.invoke('exec', 'bash', { command: 'true' });
      if (!probe.ok) {
        ctx.log(`network rows skipped: ${probe.error.message}`);
        return;
      }
      const tunnelling = createToolkit({
        workspace: ctx.tmp,
        exec: {
          sandbox: 'workspace-write',
          network: { allow: ['api.test'], allowPrivate: true },
          upstream: { lookup, ca: upstreamCa },
        },
      });
      type Mode = 'fresh' | 'kept';
      const count = (mode: Mode) => (mode === 'fresh' ? FRESH_REQUESTS : REQUESTS);
      const inside = async (kit: typeof toolkit, ca: string, mode: Mode): Promise<number> => {
        const result = await kit.invoke('exec', 'bash', {
          command: `node client.js api.test ${port} ${count(mode)} ${ca} "$HTTPS_PROXY" ${mode}`,
        });
        const said = result.ok ? (result.output as { stdout: string; stderr: string }) : undefined;
        if (!said || !/^\d/.test(said.stdout)) throw new Error(`the proxied client failed: ${JSON.stringify(result)}`);
        return Number(said.stdout);
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const madeOutside = listenerSyscalls() !== undefined;
      // The floors: proxies with no check, no audit and no sandbox (a client outside).
      const tunnelFloor = await leastTunnel(port);
      const interceptionFloor = await leastInterception(port, fixtures);
      const handWritten = await handWrittenInterception(port, fixtures);
      const outside = async (mode: Mode, proxy: string) => {
        const { stdout } = await run(process.execPath, [
          path.join(ctx.tmp, 'client.js'),
          'api.test',
          String(port),
          String(count(mode)),
          path.join(ctx.tmp, 'upstream-ca.pem'),
          proxy,
          mode,
        ]);
        return Number(stdout);
      };
      for (const mode of ['fresh', 'kept'] as const) {
        const proxied: number[] = [];
        const relayed: number[] = [];
        const tunnelled: number[] = [];
        const floor: number[] = [];
        const interceptFloor: number[] = [];
        const rawFloor: number[] = [];
        const direct: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          proxied.push(await inside(toolkit, '"$SSL_CERT_FILE"', mode));
          if (madeOutside && mode === 'fresh') {
            useRelayForwarder(true);
            try {
              relayed.push(await inside(toolkit, '"$SSL_CERT_FILE"', mode));
            } finally {
              useRelayForwarder(false);
            }
          }
          tunnelled.push(await inside(tunnelling, 'upstream-ca.pem', mode));
          if (mode === 'fresh') {
            floor.push(await outside(mode, tunnelFloor.url));
            interceptFloor.push(await outside(mode, interceptionFloor.url));
            rawFloor.push(await outside(mode, handWritten.url));
          }
          direct.push(await outside(mode, ''));
        }
        const what = mode === 'fresh' ? 'each on a new connection' : 'kept-alive';
        ctx.row({
          case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the proxy with interception`,
          toolwright: median(proxied),
          baseline: median(direct),
          baselineName: 'the same GET straight to the server',
          ...(mode === 'fresh' ? { target: '≤ 1.5×' } : {}),
          note:
            mode === 'fresh'
              ? `median of ${FRESH_REQUESTS} sequential GETs per process (TCP, TLS handshake, request), median of ${ROUNDS} processes (${pairsNote(spreadOf(proxied.map((t, i) => t / direct[i]!)))}); the proxy terminates TLS with a certificate it issued, injects the credential, scrubs the answer and forwards on its own kept-alive TLS connection`
              : `median of ${REQUESTS} sequential requests on one connection per process, median of ${ROUNDS} processes: the proxy's work per request alone (two more hops and a second TLS layer against a local server)`,
        });
        if (relayed.length)
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the proxy with interception, listener made from outside`,
            toolwright: median(proxied),
            baseline: median(relayed),
            baselineName: 'the same with the relay forwarder',
            note: "the proxy accepts the command's connections itself on the listener made in the sandbox's namespace, against a forwarder inside piping every byte to the proxy's unix socket",
          });
        if (floor.length)
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the least CONNECT proxy Node makes`,
            toolwright: median(floor),
            baseline: median(direct),
            baselineName: 'the same GET straight to the server',
            note: 'reference, not toolwright: http.createServer, net.connect and two pipes, in this process; no check, audit or sandbox (the client runs outside): what any proxy on Node pays for a CONNECT',
          });
        if (floor.length)
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the proxy with interception, against the least proxy`,
            toolwright: median(proxied),
            baseline: median(floor),
            baselineName: 'the same GET through the least CONNECT proxy',
            note: "what the sandbox's proxy adds over the floor: the sandbox's own network, the allow list, TLS terminated and made again, the credential, the scrubbed answer, the audit",
          });
        if (interceptFloor.length) {
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the least intercepting proxy Node makes`,
            toolwright: median(interceptFloor),
            baseline: median(direct),
            baselineName: 'the same GET straight to the server',
            note: `reference, not toolwright: TLS terminated by a TLSSocket, each request sent on by https.request over kept-alive connections with one header written in, the answer piped; in this process, the client outside (${pairsNote(spreadOf(interceptFloor.map((t, i) => t / direct[i]!)))}): what any intercepting proxy on Node pays`,
          });
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the proxy with interception, against the least intercepting proxy`,
            toolwright: median(proxied),
            baseline: median(interceptFloor),
            baselineName: 'the same GET through the least intercepting proxy',
            note: "what the sandbox's proxy adds over interception itself: the sandbox's own network, the allow list and pinned addresses, the checked framing, the scrubbed answer, the audit",
          });
        }
        if (rawFloor.length)
          ctx.row({
            case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the least hand-written interceptor on Node`,
            toolwright: median(rawFloor),
            baseline: median(direct),
            baselineName: 'the same GET straight to the server',
            note: `reference, not toolwright: no HTTP module, heads found by indexOf, one header replaced, the answer passed back by its Content-Length, nothing checked (${pairsNote(spreadOf(rawFloor.map((t, i) => t / direct[i]!)))}): what interception on Node's net and tls costs before any check`,
          });
        ctx.row({
          case: `HTTPS GET (${BODY_BYTES / 1024} KiB, ${what}) through the proxy, tunnelled (no interception)`,
          toolwright: median(tunnelled),
          baseline: median(direct),
          baselineName: 'the same GET straight to the server',
          note: 'the path every allowed host without a credential takes: a CONNECT tunnel, accepted by the proxy on the listener in the sandbox',
        });
      }
      await tunnelling.close();
      tunnelFloor.close();
      interceptionFloor.close();
      handWritten.close();

      const offline = createToolkit({ workspace: ctx.tmp, exec: { sandbox: 'workspace-write' } });
      const online = createToolkit({
        workspace: ctx.tmp,
        exec: { sandbox: 'workspace-write', network: { allow: ['api.test'] }, upstream: { lookup } },
      });
      try {
        const call = (kit: typeof online) => async () => {
          const result = await kit.invoke('exec', 'bash', { command: 'true' });
          if (!result.ok) throw new Error(result.error.message);
        };
        const startup = await sideBySide(call(online), call(offline), STARTUP_PAIRS, 3);
        ctx.row({
          case: 'bash `true` in the workspace-write sandbox with an allow list',
          toolwright: startup.toolwright,
          baseline: startup.baseline,
          baselineName: 'the same call with no network',
          target: 'no worse',
          note: `adds ${(startup.toolwright - startup.baseline).toFixed(1)} ms: the listener made in the sandbox's namespace by the toolkit's helper while bwrap sets the sandbox up, before the command starts; ${pairsNote(startup.pairs)}`,
        });
        if (madeOutside) {
          useRelayForwarder(true);
          try {
            const relayed = await sideBySide(call(online), call(offline), STARTUP_PAIRS, 3);
            ctx.row({
              case: 'bash `true` in the workspace-write sandbox with an allow list, relay',
              toolwright: relayed.toolwright,
              baseline: relayed.baseline,
              baselineName: 'the same call with no network',
              note: `adds ${(relayed.toolwright - relayed.baseline).toFixed(1)} ms: the relay's forwarder (perl) started inside before the command, where the listener cannot be made from outside; ${pairsNote(relayed.pairs)}`,
            });
          } finally {
            useRelayForwarder(false);
          }
        }
      } finally {
        await offline.close();
        await online.close();
      }
    } finally {
      await toolkit.close();
      server.kill();
    }
  },
};

export default bench;
