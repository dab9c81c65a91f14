// What a command can throw at the proxy without the host process paying for it: requests written
// ahead on one connection are answered one at a time (never one upstream connection each), too
// many close that connection; connections past the command's share are answered 503; and a request
// the proxy cannot make (a credential's value no URL or header carries as it is) is a line the
// command reads, never an exception in the toolkit's process.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS, MAX_PIPELINED } from '../../src/handlers/exec/network/limits.js';
import { createToolkit } from '../../src/index.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, httpsServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const loopback = tableResolver({ 'api.test': ['127.0.0.1'] });
const network = { allow: ['api.test'], allowPrivate: true };

/** A server answering after `delayMs`, counting the requests it holds at once. */
async function slowServer(secure: boolean, delayMs: number) {
  let now = 0;
  let most = 0;
  const server = await (secure ? httpsServer : httpServer)((req, res) => {
    most = Math.max(most, ++now);
    setTimeout(() => {
      now--;
      res.end(`answer ${req.url}\n`);
    }, delayMs);
  });
  return { ...server, most: () => most };
}

// Writes `count` GETs in one go on one connection to the proxy (plain, or inside an intercepted
// tunnel), then prints every answer's first line, or how the connection ended.
const PIPELINER = `
const net = require('net'), tls = require('tls'), fs = require('fs');
const [mode, port, count] = process.argv.slice(2);
const proxy = new URL(process.env.HTTP_PROXY);
const requests = Array.from({ length: Number(count) }, (_, i) =>
  'GET ' + (mode === 'plain' ? 'http://api.test:' + port : '') + '/r' + i + ' HTTP/1.1\\r\\nHost: api.test:' + port + '\\r\\n\\r\\n').join('');
function read(socket) {
  let text = '';
  socket.on('data', (d) => {
    text += d;
    if ((text.match(/answer \\/r/g) || []).length === Number(count)) socket.end();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    const lines = text.split(/\\r?\\n/).filter((l) => l.startsWith('answer') || /^HTTP\\/1\\.1 [^2]/.test(l));
    console.log(lines.join('\\n') || 'no answer');
    console.log('closed');
  });
  setTimeout(() => socket.end(), 3000).unref();
}
const socket = net.connect(Number(proxy.port), proxy.hostname, () => {
  if (mode === 'plain') { socket.write(requests); read(socket); return; }
  socket.write('CONNECT api.test:' + port + ' HTTP/1.1\\r\\nHost: api.test:' + port + '\\r\\n\\r\\n');
  socket.once('data', () => {
    const secure = tls.connect({ socket, servername: 'api.test', ca: fs.readFileSync(process.env.SSL_CERT_FILE) }, () => {
      secure.write(requests);
      read(secure);
    });
  });
});
`;

