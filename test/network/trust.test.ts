// What a sandboxed command trusts when the proxy intercepts HTTPS: every variable tools read a CA
// bundle from names the one bundle that holds the interception CA, whatever the host's environment
// set it to (machines often point CURL_CA_BUNDLE, PIP_CERT, REQUESTS_CA_BUNDLE … at the system
// bundle, which lacks it), so curl, git, Python and Node verify the proxy's certificates without
// being told; a folder of CAs (SSL_CERT_DIR) is left as it is.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpsServer, tableResolver } from '../support/network.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'network');

useNetworkWorkspace();

const loopback = tableResolver({ 'api.test': ['127.0.0.1'] });
const SYSTEM = '/etc/ssl/certs/ca-certificates.crt';
const BUNDLE = '/run/toolwright/ca-bundle.pem';

/** What the host's environment commonly holds: every one of them set to the system bundle. */
const HOST_CA_VARIABLES = {
  SSL_CERT_FILE: SYSTEM,
  NODE_EXTRA_CA_CERTS: SYSTEM,
  REQUESTS_CA_BUNDLE: SYSTEM,
  CURL_CA_BUNDLE: SYSTEM,
  GIT_SSL_CAINFO: SYSTEM,
  PIP_CERT: SYSTEM,
  AWS_CA_BUNDLE: SYSTEM,
  HTTPLIB2_CA_CERTS: SYSTEM,
  GRPC_DEFAULT_SSL_ROOTS_FILE_PATH: SYSTEM,
  CLOUDSDK_CORE_CUSTOM_CA_CERTS_FILE: SYSTEM,
  NIX_SSL_CERT_FILE: SYSTEM,
  // A tool this list does not know, named the way CA bundle variables are.
  SOME_TOOL_CA_BUNDLE: SYSTEM,
  SSL_CERT_DIR: '/etc/ssl/certs',
};

/** A bare repository with one commit, prepared for the dumb HTTP protocol; returns its folder. */
function bareRepository(): string {
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
  writeFileSync(path.join(source, 'readme.txt'), 'over https\n');
  git(['add', '.'], source);
  git(['commit', '-q', '-m', 'first'], source);
  git(['clone', '-q', '--bare', source, bare], ws);
  git(['update-server-info'], bare);
  return bare;
}

describe.runIf(runSandboxTests)('the interception CA: trusted through every CA variable', () => {
  it('points every CA bundle variable at the bundle, overriding what the host set, and leaves SSL_CERT_DIR', async () => {
    const toolkit = netToolkit(
      { network: { allow: ['api.test'], allowPrivate: true, methods: 'read' }, env: HOST_CA_VARIABLES },
      loopback.lookup,
    );
    const names = Object.keys(HOST_CA_VARIABLES);
    const out = await sh(toolkit, `for v in ${names.join(' ')}; do printf '%s=%s\\n' "$v" "\${!v}"; done`);
    const expected = names.map((name) => `${name}=${name === 'SSL_CERT_DIR' ? '/etc/ssl/certs' : BUNDLE}`);
    expect(out.stdout.trim().split('\n')).toEqual(expected);
  });

  it('curl, git, Python and Node verify intercepted HTTPS through the variables alone, the system bundle set on the host', async () => {
    const bare = bareRepository();
    const server = await httpsServer((req, res) => {
      const url = (req.url ?? '/').split('?')[0]!;
      if (url.startsWith('/repo.git/')) {
        const file = path.join(bare, decodeURIComponent(url.slice('/repo.git/'.length)));
        if (existsSync(file)) res.end(readFileSync(file));
        else {
          res.statusCode = 404;
          res.end();
        }
        return;
      }
      res.end(`hello ${req.method} ${url}\n`);
    });
    const toolkit = netToolkit(
      { network: { allow: ['api.test'], allowPrivate: true, methods: 'read' }, env: HOST_CA_VARIABLES },
      loopback.lookup,
    );
    const base = `https://api.test:${server.port}`;
    writeFileSync(
      path.join(ws, 'client.js'),
      `
const http = require('http'), tls = require('tls');
const proxy = new URL(process.env.HTTPS_PROXY);
const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: 'api.test:${server.port}' });
req.on('connect', (res, socket) => {
  // No ca option: Node's own store plus NODE_EXTRA_CA_CERTS.
  const s = tls.connect({ socket, servername: 'api.test' }, () => {
    s.write('GET /node HTTP/1.1\\r\\nHost: api.test\\r\\nConnection: close\\r\\n\\r\\n');
  });
  let body = ''; s.on('data', (d) => (body += d)); s.on('end', () => console.log(body.split('\\r\\n\\r\\n')[1].trim()));
  s.on('error', (e) => console.log('node tls error', e.code || e.message));
});
req.end();
`,
    );
    const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
    const out = await sh(
      toolkit,
      [
        `curl -sS ${base}/curl`,
        `git clone -q ${base}/repo.git copy && cat copy/readme.txt`,
        `${python} -c "import urllib.request; print(urllib.request.urlopen('${base}/python').read().decode().strip())"`,
        'node client.js',
      ].join('; '),
    );
    expect(out.stdout).toBe('hello GET /curl\nover https\nhello GET /python\nhello GET /node\n');
    // Each went through the proxy's own TLS: the server saw requests, the sandbox never saw its certificate.
    expect(server.seen.filter((r) => !r.url.startsWith('/repo.git/')).map((r) => r.url)).toEqual([
      '/curl',
      '/python',
      '/node',
    ]);
  });
});

describe('the interception CA: what the bundle takes from the files the host names', () => {
  it('takes their certificates alone, never a private key kept beside one', async () => {
    const { trustBundle } = await import('../../src/handlers/exec/network/trust.js');
    const file = path.join(ws, 'client.pem');
    const certificate = readFileSync(path.join(fixtures, 'server-cert.pem'), 'utf8');
    const key = readFileSync(path.join(fixtures, 'server-key.pem'), 'utf8');
    writeFileSync(file, `Bag Attributes: a comment\n${key}${certificate}`);
    const bundle = trustBundle('-----BEGIN CERTIFICATE-----\nextra\n-----END CERTIFICATE-----', {
      TW_CLIENT_CERT_FILE: file,
    });
    expect(bundle).toContain(certificate.trim());
    expect(bundle).not.toContain('PRIVATE KEY');
    expect(bundle).not.toContain('Bag Attributes');
  });
});
