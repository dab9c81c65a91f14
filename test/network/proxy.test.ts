// Sandboxed commands reach the network through the toolkit's proxy only: curl, node and git reach
// allowed names and nothing else, every spelling of a name or address is judged alike, methods are
// limited under 'read' (plain HTTP and intercepted HTTPS), a command that ignores the proxy
// variables reaches nothing, DNS rebinding cannot reach a refused address, and every refusal is a
// line in the output and a note. Servers listen on 127.0.0.1 (and 127.0.0.2) and are allowed
// explicitly through allowPrivate or an allow entry naming the address.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, httpsServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const loopback = tableResolver({
  'api.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'secure.test': ['127.0.0.1'],
});

describe.runIf(runSandboxTests)('the network proxy: what a command reaches', () => {
  it('curl reaches an allowed name over HTTP and HTTPS (a tunnel), and nothing else', async () => {
    const plain = await httpServer();
    const secure = await httpsServer();
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, loopback.lookup);
    const out = await sh(
      toolkit,
      [
        `curl -sS http://api.test:${plain.port}/plain`,
        `curl -sS --cacert upstream-ca.pem https://api.test:${secure.port}/tunnel`,
        `curl -sS http://other.test:${plain.port}/other; echo " exit=$?"`,
        `curl -sS --cacert upstream-ca.pem https://other.test:${secure.port}/other; echo "exit=$?"`,
        `curl -sS http://127.0.0.1:${plain.port}/address; echo " exit=$?"`,
      ].join('; '),
    );
    expect(out.stdout).toContain('hello GET /plain\n');
    expect(out.stdout).toContain('hello GET /tunnel\n');
    expect(out.stdout).toContain("toolwright: other.test is not in exec.network.allow (the sandbox's network policy");
    expect(out.stdout).toContain('exit=56'); // CONNECT refused
    expect(out.stdout).toContain('toolwright: 127.0.0.1 is an IP address, and exec.network.allow does not name it');
    expect(plain.seen.map((r) => r.url)).toEqual(['/plain']);
    expect(secure.seen.map((r) => r.url)).toEqual(['/tunnel']);
    // The refusals are notes too, and lines of the text.
    expect(out.notes?.map((n) => [n.code, n.path, n.action])).toEqual([
      ['NETWORK_REFUSED', `other.test:${plain.port}`, 'refused'],
      ['NETWORK_REFUSED', `other.test:${secure.port}`, 'refused'],
      ['NETWORK_REFUSED', `127.0.0.1:${plain.port}`, 'refused'],
    ]);
    expect(out.text).toContain(`[NETWORK_REFUSED other.test:${plain.port}: toolwright: other.test is not in`);
  });

  it('node reaches an allowed name through the proxy variables (absolute-form request and a CONNECT tunnel) and nothing else', async () => {
    const plain = await httpServer();
    const secure = await httpsServer();
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, loopback.lookup);
    writeFileSync(
      path.join(ws, 'client.js'),
      `
const http = require('http'), tls = require('tls'), fs = require('fs');
const proxy = new URL(process.env.HTTP_PROXY);
function plain(host) {
  return new Promise((resolve) => {
    http.get({ host: proxy.hostname, port: proxy.port, path: 'http://' + host + ':${plain.port}/node', headers: { host } }, (res) => {
      let body = ''; res.on('data', (d) => (body += d)); res.on('end', () => resolve(res.statusCode + ' ' + body.trim()));
    }).on('error', (e) => resolve('error ' + e.code));
  });
}
function tunnel(host) {
  return new Promise((resolve) => {
    const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: host + ':${secure.port}' });
    req.on('connect', (res, socket) => {
      if (res.statusCode !== 200) { resolve('connect ' + res.statusCode); socket.destroy(); return; }
      const s = tls.connect({ socket, servername: host, ca: fs.readFileSync('upstream-ca.pem') }, () => {
        s.write('GET /node-tls HTTP/1.1\\r\\nHost: ' + host + '\\r\\nConnection: close\\r\\n\\r\\n');
      });
      let body = ''; s.on('data', (d) => (body += d)); s.on('end', () => resolve(body.split('\\r\\n\\r\\n')[1].trim()));
      s.on('error', (e) => resolve('tls error ' + e.message));
    });
    req.on('error', (e) => resolve('error ' + e.code));
    req.end();
  });
}
(async () => {
  console.log(await plain('api.test'));
  console.log(await plain('other.test'));
  console.log(await tunnel('api.test'));
  console.log(await tunnel('other.test'));
})();
`,
    );
    const out = await sh(toolkit, 'node client.js');
    expect(out.stdout.split('\n')).toEqual([
      '200 hello GET /node',
      expect.stringMatching(/^403 toolwright: other\.test is not in exec\.network\.allow/),
      'hello GET /node-tls',
      'connect 403',
      '',
    ]);
    expect(plain.seen).toHaveLength(1);
    expect(secure.seen).toHaveLength(1);
  });

  it("node's own fetch follows the proxy variables where Node reads them (NODE_USE_ENV_PROXY), else it reaches nothing", async () => {
    const plain = await httpServer();
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, loopback.lookup);
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const readsProxy = major >= 24 || (major === 22 && minor >= 21);
    const out = await sh(
      toolkit,
      `"${process.execPath}" -e "fetch('http://api.test:${plain.port}/fetch').then(r => r.text()).then(t => console.log('got', t.trim()), e => console.log('failed', e.cause?.code ?? e.message))"`,
    );
    if (readsProxy) {
      expect(out.stdout).toBe('got hello GET /fetch\n');
      expect(plain.seen).toHaveLength(1);
    } else {
      expect(out.stdout).toMatch(/^failed /);
      expect(plain.seen).toHaveLength(0);
    }
  });

  it('git clones a repository served over dumb HTTP from an allowed name, and cannot reach another', async () => {
    const bare = path.join(ws, '..', `${path.basename(ws)}-repo.git`);
    const source = path.join(ws, '..', `${path.basename(ws)}-src`);
    mkdirSync(source);
    const git = (args: string[], cwd: string) =>
      execFileSync('git', args, {
        cwd,
        stdio: 'pipe',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      });
    git(['init', '-q', '-b', 'main'], source);
    writeFileSync(path.join(source, 'readme.txt'), 'from the server\n');
    git(['add', '.'], source);
    git(['commit', '-q', '-m', 'first'], source);
    git(['clone', '-q', '--bare', source, bare], ws);
    git(['update-server-info'], bare);
    const server = await httpServer((req, res) => {
      const file = path.join(bare, decodeURIComponent((req.url ?? '/').split('?')[0]!.replace(/^\/repo\.git\//, '')));
      try {
        res.end(readFileSync(file));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, loopback.lookup);
    const out = await sh(
      toolkit,
      `git clone -q http://api.test:${server.port}/repo.git copy && cat copy/readme.txt; git ls-remote http://other.test:${server.port}/repo.git; echo "exit=$?"`,
    );
    expect(out.stdout).toContain('from the server\n');
    expect(out.stdout).toContain('exit=128');
    expect(out.stderr).toMatch(/403/);
    expect(server.seen.every((r) => r.headers.host === `api.test:${server.port}`)).toBe(true);
    expect(out.notes?.map((n) => n.path)).toEqual([`other.test:${server.port}`]);
  });
});

describe.runIf(runSandboxTests)('the network proxy: methods under read', () => {
  it('passes GET, HEAD and OPTIONS and refuses every other method, over plain HTTP and intercepted HTTPS', async () => {
    const plain = await httpServer();
    const secure = await httpsServer();
    const toolkit = netToolkit(
      { network: { allow: ['api.test'], allowPrivate: true, methods: 'read' } },
      loopback.lookup,
    );
    const methods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'get'];
    const lines = (url: string) =>
      methods
        .map(
          (m) =>
            `printf '%s ' ${m}; curl -sS -o /dev/null -w '%{http_code}\\n' -X ${m} ${m === 'HEAD' ? '-I ' : ''}${url}`,
        )
        .join('; ');
    const out = await sh(
      toolkit,
      `${lines(`http://api.test:${plain.port}/m`)}; echo ---; ${lines(`https://api.test:${secure.port}/m`)}; curl -sS -X POST https://api.test:${secure.port}/m`,
    );
    const [overHttp, overHttps] = out.stdout.split('---\n');
    // A lower-case method is no HTTP method: the proxy cannot read the request (400).
    const expected = 'GET 200\nHEAD 200\nOPTIONS 200\nPOST 403\nPUT 403\nDELETE 403\nPATCH 403\nget 400\n';
    expect(overHttp).toBe(expected);
    // Inside the intercepted tunnel the refusal is an HTTPS answer the command reads.
    expect(overHttps).toBe(
      `${expected}toolwright: POST to api.test is refused: exec.network.methods is 'read' (GET, HEAD and OPTIONS only)\n`,
    );
    for (const server of [plain, secure])
      expect(new Set(server.seen.map((r) => r.method))).toEqual(new Set(['GET', 'HEAD', 'OPTIONS']));
  });

  it('refuses a read method carrying a header servers take for another method', async () => {
    const plain = await httpServer();
    const secure = await httpsServer();
    const toolkit = netToolkit(
      { network: { allow: ['api.test'], allowPrivate: true, methods: 'read' } },
      loopback.lookup,
    );
    const headers = ['X-HTTP-Method-Override: DELETE', 'X-HTTP-Method: PUT', 'x-method-override: PATCH'];
    const out = await sh(
      toolkit,
      headers
        .flatMap((header) => [
          `curl -sS -H '${header}' http://api.test:${plain.port}/o`,
          `curl -sS -X HEAD -o /dev/null -w '%{http_code}\\n' -H '${header}' https://api.test:${secure.port}/o`,
        ])
        .join('; '),
    );
    expect(out.stdout.split('\n').filter(Boolean)).toEqual([
      "toolwright: GET to api.test with x-http-method-override is refused: exec.network.methods is 'read', and servers take that header for another method",
      '403',
      "toolwright: GET to api.test with x-http-method is refused: exec.network.methods is 'read', and servers take that header for another method",
      '403',
      "toolwright: GET to api.test with x-method-override is refused: exec.network.methods is 'read', and servers take that header for another method",
      '403',
    ]);
    expect(plain.seen).toEqual([]);
    expect(secure.seen).toEqual([]);
  });
});

describe.runIf(runSandboxTests)('the network proxy: name tricks', () => {
  it('judges every spelling of a name alike and refuses addresses and look-alikes unless allowed', async () => {
    const plain = await httpServer();
    const resolver = tableResolver({
      'api.test': ['127.0.0.1'],
      'xn--pi-7kc.test': ['127.0.0.1'], // аpi.test, Cyrillic а
      'api.test.evil': ['127.0.0.1'],
    });
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, resolver.lookup);
    const p = plain.port;
    const allowed = [`http://API.TEST:${p}/a`, `http://api.test.:${p}/b`, `http://Api.Test.:${p}/c`];
    const refused = [
      `http://127.0.0.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::1]:${p}/`,
      `http://localhost:${p}/`,
      `http://api.test.evil:${p}/`,
      `http://аpi.test:${p}/`,
      `https://127.0.0.1:${p}/`,
      `https://[::1]:${p}/`,
    ];
    const out = await sh(
      toolkit,
      [...allowed, ...refused]
        .map((url) => `curl -sS -o /dev/null -w '%{http_code}\\n' '${url}' 2>/dev/null`)
        .join('; '),
    );
    const codes = out.stdout.trim().split('\n');
    expect(codes.slice(0, allowed.length)).toEqual(['200', '200', '200']);
    // Refused by the proxy: 403 for plain requests, a failed CONNECT (curl prints 000 and fails) for HTTPS.
    expect(codes.slice(allowed.length)).toEqual([...Array(10).fill('403'), '000', '000']);
    expect(plain.seen.map((r) => r.url)).toEqual(['/a', '/b', '/c']);
    expect(plain.seen.map((r) => r.headers.host)).toEqual(Array(3).fill(`api.test:${p}`));
  });

  it('refuses raw proxy requests that smuggle another target: CONNECT to an address or with userinfo, origin-form, user:password@ URLs', async () => {
    const plain = await httpServer();
    const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, loopback.lookup);
    const p = plain.port;
    const raw = (request: string) =>
      `exec 3<>/dev/tcp/127.0.0.1/\${HTTP_PROXY##*:}; printf '${request}' >&3; head -n1 <&3; exec 3<&-`;
    const out = await sh(
      toolkit,
      [
        raw(`CONNECT 127.0.0.1:${p} HTTP/1.1\\r\\nHost: api.test:${p}\\r\\n\\r\\n`),
        raw(`CONNECT 0x7f.1:${p} HTTP/1.1\\r\\n\\r\\n`),
        raw(`CONNECT api.test@127.0.0.1:${p} HTTP/1.1\\r\\n\\r\\n`),
        raw(`CONNECT api.test:${p}/x HTTP/1.1\\r\\n\\r\\n`),
        raw(`GET / HTTP/1.1\\r\\nHost: api.test:${p}\\r\\n\\r\\n`),
        raw(`GET http://u:pw@api.test:${p}/ HTTP/1.1\\r\\nHost: api.test\\r\\n\\r\\n`),
        raw(`GET http://api.test:${p}/fronted HTTP/1.1\\r\\nHost: other.test\\r\\nConnection: close\\r\\n\\r\\n`),
        // Two Host lines, whichever comes first: malformed, whatever the next hop would read.
        raw(`GET http://api.test:${p}/twice HTTP/1.1\\r\\nHost: api.test\\r\\nHost: other.test\\r\\n\\r\\n`),
        raw(`GET http://api.test:${p}/twice HTTP/1.1\\r\\nHost: other.test\\r\\nhost: api.test\\r\\n\\r\\n`),
      ].join('; '),
    );
    expect(out.stdout.split('\n').map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'HTTP/1.1 403',
      'HTTP/1.1 403',
      'HTTP/1.1 400',
      'HTTP/1.1 400',
      'HTTP/1.1 400',
      'HTTP/1.1 400',
      'HTTP/1.1 200',
      'HTTP/1.1 400',
      'HTTP/1.1 400',
      '',
    ]);
    // The one request that passed went to the allowed name, with its own Host (no fronting).
    expect(plain.seen.map((r) => [r.url, r.headers.host])).toEqual([['/fronted', `api.test:${p}`]]);
  });
});

