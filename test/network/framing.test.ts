// How the proxy frames what it passes on, whatever the command or the server wrote: a request's
// body goes upstream with the framing the proxy read it by (a body no header frames would be read
// upstream as the next request: any method, any Host, and the next command's request, credential
// included, as its body), and an answer whose codings the proxy does not undo is refused rather
// than passed on unlabelled (and unscrubbed). Requests written after a refusal that closes the
// connection go nowhere. Inside an intercepted tunnel only requests for the tunnel's own host pass.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createTls } from 'node:tls';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, httpsServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const TOKEN = 'real-token-7c1e9a04d2b5f3';
const loopback = tableResolver({ 'api.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
const network = { allow: ['api.test', 'other.test'], allowPrivate: true };
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');

// Writes the bytes of each file given to the proxy on a connection of its own (plain, or inside an
// intercepted tunnel to api.test:PORT, the TLS server name $SNI or api.test), and prints everything
// that comes back, or "closed".
const RAW = `
const net = require('net'), tls = require('tls'), fs = require('fs');
const [mode, port, ...files] = process.argv.slice(2);
const proxy = new URL(process.env.HTTP_PROXY);
function send(file) {
  return new Promise((resolve) => {
    let text = '';
    // An answer comes in one burst: the connection is left once it has been quiet a while after it.
    const done = (socket) => {
      let quiet;
      socket.on('data', (d) => { text += d; clearTimeout(quiet); quiet = setTimeout(() => socket.destroy(), 300); });
      socket.on('error', () => {});
      socket.on('close', () => { clearTimeout(quiet); console.log(text || 'closed'); resolve(); });
      setTimeout(() => socket.destroy(), 5000).unref();
    };
    const socket = net.connect(Number(proxy.port), proxy.hostname, () => {
      if (mode === 'plain') { socket.write(fs.readFileSync(file)); return done(socket); }
      socket.write('CONNECT api.test:' + port + ' HTTP/1.1\\r\\nHost: api.test:' + port + '\\r\\n\\r\\n');
      socket.once('data', () => {
        const secure = tls.connect({ socket, servername: process.env.SNI || 'api.test', ca: fs.readFileSync(process.env.SSL_CERT_FILE), checkServerIdentity: () => undefined }, () => secure.write(fs.readFileSync(file)));
        done(secure);
      });
    });
  });
}
(async () => { for (const file of files) await send(file); })();
`;

const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

function payload(name: string, text: string): string {
  writeFileSync(path.join(ws, name), text);
  return name;
}

describe.runIf(runSandboxTests)('the network proxy: a request body is framed upstream as the proxy read it', () => {
  it('sends a chunked or length-framed body of a GET, HEAD or OPTIONS framed: no request hides in it', async () => {
    const plain = await httpServer((req, res, body) => res.end(`answer ${req.method} ${req.url} ${body.length}\n`));
    const secure = await httpsServer((req, res, body) => res.end(`answer ${req.method} ${req.url} ${body.length}\n`));
    const toolkit = netToolkit({ network: { ...network, methods: 'read' } }, loopback.lookup);
    writeFileSync(path.join(ws, 'raw.js'), RAW);
    const hidden = (method: string, host: string) =>
      `${method} /smuggled HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\n\r\nhello`;
    const at = (port: number) => `http://api.test:${port}`;
    const p = plain.port;
    const files = [
      payload(
        'te-get',
        `GET ${at(p)}/a HTTP/1.1\r\nHost: api.test:${p}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(hidden('POST', 'internal.vhost'))}0\r\n\r\n`,
      ),
      payload(
        'te-head',
        `HEAD ${at(p)}/b HTTP/1.1\r\nHost: api.test:${p}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(hidden('PUT', 'api.test'))}0\r\n\r\n`,
      ),
      payload(
        'te-options',
        `OPTIONS ${at(p)}/c HTTP/1.1\r\nHost: api.test:${p}\r\nTransfer-Encoding: identity, chunked\r\n\r\n${chunk(hidden('DELETE', 'api.test'))}0\r\n\r\n`,
      ),
      // Connection naming Content-Length once had the proxy drop it as hop-by-hop.
      payload(
        'named-length',
        `GET ${at(p)}/d HTTP/1.1\r\nHost: api.test:${p}\r\nConnection: content-length\r\nContent-Length: ${hidden('PATCH', 'x').length}\r\n\r\n${hidden('PATCH', 'x')}`,
      ),
    ];
    const tunnelled = payload(
      'te-tls',
      `GET /e HTTP/1.1\r\nHost: api.test:${secure.port}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(hidden('DELETE', 'api.test'))}0\r\n\r\n`,
    );
    await sh(toolkit, `node raw.js plain ${p} ${files.join(' ')}; node raw.js tls ${secure.port} ${tunnelled}`);
    expect(plain.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      `GET /a ${hidden('POST', 'internal.vhost')}`,
      `HEAD /b ${hidden('PUT', 'api.test')}`,
      `OPTIONS /c ${hidden('DELETE', 'api.test')}`,
      `GET /d ${hidden('PATCH', 'x')}`,
    ]);
    expect(secure.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      `GET /e ${hidden('DELETE', 'api.test')}`,
    ]);
  });

  it("keeps the next request, with the credential written in, out of another's body", async () => {
    // A server that reads requests one after the other on a connection, as most do: a request
    // left unframed upstream would swallow the next one the proxy sends on that connection.
    const secure = await httpsServer((req, res, body) => res.end(`answer ${req.method} ${req.url} [${body}]\n`));
    const toolkit = netToolkit(
      { network, env: { TW_TOKEN: TOKEN }, credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }] },
      loopback.lookup,
    );
    writeFileSync(path.join(ws, 'raw.js'), RAW);
    const capture = `POST /reflect HTTP/1.1\r\nHost: api.test\r\nContent-Length: 60\r\n\r\n`;
    payload(
      'capture',
      `GET /first HTTP/1.1\r\nHost: api.test:${secure.port}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(capture)}0\r\n\r\n`,
    );
    const out = await sh(
      toolkit,
      `node raw.js tls ${secure.port} capture; curl -sS -H "Authorization: Bearer $TW_TOKEN" https://api.test:${secure.port}/victim | rev`,
    );
    expect(secure.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /first', 'GET /victim']);
    expect(secure.seen[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(out.stdout).toContain([...'answer GET /victim []'].reverse().join(''));
    expect(out.stdout).not.toContain([...TOKEN].reverse().join('').slice(0, 12));
  });

  it('sends nothing upstream that was written after a refusal closing the connection', async () => {
    const plain = await httpServer();
    const toolkit = netToolkit({ network }, loopback.lookup);
    writeFileSync(path.join(ws, 'raw.js'), RAW);
    const p = plain.port;
    payload(
      'after',
      `GET http://refused.test/ HTTP/1.1\r\nHost: refused.test\r\n\r\n` +
        `POST http://api.test:${p}/after-post HTTP/1.1\r\nHost: api.test:${p}\r\nContent-Length: 2\r\n\r\nhi` +
        `GET http://api.test:${p}/after-get HTTP/1.1\r\nHost: api.test:${p}\r\n\r\n`,
    );
    const out = await sh(toolkit, `node raw.js plain ${p} after`);
    expect(out.stdout).toMatch(/^HTTP\/1\.1 403 /);
    expect(out.stdout).not.toContain('hello');
    expect(plain.seen).toEqual([]);
  });
});

// A TLS server for api.test that answers every request with the raw bytes `answer` gives for its path.
async function rawTlsServer(answer: (path: string) => string | Buffer): Promise<number> {
  const server = createTls({
    key: readFileSync(path.join(fixtures, 'server-key.pem')),
    cert: readFileSync(path.join(fixtures, 'server-cert.pem')),
  });
  server.on('secureConnection', (socket) => {
    let text = '';
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const url = text.split(' ')[1] ?? '/';
      text = text.slice(end + 4);
      socket.end(answer(url));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

describe.runIf(runSandboxTests)('the network proxy: an answer whose codings it does not undo', () => {
  it('is refused, not passed on with the coding unnamed and the value inside', async () => {
    const gz = gzipSync(`{"token":"${TOKEN}"}`);
    const head = (lines: string) => Buffer.from(`HTTP/1.1 200 OK\r\n${lines}\r\nConnection: close\r\n\r\n`, 'latin1');
    const port = await rawTlsServer((url) => {
      if (url === '/two-lines')
        return Buffer.concat([
          head(`Content-Encoding: identity\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length}`),
          gz,
        ]);
      if (url === '/two-codings')
        return Buffer.concat([head(`Content-Encoding: gzip, br\r\nContent-Length: ${gz.length}`), gz]);
      if (url === '/transfer-gzip')
        return Buffer.concat([
          head('Transfer-Encoding: gzip, chunked'),
          Buffer.from(`${gz.length.toString(16)}\r\n`),
          gz,
          Buffer.from('\r\n0\r\n\r\n'),
        ]);
      return Buffer.concat([head(`Content-Encoding: gzip\r\nContent-Length: ${gz.length}`), gz]);
    });
    const toolkit = netToolkit(
      { network, env: { TW_TOKEN: TOKEN }, credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }] },
      loopback.lookup,
    );
    const get = (url: string) =>
      `curl -sS -o got https://api.test:${port}${url}; (gunzip -c got 2>/dev/null || cat got) | rev; echo`;
    const out = await sh(toolkit, ['/two-lines', '/two-codings', '/transfer-gzip', '/one'].map(get).join('; '));
    const lines = out.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => [...line].reverse().join(''));
    // `identity` on a line of its own is no coding: the gzip on the other line is the one undone.
    expect(lines[0]).toMatch(/^\{"token":"toolwright-placeholder-[0-9a-f]+"\}$/);
    expect(lines[1]).toMatch(
      /^toolwright: the answer of api\.test is encoded as gzip, br, which the proxy cannot check/,
    );
    expect(lines[2]).toMatch(
      /^toolwright: the answer of api\.test has the transfer coding gzip, which the proxy does not pass on/,
    );
    // One coding it undoes: decoded, scrubbed, passed on.
    expect(lines[3]).toMatch(/^\{"token":"toolwright-placeholder-[0-9a-f]+"\}$/);
    expect(out.stdout + out.stderr).not.toContain([...TOKEN].reverse().join(''));
  });
});

describe.runIf(runSandboxTests)('the network proxy: inside an intercepted tunnel', () => {
  it("answers only requests for the tunnel's own host inside it: another Host or port, two Host lines, another TLS server name", async () => {
    const secure = await httpsServer((req, res) => res.end(`answer ${req.url}\n`));
    const toolkit = netToolkit({ network: { ...network, methods: 'read' } }, loopback.lookup);
    writeFileSync(path.join(ws, 'raw.js'), RAW);
    const s = secure.port;
    const files = [
      payload('other-host', `GET /other-host HTTP/1.1\r\nHost: other.test:${s}\r\n\r\n`),
      payload('other-port', `GET /other-port HTTP/1.1\r\nHost: api.test:${s + 1}\r\n\r\n`),
      payload('two-hosts', `GET /two-hosts HTTP/1.1\r\nHost: api.test:${s}\r\nHost: other.test\r\n\r\n`),
      payload('spelled', `GET /spelled HTTP/1.1\r\nHost: API.Test.:${s}\r\n\r\n`),
    ];
    payload('sni', `GET /sni HTTP/1.1\r\nHost: other.test:${s}\r\n\r\n`);
    const out = await sh(toolkit, `node raw.js tls ${s} ${files.join(' ')}; SNI=other.test node raw.js tls ${s} sni`);
    const answers = out.stdout
      .trim()
      .split('\n')
      .filter((line) => /^HTTP\/1\.1 |^closed$/.test(line));
    expect(answers.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'HTTP/1.1 421',
      'HTTP/1.1 421',
      'HTTP/1.1 400',
      'HTTP/1.1 200',
      'closed',
    ]);
    // Only the request for the tunnel's host, in another spelling, went on.
    expect(secure.seen.map((r) => r.url)).toEqual(['/spelled']);
    expect(out.notes?.map((note) => note.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('differs from the tunnel'),
        expect.stringContaining('more than one Host header'),
        expect.stringContaining('TLS server name other.test differs'),
      ]),
    );
  });

  it("sends a request without Host to the tunnel's host (plain: the URL's), with the Host the proxy writes", async () => {
    const plain = await httpServer((req, res) => res.end(`plain ${req.url} ${req.headers.host}\n`));
    const secure = await httpsServer((req, res) => res.end(`secure ${req.url} ${req.headers.host}\n`));
    const toolkit = netToolkit({ network: { ...network, methods: 'read' } }, loopback.lookup);
    writeFileSync(path.join(ws, 'raw.js'), RAW);
    const bare = payload('bare', 'GET /bare HTTP/1.1\r\n\r\n');
    const old = payload('old', 'GET /old HTTP/1.0\r\n\r\n');
    const absolute = payload('absolute', `GET http://api.test:${plain.port}/absolute HTTP/1.1\r\n\r\n`);
    const out = await sh(
      toolkit,
      `node raw.js tls ${secure.port} ${bare} ${old}; node raw.js plain ${plain.port} ${absolute}`,
    );
    expect(out.stdout).toContain(`secure /bare api.test:${secure.port}`);
    expect(out.stdout).toContain(`secure /old api.test:${secure.port}`);
    expect(out.stdout).toContain(`plain /absolute api.test:${plain.port}`);
    expect(out.stdout).not.toMatch(/^HTTP\/1\.1 400/m);
    expect(secure.seen.map((r) => r.url)).toEqual(['/bare', '/old']);
  });
});
