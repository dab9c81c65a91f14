// The proxy's own connection to a server outlives the client's: a client that opens a connection per
// request and closes it the moment it has read the answer (as the bench's client, curl per call, a
// package manager's fresh fetches do) leaves the proxy's upstream TLS connection in its pool for the
// next request, and each such request is audited as delivered, not failed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { WHOLE_ANSWER_BYTES } from '../../src/handlers/exec/network/answer.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpsServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const TOKEN = 'reuse-token-0c9d8e7f6a5b';
const REQUESTS = 20;

// Each request on a connection of its own: CONNECT, TLS (trusting the bundle the sandbox is given),
// one GET, and the socket destroyed as soon as the answer's last byte is in (by its length, or the
// chunked answer's last chunk).
const CLIENT = `
const http = require('http'), tls = require('tls'), fs = require('fs');
const [port, n] = process.argv.slice(2).map(Number);
const proxy = new URL(process.env.HTTPS_PROXY);
const ca = fs.readFileSync(process.env.SSL_CERT_FILE);
function once(i) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: 'api.test:' + port });
    req.on('error', reject);
    req.on('connect', (res, raw) => {
      if (res.statusCode !== 200) return reject(new Error('CONNECT ' + res.statusCode));
      const socket = tls.connect({ socket: raw, servername: 'api.test', ca }, () =>
        socket.write('GET /r' + i + ' HTTP/1.1\\r\\nHost: api.test:' + port + '\\r\\nAuthorization: Bearer ' + process.env.TW_TOKEN + '\\r\\n\\r\\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
        const head = text.indexOf('\\r\\n\\r\\n');
        if (head === -1) return;
        const length = /content-length: *(\\d+)/i.exec(text.slice(0, head));
        if (length ? text.length - head - 4 >= Number(length[1]) : text.endsWith('\\r\\n0\\r\\n\\r\\n')) { socket.destroy(); resolve('read ' + i); }
      });
      socket.on('error', reject);
    });
    req.end();
  });
}
(async () => { for (let i = 0; i < n; i++) console.log(await once(i)); })().catch((e) => { console.log('error ' + e.message); process.exit(1); });
`;

describe.runIf(runSandboxTests)('the proxy reuses its upstream connection', () => {
  // Answers large enough that writing them to the client does not complete at once: one the proxy
  // holds whole to scrub (sent with its length), one it streams through the scrubber (sent chunked).
  it.each([
    ['held whole', WHOLE_ANSWER_BYTES],
    ['streamed', 2 * WHOLE_ANSWER_BYTES],
  ])(
    'across client connections closed the moment the answer is read, each audited as delivered (%s)',
    async (_kind, size) => {
      const server = await httpsServer((_req, res) => res.end(Buffer.alloc(size, 'x')));
      const store = openStore(path.join(ws, '..', `${path.basename(ws)}-store`), { workspace: ws });
      try {
        const toolkit = netToolkit(
          {
            network: { allow: ['api.test'], allowPrivate: true },
            env: { TW_TOKEN: TOKEN },
            credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
          },
          tableResolver({ 'api.test': ['127.0.0.1'] }).lookup,
          { store },
        );
        writeFileSync(path.join(ws, 'client.js'), CLIENT);
        const out = await sh(toolkit, `node client.js ${server.port} ${REQUESTS}`);
        expect(out.stdout.trim().split('\n')).toEqual(Array.from({ length: REQUESTS }, (_, i) => `read ${i}`));
        expect(server.seen.map((r) => r.url)).toEqual(Array.from({ length: REQUESTS }, (_, i) => `/r${i}`));
        expect(server.seen.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
        // One TLS connection from the proxy served them all.
        expect(server.connections()).toBe(1);
        await toolkit.close();
        const connections = (await store.audit.query({ limit: 1000 })).filter(
          (e) => e.operation === 'exec.bash.connection',
        );
        expect(connections).toHaveLength(REQUESTS);
        expect(connections.map((e) => [e.decision, e.error_code])).toEqual(
          Array.from({ length: REQUESTS }, () => ['allowed', null]),
        );
      } finally {
        await store.close();
      }
    },
  );
});