describe.runIf(runSandboxTests)('the network proxy: no way around it', () => {
  it('a command that ignores the proxy variables reaches nothing: curl --noproxy, /dev/tcp, node net.connect, DNS', async () => {
    const plain = await httpServer();
    const toolkit = netToolkit({ network: { allow: ['api.test', '127.0.0.1'], allowPrivate: true } }, loopback.lookup);
    const p = plain.port;
    const out = await sh(
      toolkit,
      [
        `curl -sS --noproxy '*' --max-time 5 http://127.0.0.1:${p}/noproxy 2>/dev/null && echo reached || echo curl-failed`,
        `env -u HTTP_PROXY -u http_proxy -u ALL_PROXY -u all_proxy curl -sS --max-time 5 http://127.0.0.1:${p}/unset 2>/dev/null && echo reached || echo env-failed`,
        `(exec 3<>/dev/tcp/127.0.0.1/${p}) 2>/dev/null && echo reached || echo tcp-failed`,
        `node -e "require('net').connect(${p}, '127.0.0.1').on('connect', () => console.log('reached')).on('error', (e) => console.log('node-failed', e.code))"`,
        `getent hosts api.test || echo dns-failed`,
        `ip -o addr 2>/dev/null | grep -v ' lo ' | grep -c inet || true`,
      ].join('; '),
    );
    expect(out.stdout).toBe('curl-failed\nenv-failed\ntcp-failed\nnode-failed ECONNREFUSED\ndns-failed\n0\n');
    expect(plain.connections()).toBe(0);
  });

  it('DNS rebinding cannot reach a refused address: an answer not to be kept is asked again per request, and the connection goes to what was checked', async () => {
    // Two servers on one port: the allowed address 127.0.0.1 and the refused 127.0.0.2.
    const good = await httpServer((_req, res) => res.end('good\n'), '127.0.0.1');
    const bad = await httpServer((_req, res) => res.end('bad\n'), '127.0.0.2', good.port);
    const resolver = tableResolver(
      {
        // First answer the allowed address, then the refused one (a rebinding name server, TTL 0).
        'rebind.test': (call) => (call === 1 ? ['127.0.0.1'] : ['127.0.0.2']),
        // A mixed answer is refused whole.
        'mixed.test': ['127.0.0.1', '127.0.0.2'],
      },
      { ttl: 0 },
    );
    const toolkit = netToolkit({ network: { allow: ['rebind.test', 'mixed.test', '127.0.0.1'] } }, resolver.lookup);
    const url = (host: string) => `http://${host}:${good.port}/`;
    const out = await sh(
      toolkit,
      `curl -sS ${url('rebind.test')}; curl -sS ${url('rebind.test')}; curl -sS ${url('rebind.test')}; curl -sS ${url('mixed.test')}`,
    );
    expect(out.stdout.split('\n')).toEqual([
      'good',
      'toolwright: rebind.test resolves to 127.0.0.2, a loopback address; the sandbox reaches public addresses only unless exec.network.allowPrivate is set or exec.network.allow names that address',
      expect.stringContaining('toolwright: rebind.test resolves to 127.0.0.2'),
      expect.stringContaining('toolwright: mixed.test resolves to 127.0.0.2'),
      '',
    ]);
    expect(bad.connections()).toBe(0);
    expect(good.seen).toHaveLength(1);
    // One lookup per request: nothing resolves the name again between the check and the connection.
    expect(resolver.calls('rebind.test')).toBe(3);
  });

  it("a name's answer is kept: many connections (plain and CONNECT) cost one lookup, a rebinding name server's second answer is not asked for, a refused answer stays refused", async () => {
    const good = await httpServer((_req, res) => res.end('good\n'), '127.0.0.1');
    const bad = await httpServer((_req, res) => res.end('bad\n'), '127.0.0.2', good.port);
    const secure = await httpsServer();
    const resolver = tableResolver({
      'rebind.test': (call) => (call === 1 ? ['127.0.0.1'] : ['127.0.0.2']),
      'mixed.test': ['127.0.0.1', '127.0.0.2'],
      'api.test': ['127.0.0.1'],
    });
    const toolkit = netToolkit(
      { network: { allow: ['rebind.test', 'mixed.test', 'api.test', '127.0.0.1'] } },
      resolver.lookup,
    );
    const plain = (host: string) => `curl -sS http://${host}:${good.port}/`;
    const tls = `curl -sS --cacert upstream-ca.pem https://api.test:${secure.port}/kept`;
    const first = await sh(
      toolkit,
      [plain('rebind.test'), plain('rebind.test'), plain('rebind.test'), plain('mixed.test'), plain('mixed.test')].join(
        '; ',
      ),
    );
    expect(first.stdout.split('\n')).toEqual([
      'good',
      'good',
      'good',
      expect.stringContaining('toolwright: mixed.test resolves to 127.0.0.2'),
      expect.stringContaining('toolwright: mixed.test resolves to 127.0.0.2'),
      '',
    ]);
    // The next command of the same toolkit uses the kept answers too.
    const second = await sh(toolkit, [tls, tls, tls, plain('rebind.test')].join('; '));
    expect(second.stdout).toBe('hello GET /kept\nhello GET /kept\nhello GET /kept\ngood\n');
    expect(resolver.calls('rebind.test')).toBe(1);
    expect(resolver.calls('mixed.test')).toBe(1);
    expect(resolver.calls('api.test')).toBe(1);
    expect(bad.connections()).toBe(0);
    expect(good.seen).toHaveLength(4);
  });
});