describe.runIf(runSandboxTests)('the network proxy: what one command may hold of it', () => {
  it('answers requests written ahead on one connection one at a time, in order, plain and intercepted', async () => {
    const plain = await slowServer(false, 40);
    const secure = await slowServer(true, 40);
    // methods 'read' intercepts every allowed host's HTTPS.
    const toolkit = netToolkit({ network: { ...network, methods: 'read' } }, loopback.lookup);
    writeFileSync(path.join(ws, 'pipeliner.js'), PIPELINER);
    const out = await sh(
      toolkit,
      `node pipeliner.js plain ${plain.port} 10; node pipeliner.js tls ${secure.port} 10 2>&1`,
    );
    const expected = Array.from({ length: 10 }, (_, i) => `answer /r${i}`).join('\n');
    expect(out.stdout).toBe(`${expected}\nclosed\n${expected}\nclosed\n`);
    // One at a time upstream: never ten connections, nor ten requests held at once.
    expect(plain.most()).toBe(1);
    expect(secure.most()).toBe(1);
    expect(plain.connections()).toBe(1);
    expect(secure.connections()).toBe(1);
  });

  it(`closes a connection with more than ${MAX_PIPELINED} requests written ahead, and notes why`, async () => {
    const plain = await slowServer(false, 100);
    const toolkit = netToolkit({ network }, loopback.lookup);
    writeFileSync(path.join(ws, 'pipeliner.js'), PIPELINER);
    const out = await sh(toolkit, `node pipeliner.js plain ${plain.port} ${MAX_PIPELINED * 3}`);
    expect(out.stdout).not.toContain(`answer /r${MAX_PIPELINED + 1}\n`);
    expect(out.stdout).toContain('closed');
    expect(plain.seen.length).toBeLessThanOrEqual(1);
    expect(plain.most()).toBeLessThanOrEqual(1);
    expect(out.notes?.map((n) => n.message)).toContainEqual(
      `toolwright: more than ${MAX_PIPELINED} requests were written ahead on one connection; the proxy closed it`,
    );
  });

  it(`answers 503 to connections past ${MAX_CONNECTIONS} held at once, and serves those it holds`, async () => {
    const plain = await httpServer();
    const toolkit = netToolkit({ network }, loopback.lookup);
    writeFileSync(
      path.join(ws, 'hoarder.js'),
      `
const net = require('net');
const proxy = new URL(process.env.HTTP_PROXY);
const open = (i) => new Promise((resolve) => {
  const s = net.connect(Number(proxy.port), proxy.hostname, () => resolve(s));
  s.on('error', () => resolve(s));
});
(async () => {
  const held = [];
  for (let i = 0; i < ${MAX_CONNECTIONS}; i++) held.push(await open(i));
  const extra = await open();
  let refused = '';
  extra.on('data', (d) => (refused += d));
  await new Promise((r) => extra.on('close', r));
  console.log(refused.split('\\r\\n')[0]);
  console.log(refused.trim().split('\\n').pop());
  const first = held[0];
  let answer = '';
  first.on('data', (d) => (answer += d));
  first.write('GET http://api.test:${plain.port}/held HTTP/1.1\\r\\nHost: api.test\\r\\nConnection: close\\r\\n\\r\\n');
  await new Promise((r) => first.on('close', r));
  console.log(answer.split('\\r\\n')[0], answer.trim().split('\\n').pop());
  for (const s of held) s.destroy();
})();
`,
    );
    const out = await sh(toolkit, 'node hoarder.js');
    const [status, line, held] = out.stdout.trim().split('\n');
    expect(status).toMatch(/^HTTP\/1\.1 503 /);
    expect(line).toBe(
      `toolwright: the command holds ${MAX_CONNECTIONS} connections to the sandbox's proxy already; close some first`,
    );
    expect(held).toBe('HTTP/1.1 200 OK hello GET /held');
    expect(out.notes?.map((n) => n.message)).toContainEqual(line);
  });
});

describe.runIf(runSandboxTests)('the network proxy: a request it cannot make', () => {
  it('puts a value into the URL percent-encoded, answers 502 for one no header carries, and the toolkit goes on', async () => {
    const secure = await httpsServer((req, res) => res.end(`got ${req.url} ${String(req.headers['x-key'] ?? '-')}\n`));
    const toolkit = netToolkit(
      {
        network,
        env: { TW_PASS: 'pass word+9/3c', TW_EURO: 'euro-€-key-93e1c07d' },
        credentials: [
          { env: 'TW_PASS', hosts: ['api.test'] },
          { env: 'TW_EURO', hosts: ['api.test'], header: 'X-Key' },
        ],
      },
      loopback.lookup,
    );
    const out = await sh(toolkit, `curl -sS "https://api.test:${secure.port}/q?p=$TW_PASS"; echo "exit=$?"`);
    // The header the second binding names cannot carry '€': nothing went out, the command reads why.
    expect(out.stdout).toMatch(
      /^toolwright: the request to api\.test could not be made \(ERR_INVALID_CHAR\): .*\nexit=0\n$/,
    );
    expect(secure.seen).toHaveLength(0);
    const only = netToolkit(
      { network, env: { TW_PASS: 'pass word+9/3c' }, credentials: [{ env: 'TW_PASS', hosts: ['api.test'] }] },
      loopback.lookup,
    );
    const sent = await sh(only, `curl -sS "https://api.test:${secure.port}/q?p=$TW_PASS"`);
    expect(secure.seen.map((r) => r.url)).toEqual([`/q?p=${encodeURIComponent('pass word+9/3c')}`]);
    expect(sent.stdout).toMatch(/^got \/q\?p=toolwright-placeholder-[0-9a-f]{36} -\n$/);
    // The first toolkit still serves commands.
    expect((await sh(toolkit, 'echo alive')).stdout).toBe('alive\n');
  });

  it('refuses a credential holding a control character when the toolkit is made', async () => {
    const toolkit = createToolkit({
      workspace: ws,
      exec: {
        sandbox: 'workspace-write',
        network,
        env: { TW_BELL: 'bell-\u0007-value-1234' },
        credentials: [{ env: 'TW_BELL', hosts: ['api.test'] }],
      },
    });
    const result = await toolkit.invoke('exec', 'bash', { command: 'true' });
    await toolkit.close();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code: 'INVALID_INPUT' });
    expect(!result.ok && result.error.message).toContain('holds a line break or another control character');
  });
});
