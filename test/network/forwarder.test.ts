// The command's way to the proxy (127.0.0.1:port in its sandbox: the listener made there from
// outside and served by the proxy itself, or the relay inside piping each connection to the
// proxy's unix socket): concurrent connections are carried at once, each byte for byte in both
// directions (a body larger than any buffer), and a client's half-close reaches the server while
// the answer still comes back; the relay is one process for all of them. With the listener made
// from outside, nothing of the proxy's is in the sandbox: no process, no descriptor, no variable.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenerSyscalls, useRelayForwarder } from '../../src/handlers/exec/network/listener.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';
import { httpServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const CONNECTIONS = 8;
const BODY = 1024 * 1024 + 7;

// Opens CONNECTIONS tunnels at once and holds them, counts the perl processes in the sandbox, then
// sends a large POST in each, half-closes and reads each answer to its end.
const CLIENT = `
const net = require('net'), fs = require('fs');
const [port, connections, size] = process.argv.slice(2).map(Number);
const proxy = new URL(process.env.HTTP_PROXY);
function tunnel() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(proxy.port), proxy.hostname);
    socket.on('error', reject);
    socket.write('CONNECT api.test:' + port + ' HTTP/1.1\\r\\nHost: api.test:' + port + '\\r\\n\\r\\n');
    let head = '';
    const onData = (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\\r\\n\\r\\n')) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 200')) reject(new Error(head));
      else resolve(socket);
    };
    socket.on('data', onData);
  });
}
function perls() {
  return fs.readdirSync('/proc').filter((pid) => {
    if (!/^\\d+$/.test(pid)) return false;
    try { return fs.readFileSync('/proc/' + pid + '/comm', 'utf8').trim() === 'perl'; } catch { return false; }
  }).length;
}
function post(socket, i) {
  return new Promise((resolve, reject) => {
    const body = Buffer.alloc(size, 97 + i);
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write('POST /up/' + i + ' HTTP/1.1\\r\\nHost: api.test\\r\\nContent-Length: ' + size + '\\r\\nConnection: close\\r\\n\\r\\n');
    socket.end(body);
  });
}
(async () => {
  const sockets = await Promise.all(Array.from({ length: connections }, tunnel));
  console.log('perl processes: ' + perls());
  const answers = await Promise.all(sockets.map(post));
  for (const [i, answer] of answers.entries()) {
    const body = answer.split('\\r\\n\\r\\n').slice(1).join('\\r\\n\\r\\n');
    console.log(i + ': ' + body.slice(0, 40) + ' … ' + body.length);
  }
})().catch((e) => { console.log('error ' + e.message); process.exit(1); });
`;

afterEach(() => useRelayForwarder(false));

const modes = [...(listenerSyscalls() ? (['listener'] as const) : []), 'relay'] as const;

describe.runIf(runSandboxTests).each(modes)("the command's way to the proxy (%s)", (mode) => {
  it(
    'carries concurrent connections byte for byte both ways with at most one process, and passes a half-close on',
    async () => {
      useRelayForwarder(mode === 'relay');
      const server = await httpServer((req, res, body) => {
        // Every byte the client sent is one letter: the count and the letters it saw, then a large answer.
        const letters = [...new Set(body)].join('');
        res.setHeader('content-type', 'text/plain');
        res.end(`${req.url} got ${body.length} of ${letters} `.padEnd(40, '.') + 'z'.repeat(BODY));
      });
      const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
      const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, lookup);
      writeFileSync(path.join(ws, 'client.js'), CLIENT);
      const out = await sh(toolkit, `node client.js ${server.port} ${CONNECTIONS} ${BODY}`);
      const lines = out.stdout.trim().split('\n');
      // The relay: one forwarder, whatever the number of connections it holds open; none else.
      expect(lines[0]).toBe(`perl processes: ${mode === 'relay' ? 1 : 0}`);
      expect(lines.slice(1)).toEqual(
        Array.from(
          { length: CONNECTIONS },
          (_, i) => `${i}: ${`/up/${i} got ${BODY} of ${String.fromCharCode(97 + i)} `.padEnd(40, '.')} … ${40 + BODY}`,
        ),
      );
      expect(server.seen).toHaveLength(CONNECTIONS);
    },
    scaled(60_000),
  );

  it('loads nothing the environment names into perl (PERL5OPT, PERL5LIB)', async () => {
    useRelayForwarder(mode === 'relay');
    const server = await httpServer();
    const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
    // A module in the workspace that a command could have written, named by the host's settings.
    mkdirSync(path.join(ws, 'lib'), { recursive: true });
    writeFileSync(path.join(ws, 'lib', 'TwProbe.pm'), `open(my $f, '>>', '${ws}/loaded'); print $f "$$\\n"; 1;\n`);
    const toolkit = netToolkit(
      {
        network: { allow: ['api.test'], allowPrivate: true },
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PERL5OPT: '-MTwProbe', PERL5LIB: path.join(ws, 'lib') },
      },
      lookup,
    );
    const out = await sh(toolkit, `curl -sS http://api.test:${server.port}/x; perl -e 1; wc -l < loaded`);
    // The command's own perl loads it (once): the forwarder did not.
    expect(out.stdout).toBe('hello GET /x\n1\n');
  });

  it.runIf(mode === 'listener')(
    "puts nothing of the proxy's in the sandbox: no process, no descriptor, no channel variable, whatever bash runs first",
    async () => {
      const server = await httpServer();
      const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
      // Code bash runs before the command (a startup file, an exported function) finds nothing
      // either: it notes the descriptors it holds.
      writeFileSync(path.join(ws, 'early.sh'), `ls -l /proc/$$/fd >> ${ws}/early\n`);
      const toolkit = netToolkit(
        {
          network: { allow: ['api.test'], allowPrivate: true },
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', BASH_ENV: path.join(ws, 'early.sh') },
        },
        lookup,
      );
      // Every descriptor the command holds, by what it is; the variables; the processes it sees.
      const out = await sh(
        toolkit,
        [
          'for fd in /proc/$$/fd/*; do printf "%s " "${fd##*/}:$(readlink "$fd" | sed "s/:.*//")"; done; echo',
          'env | grep -c "^NODE_CHANNEL" || true',
          'for p in /proc/[0-9]*; do cat $p/comm 2>/dev/null; done | sort -u | tr "\\n" " "; echo',
          `curl -sS http://api.test:${server.port}/after`,
        ].join('; '),
      );
      const [fds, channelVars, processes, answer] = out.stdout.trim().split('\n');
      // stdin, stdout, stderr and the listing's own descriptor: no socket.
      expect(fds!.split(' ').filter((fd) => fd.includes('socket'))).toEqual([]);
      expect(channelVars).toBe('0');
      expect(processes!.split(' ').filter(Boolean)).not.toContain('perl');
      expect(answer).toBe('hello GET /after');
      // Its descriptors are the command's own (4: the socket saying bash started), nothing above.
      const early = readFileSync(path.join(ws, 'early'), 'utf8');
      expect(early).toContain('/dev/null');
      expect(early).not.toMatch(/ ([5-9]|\d\d+) -> socket:/);
      expect(server.seen).toHaveLength(1);
    },
    scaled(30_000),
  );
});
