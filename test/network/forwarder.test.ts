// The forwarder inside the sandbox (127.0.0.1:port, handing each connection to the proxy over the
// command's IPC channel, or relaying it to the proxy's unix socket) is one process for every
// connection of a command: concurrent connections are carried at once, each byte for byte in both
// directions (a body larger than any buffer), and a client's half-close reaches the server while
// the answer still comes back. The hand-off's channel is the forwarder's alone: the command finds
// no descriptor or variable of it, and cannot trace the forwarder to reach it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handoffSyscalls, shellStartsClean, useRelayForwarder } from '../../src/handlers/exec/network/forwarder.js';
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

const modes = [...(handoffSyscalls() ? (['hand-off'] as const) : []), 'relay'] as const;

describe.runIf(runSandboxTests).each(modes)('the forwarder in the sandbox (%s)', (mode) => {
  it(
    'is one process for every connection, carries concurrent ones byte for byte both ways, and passes a half-close on',
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
      // One forwarder, whatever the number of connections it holds open.
      expect(lines[0]).toBe('perl processes: 1');
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

  it.runIf(mode === 'relay')('is the relay wherever the environment could run code in bash or the loader', () => {
    const clean = { PATH: '/usr/bin:/bin', HOME: '/root', LANG: 'C.UTF-8', BASH_XTRACEFD: '2', PS4: '+ ' };
    expect(shellStartsClean(clean)).toBe(true);
    const risky: Record<string, string>[] = [
      { BASH_ENV: '/w/env.sh' },
      { ENV: '/w/env.sh' },
      // xtrace expands PS4 (bash imports PS4 from the environment unless it runs as root).
      { SHELLOPTS: 'xtrace' },
      { BASHOPTS: 'extdebug' },
      { 'BASH_FUNC_read%%': '() { :; }' },
      { read: '() { :; }' },
      { LD_PRELOAD: '/w/x.so' },
      { LD_LIBRARY_PATH: '/w' },
      { LD_AUDIT: '/w/x.so' },
      { GCONV_PATH: '/w' },
      { LOCPATH: '/w' },
    ];
    for (const extra of risky) expect([extra, shellStartsClean({ ...clean, ...extra })]).toEqual([extra, false]);
  });

  it.runIf(mode === 'hand-off')(
    'gives the relay to a command whose bash would run other code first (BASH_ENV, an exported function)',
    async () => {
      const server = await httpServer();
      const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
      // What runs before the toolkit's script: it notes the descriptors it holds, then writes what
      // Node could not parse on every one above the command's own (the channel would be there).
      const early = `ls -l /proc/$$/fd >> ${ws}/early; for f in /proc/$$/fd/*; do f=\${f##*/}; [ "$f" -gt 4 ] && { builtin printf '{"cmd":"NODE_HANDLE","type":"x"}\\n}{garbage\\n' >&$f; } 2>/dev/null; done; :`;
      writeFileSync(path.join(ws, 'early.sh'), `${early}\n`);
      const variants: Record<string, string>[] = [
        { BASH_ENV: path.join(ws, 'early.sh') },
        { 'BASH_FUNC_printf%%': `() { . ${path.join(ws, 'early.sh')}; builtin printf "$@"; }` },
      ];
      for (const [i, extra] of variants.entries()) {
        rmSync(path.join(ws, 'early'), { force: true });
        const toolkit = netToolkit(
          {
            network: { allow: ['api.test'], allowPrivate: true },
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...extra },
          },
          lookup,
        );
        const out = await sh(toolkit, `curl -sS http://api.test:${server.port}/v${i}`);
        expect(out.stdout).toContain(`hello GET /v${i}`);
        const seen = readFileSync(path.join(ws, 'early'), 'utf8');
        // The code ran, and held no socket above the command's own (4 is the started signal's):
        // the relay's unix socket is no descriptor of bash.
        expect(seen).toContain('/dev/null');
        expect(seen).not.toMatch(/ ([5-9]|\d\d+) -> socket:/);
      }
    },
    scaled(60_000),
  );

  it.runIf(mode === 'hand-off')(
    'keeps its channel from the command: no descriptor, no variable, no tracing the forwarder',
    async () => {
      const server = await httpServer();
      const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
      const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, lookup);
      // Every descriptor the command holds, by what it is; the forwarder's pid (its comm is perl);
      // then what the command can reach of it: its descriptors and its memory, as the same user.
      const out = await sh(
        toolkit,
        [
          'for fd in /proc/$$/fd/*; do printf "%s " "${fd##*/}:$(readlink "$fd" | sed "s/:.*//")"; done; echo',
          'env | grep -c "^NODE_CHANNEL" || true',
          'pid=$(for p in /proc/[0-9]*; do [ "$(cat $p/comm 2>/dev/null)" = perl ] && echo ${p##*/}; done)',
          // Its descriptors cannot be opened through /proc, and what could take them or write in
          // its memory (ptrace, pidfd_getfd, /proc/PID/mem) needs the access a non-dumpable process
          // refuses, as reading its memory map does.
          'opened=0; for fd in /proc/$pid/fd/*; do { exec 9<>"$fd"; } 2>/dev/null && opened=$((opened+1)); exec 9>&-; done; echo "opened $opened"',
          'grep -q . /proc/$pid/maps 2>/dev/null && echo maps-readable || echo maps-refused',
          'grep -q "^TracerPid:" /proc/$pid/status && echo status',
          `curl -sS http://api.test:${server.port}/after`,
        ].join('; '),
      );
      const [fds, channelVars, ...rest] = out.stdout.trim().split('\n');
      // stdin, stdout, stderr and the listing's own descriptor: no socket.
      expect(fds!.split(' ').filter((fd) => fd.includes('socket'))).toEqual([]);
      expect(channelVars).toBe('0');
      expect(rest).toEqual(['opened 0', 'maps-refused', 'status', 'hello GET /after']);
      expect(server.seen).toHaveLength(1);
    },
    scaled(30_000),
  );
});
