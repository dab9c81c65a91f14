// The credential broker: a sandboxed command holds a placeholder, the proxy writes the real value
// into HTTPS requests to the bound hosts only (in every place the command put the placeholder, or in
// the header the binding names), a placeholder sent anywhere else stays one, and the real value
// reaches no output, no audit entry, no progress message: not even when a server echoes it back or
// a file the command prints holds it. The interception CA's key is nowhere the sandbox can read.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { injectCredentials, valueEchoes, type BoundCredential } from '../../src/handlers/exec/network/credentials.js';
import { scrubText } from '../../src/handlers/exec/network/echoes.js';
import { listenerSyscalls } from '../../src/handlers/exec/network/listener.js';
import { openStore } from '../../src/index.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, httpsServer, tableResolver } from '../support/network.js';
import { tempDir } from '../support/helpers.js';
import { netToolkit, proxyFolders, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const TOKEN = 'real-token-4f7c2a9e51b3d8';
const KEY = 'real-api-key-93e1c07d5a';
const loopback = tableResolver({
  'api.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'secure.test': ['127.0.0.1'],
});
const network = { allow: ['api.test', 'other.test', 'secure.test'], allowPrivate: true };

/** Everything a server echoes back of what it got: headers and URL, in a header and the body. */
const echo = (gzip = false) =>
  ((req, res) => {
    const seen = JSON.stringify({
      url: req.url,
      authorization: req.headers.authorization,
      key: req.headers['x-api-key'],
    });
    res.setHeader('x-seen', seen);
    res.setHeader('content-type', 'application/json');
    if (gzip) {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(seen));
    } else res.end(`${seen}\n`);
  }) as Parameters<typeof httpsServer>[0];

describe('credentials: a Basic pair', () => {
  it('gets the value as UTF-8 between the bytes the command wrote, and its base64 back as the one the command sent', () => {
    const bound = [
      {
        rule: { env: 'TW_PASS', hosts: ['api.test'], format: '{value}', value: 'pässwörd-€-93e1' },
        placeholder: 'ph-1',
      },
    ] as unknown as BoundCredential[];
    const written = Buffer.from('usér:ph-1', 'utf8').toString('base64');
    const { headers, injected } = injectCredentials([['authorization', `Basic ${written}`]], '/', bound);
    expect(injected).toBe(true);
    const sent = headers[0]![1].slice('Basic '.length);
    expect(Buffer.from(sent, 'base64').toString('utf8')).toBe('usér:pässwörd-€-93e1');
    expect(scrubText(`echo ${sent}`, valueEchoes(bound))).toBe(`echo ${written}`);
  });

  it('gives the pair it made back as the one the command sent in the forms a server echoes it in', () => {
    // Each user makes a pair whose base64 ends in padding (`=`, which JSON encoders escape and
    // redirects percent-encode) or holds `+` or `/`.
    for (const user of ['a', 'ab', 'x?', '>>>', '???']) {
      const bound = [
        {
          rule: { env: 'TW_PASS', hosts: ['api.test'], format: '{value}', value: 'real-secret-value' },
          placeholder: 'ph-2',
        },
      ] as unknown as BoundCredential[];
      const written = Buffer.from(`${user}:ph-2`, 'utf8').toString('base64');
      const { headers } = injectCredentials([['authorization', `Basic ${written}`]], '/', bound);
      const sent = headers[0]![1].slice('Basic '.length);
      const echoes = valueEchoes(bound);
      const escaped = [
        sent,
        sent.replace(/=/g, '\\u003d').replace(/\//g, '\\/').replace(/\+/g, '\\u002b'),
        encodeURIComponent(sent),
        encodeURIComponent(sent).toLowerCase(),
        sent.replace(/=/g, '&#61;').replace(/\+/g, '&#x2b;'),
      ];
      for (const form of escaped)
        expect(scrubText(`{"authorization":"Basic ${form}"}`, echoes), `${user}: ${form}`).toBe(
          `{"authorization":"Basic ${written}"}`,
        );
    }
  });
});

describe('credentials: the forms of a value an answer is scrubbed of', () => {
  const VALUE = 'sk/Live+Key=9e8d 7c€';
  const echoes = () =>
    valueEchoes([
      { rule: { env: 'V', hosts: ['api.test'], format: '{value}', value: VALUE }, placeholder: 'PH' },
    ] as unknown as BoundCredential[]);
  const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
  const percent = (text: string, lower: boolean) => {
    const encoded = encodeURIComponent(text);
    return lower ? encoded.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()) : encoded;
  };
  const unicode = (text: string, upper: boolean) =>
    [...text]
      .map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
      .join('')
      .replace(/\\u[0-9a-f]{4}/g, (e) => (upper ? e.toUpperCase().replace('\\U', '\\u') : e));
  const forms: [string, string][] = [
    ['itself', VALUE],
    ['percent-encoded', percent(VALUE, false)],
    ['percent-encoded in lower case', percent(VALUE, true)],
    ['partly percent-encoded', VALUE.replace('/', '%2f').replace('=', '%3D')],
    ['form-encoded', new URLSearchParams({ v: VALUE }).toString().slice(2)],
    ['a JSON string with escaped slashes', JSON.stringify(VALUE).slice(1, -1).replace(/\//g, '\\/')],
    ['a JSON string escaping all but letters and digits', unicode(VALUE, false)],
    ['the same in upper-case hex', unicode(VALUE, true)],
    ['HTML character references', VALUE.replace('/', '&#47;').replace('+', '&#x2B;').replace(' ', '&#32;')],
    [
      'HTML character references with leading zeros',
      VALUE.replace('s', '&#0115;').replace('/', '&#x002f;').replace('=', '&#X00003D;'),
    ],
    ['JavaScript escapes', VALUE.replace('k', '\\x6b').replace('/', '\\u{2f}').replace('€', '\\u{00020ac}')],
    ['percent-encoded twice', encodeURIComponent(encodeURIComponent(VALUE))],
    ['form-decoded (a plus read as a space)', VALUE.replace('+', ' ')],
    ['in capitals', VALUE.toUpperCase()],
  ];
  for (const [name, form] of forms)
    it(`finds it ${name}, in a header and across the chunks of a body`, async () => {
      const text = latin1(`before ${form} after`);
      expect(scrubText(text, echoes())).toBe('before PH after');
      const { CredentialScrubber } = await import('../../src/handlers/exec/network/echoes.js');
      const scrubber = new CredentialScrubber(echoes());
      const bytes = Buffer.from(`before ${form} after`, 'utf8');
      const out: Buffer[] = [];
      scrubber.on('data', (chunk: Buffer) => out.push(chunk));
      // One byte at a time: every boundary inside the form is crossed.
      for (const byte of bytes) scrubber.write(Buffer.from([byte]));
      scrubber.end();
      await new Promise((resolve) => scrubber.on('end', resolve));
      expect(Buffer.concat(out).toString('utf8')).toBe('before PH after');
    });

  it('leaves text that only resembles it, also an answer full of near misses', () => {
    const near = VALUE.slice(0, -1);
    expect(scrubText(latin1(`${near} ${percent(near, false)}`), echoes())).toBe(
      latin1(`${near} ${percent(near, false)}`),
    );
    // 400 KB of near misses: every alternative is a fixed sequence, so the scan stays linear (a
    // backtracking one would outlast the test's timeout).
    const long = latin1(`${near}x`.repeat(20_000));
    expect(scrubText(long, echoes())).toBe(long);
  });
});

describe.runIf(runSandboxTests)('credentials: injected for bound hosts only', () => {
  it('replaces the placeholder for the bound host (header, Basic pair, query) and leaves it elsewhere', async () => {
    const secure = await httpsServer();
    const plain = await httpServer();
    const toolkit = netToolkit(
      { network, env: { TW_TOKEN: TOKEN }, credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }] },
      loopback.lookup,
    );
    const out = await sh(
      toolkit,
      [
        `printf '%s\\n' "$TW_TOKEN"`,
        `curl -sS -o /dev/null -H "Authorization: Bearer $TW_TOKEN" https://api.test:${secure.port}/header`,
        `curl -sS -o /dev/null -u "user:$TW_TOKEN" https://api.test:${secure.port}/basic`,
        `curl -sS -o /dev/null "https://api.test:${secure.port}/query?access_token=$TW_TOKEN"`,
        // Not bound: a tunnel the proxy does not open (the command verifies the server itself).
        `curl -sS -o /dev/null --cacert upstream-ca.pem -H "Authorization: Bearer $TW_TOKEN" https://other.test:${secure.port}/unbound`,
        // Bound, but plain HTTP: no credential in clear text.
        `curl -sS -o /dev/null -H "Authorization: Bearer $TW_TOKEN" http://api.test:${plain.port}/plain`,
      ].join('; '),
    );
    const placeholder = out.stdout.trim();
    expect(placeholder).toMatch(/^toolwright-placeholder-[0-9a-f]{36}$/);
    const [header, basic, query, unbound] = secure.seen;
    expect(header!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Buffer.from(basic!.headers.authorization!.slice(6), 'base64').toString()).toBe(`user:${TOKEN}`);
    expect(query!.url).toBe(`/query?access_token=${TOKEN}`);
    expect(unbound!.headers.authorization).toBe(`Bearer ${placeholder}`);
    expect(plain.seen[0]!.headers.authorization).toBe(`Bearer ${placeholder}`);
  });

  it('sets the header a binding names, formatted, whatever the command sent in it; a wildcard binds every name below', async () => {
    const secure = await httpsServer();
    const toolkit = netToolkit(
      {
        network: { ...network, allow: ['*.secure.test', 'api.test'] },
        env: { TW_KEY: KEY },
        credentials: [{ env: 'TW_KEY', hosts: ['*.secure.test'], header: 'X-Api-Key', format: 'Key {value}' }],
      },
      tableResolver({ 'v1.secure.test': ['127.0.0.1'], 'api.test': ['127.0.0.1'] }).lookup,
    );
    await sh(
      toolkit,
      `curl -sS -o /dev/null -H "X-Api-Key: mine" https://v1.secure.test:${secure.port}/a; curl -sS -o /dev/null --cacert upstream-ca.pem https://api.test:${secure.port}/b`,
    );
    expect(secure.seen.map((r) => r.headers['x-api-key'])).toEqual([`Key ${KEY}`, undefined]);
  });
});

describe.runIf(runSandboxTests)('credentials: the real value reaches nothing but the bound host', () => {
  it('is in no output, even when the server echoes it (headers, body, gzip), nor in the audit or progress', async () => {
    const secure = await httpsServer(echo());
    const zipped = await httpsServer(echo(true));
    const store = openStore(path.join(ws, '..', `${path.basename(ws)}-store`), { workspace: ws });
    // A file in the workspace holding the value: printing it shows the secret mark, not the value.
    writeFileSync(path.join(ws, 'leak.txt'), `token is ${TOKEN}\n`);
    const toolkit = netToolkit(
      { network, env: { TW_TOKEN: TOKEN }, credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }] },
      loopback.lookup,
      { store },
    );
    const progress: string[] = [];
    const result = await toolkit.invoke(
      'exec',
      'bash',
      {
        command: [
          `curl -sS -D - -H "Authorization: Bearer $TW_TOKEN" "https://api.test:${secure.port}/e?t=$TW_TOKEN"`,
          `curl -sS --compressed -H "Authorization: Bearer $TW_TOKEN" https://api.test:${zipped.port}/z`,
          'env; cat leak.txt; sleep 0.6',
        ].join('; '),
      },
      { onProgress: (event) => progress.push(String(event.message)) },
    );
    expect(result.ok).toBe(true);
    // The servers got the real value…
    expect(secure.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(zipped.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    // …the command read their echoes with the placeholder in its place.
    const text = JSON.stringify(result);
    expect(text).not.toContain(TOKEN);
    expect(text).toMatch(/"authorization\\?":\\?"Bearer toolwright-placeholder-/);
    expect(text).toContain('x-seen: {');
    expect(text).toContain('token is \u27easecret, 25 chars\u27eb');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.join('\n')).not.toContain(TOKEN);
    await toolkit.close();
    const audit = await store.audit.query({ limit: 100 });
    const connections = audit.filter((entry) => entry.operation === 'exec.bash.connection');
    expect(connections.map((c) => [(c.input as { host: string }).host, c.decision])).toEqual([
      ['api.test', 'allowed'],
      ['api.test', 'allowed'],
    ]);
    expect(connections[0]!.input).toMatchObject({ method: 'GET', path: '/e', credentials: ['TW_TOKEN'], status: 200 });
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  });

  it("is in no answer in a form the proxy made (a Basic pair's base64) or percent-encoded, nor in a header's name, nor in answers to requests that did not carry it, plain HTTP too", async () => {
    const PASS = 'pass/with+chars=9e8d7c6b';
    const pair = (password: string) => Buffer.from(`user:${password}`).toString('base64');
    // A server that echoes the authorization it got, and one that knows the values without being sent them.
    const secure = await httpsServer((req, res) => {
      if (req.url === '/basic') {
        res.setHeader('x-auth', String(req.headers.authorization));
        res.end(`${JSON.stringify({ authorization: req.headers.authorization })}\n`);
        return;
      }
      res.setHeader(`x-echo-${TOKEN}`, '1');
      res.setHeader('location', `https://api.test/next?token=${encodeURIComponent(PASS)}`);
      res.statusCode = 302;
      res.end(`remembered ${encodeURIComponent(PASS)} ${pair(PASS)}\n`);
    });
    // Over plain HTTP nothing is written in, but what the host hands back is taken out all the same.
    const plain = await httpServer((_req, res) => res.end(`plain ${encodeURIComponent(PASS)}\n`));
    const toolkit = netToolkit(
      {
        network,
        env: { TW_TOKEN: TOKEN, TW_PASS: PASS },
        credentials: [
          { env: 'TW_TOKEN', hosts: ['api.test'] },
          { env: 'TW_PASS', hosts: ['api.test'] },
        ],
      },
      loopback.lookup,
    );
    const result = await toolkit.invoke('exec', 'bash', {
      command: [
        'printf "%s\\n" "$TW_PASS"',
        `curl -sS -D - -u "user:$TW_PASS" https://api.test:${secure.port}/basic`,
        `curl -sS -D - https://api.test:${secure.port}/remember`,
        `curl -sS http://api.test:${plain.port}/plain`,
      ].join('; '),
    });
    expect(result.ok).toBe(true);
    // The server got the real pair…
    expect(secure.seen[0]!.headers.authorization).toBe(`Basic ${pair(PASS)}`);
    const text = JSON.stringify(result);
    const placeholder = (result.ok ? (result.output as { stdout: string }).stdout : '').split('\n')[0]!;
    expect(placeholder).toMatch(/^toolwright-placeholder-/);
    // …the command sees the pair it sent, in the header and in the body, and nothing it could decode.
    for (const form of [TOKEN, PASS, encodeURIComponent(PASS), pair(PASS)]) expect(text).not.toContain(form);
    expect(text).toContain(`x-auth: Basic ${pair(placeholder)}`);
    expect(text).toContain(`\\"authorization\\":\\"Basic ${pair(placeholder)}\\"`);
    expect(text).toContain(`location: https://api.test/next?token=${placeholder}`);
    expect(text).toContain(`remembered ${placeholder} `);
    expect(text).toContain(`plain ${placeholder}\\n`);
    expect(text).toMatch(/x-echo-toolwright-placeholder-[0-9a-f]{36}: 1/);
  });

  it("is taken out of every answer the proxy reads, not only the bound host's: another name of the service can hand it back", async () => {
    // What api.test was given, kept by the service and read back through other.test (plain HTTP, and
    // HTTPS intercepted under methods 'read').
    const stored = (_req: unknown, res: { end(text: string): void }) =>
      res.end(`stored ${TOKEN} ${encodeURIComponent(`${TOKEN}/`).toLowerCase()}\n`);
    const plain = await httpServer(stored);
    const secure = await httpsServer(stored);
    const toolkit = netToolkit(
      {
        network: { ...network, methods: 'read' },
        env: { TW_TOKEN: TOKEN },
        credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
      },
      loopback.lookup,
    );
    const out = await sh(
      toolkit,
      `curl -sS http://other.test:${plain.port}/ | rev; curl -sS https://other.test:${secure.port}/ | rev; printf '%s\\n' "$TW_TOKEN"`,
    );
    const [fromPlain, fromSecure, placeholder] = out.stdout.trim().split('\n');
    const shown = [...`stored ${placeholder} ${placeholder}%2f`].reverse().join('');
    expect(fromPlain).toBe(shown);
    expect(fromSecure).toBe(shown);
  });

  it('is in no line of the proxy quoting a server, in no Basic pair of two values, and a value beginning another leaves nothing of it', async () => {
    const MIXED = 'ghp_AbCdEfGh1234IjKlMn5678';
    const ID = 'real-key-id-0a1b2c3d';
    const FULL = `${ID}:tail-secret-5e6f7a8b`;
    const secure = await httpsServer((req, res) => {
      const url = new URL(req.url ?? '/', 'https://api.test');
      if (url.pathname === '/coding') {
        // A server that takes a header of its answer from the request (a response-header override).
        res.setHeader(url.searchParams.get('which') ?? 'content-encoding', `${url.searchParams.get('v')}, chunked`);
        res.end('x');
        return;
      }
      res.setHeader('x-auth', String(req.headers.authorization));
      res.setHeader('x-full', String(req.headers['x-full']));
      res.end('ok\n');
    });
    const toolkit = netToolkit(
      {
        network,
        env: { TW_MIXED: MIXED, TW_ID: ID, TW_FULL: FULL },
        credentials: [
          { env: 'TW_MIXED', hosts: ['api.test'] },
          { env: 'TW_ID', hosts: ['api.test'] },
          { env: 'TW_FULL', hosts: ['api.test'] },
        ],
      },
      loopback.lookup,
    );
    const base = `https://api.test:${secure.port}`;
    const result = await toolkit.invoke('exec', 'bash', {
      command: [
        `curl -sS "${base}/coding?v=$TW_MIXED" | rev`,
        `curl -sS "${base}/coding?which=transfer-encoding&v=$TW_MIXED" | rev`,
        `curl -sS -D - -o /dev/null -u "$TW_ID:$TW_MIXED" ${base}/pair | grep -i '^x-auth' | sed 's/^x-auth: Basic //I' | tr -d '\\r' | base64 -d | rev; echo`,
        `curl -sS -D - -o /dev/null -H "X-Full: $TW_FULL" ${base}/full | grep -i '^x-full' | tr -d '\\r' | rev`,
        'printf "%s\\n" "$TW_MIXED" "$TW_ID" "$TW_FULL"',
      ].join('; '),
    });
    expect(result.ok).toBe(true);
    const text = JSON.stringify(result);
    const reversed = (value: string) => [...value].reverse().join('');
    for (const value of [MIXED, ID, FULL, 'tail-secret-5e6f7a8b'])
      for (const form of [value, value.toLowerCase(), reversed(value), reversed(value.toLowerCase())])
        expect(text).not.toContain(form);
    const lines = (result.ok ? (result.output as { stdout: string }).stdout : '').trim().split('\n');
    const [mixed, id, full] = lines.slice(-3);
    expect(reversed(lines[0]!)).toMatch(
      /^toolwright: the answer of api\.test is encoded as chunked, 1 unnamed, which the proxy cannot check/,
    );
    expect(reversed(lines[1]!)).toMatch(
      /^toolwright: the answer of api\.test has the transfer coding 1 unnamed, which the proxy does not pass on/,
    );
    expect(reversed(lines[2]!)).toBe(`${id}:${mixed}`);
    expect(reversed(lines[3]!).trim()).toBe(`x-full: ${full}`);
  });

  it("keeps the CA's key out of the sandbox: its folder holds the bundle (and the relay's socket), no key, the host's folder no key file", async () => {
    const secure = await httpsServer();
    const toolkit = netToolkit(
      { network, env: { TW_TOKEN: TOKEN }, credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }] },
      loopback.lookup,
    );
    const before = new Set(proxyFolders());
    const out = await sh(
      toolkit,
      [
        `curl -sS -o /dev/null https://api.test:${secure.port}/`,
        'ls -A /run/toolwright',
        'grep -c "PRIVATE KEY" /run/toolwright/ca-bundle.pem',
        'grep -c "BEGIN CERTIFICATE" /run/toolwright/ca-bundle.pem >/dev/null && echo certificates',
        'ls -d /tmp/toolwright-net-* 2>/dev/null || echo no-proxy-folder',
        `cat /proc/${process.pid}/environ 2>/dev/null || echo no-host-process`,
        'grep -rl "PRIVATE KEY" /run /tmp 2>/dev/null || echo no-key',
      ].join('; '),
    );
    // The relay's socket is there too where the listener is not made from outside.
    const socket = listenerSyscalls() ? '' : 'proxy.sock\n';
    expect(out.stdout).toBe(`ca-bundle.pem\n${socket}0\ncertificates\nno-proxy-folder\nno-host-process\nno-key\n`);
    const folders = proxyFolders().filter((dir) => !before.has(dir));
    expect(folders).toHaveLength(1);
    for (const name of readdirSync(folders[0]!))
      if (!name.endsWith('.sock'))
        expect(readFileSync(path.join(folders[0]!, name), 'utf8')).not.toContain('PRIVATE KEY');
  });

  it("hides the proxy's folder where the sandbox shows the temporary folder, and never makes it in the workspace", async () => {
    const secure = await httpsServer();
    const shown = await tempDir('tw-shown-tmp-');
    const saved = process.env.TMPDIR;
    const credentials = [{ env: 'TW_TOKEN', hosts: ['api.test'] }];
    try {
      // A TMPDIR the sandbox shows (writable here): the proxy's folder in it is an empty folder inside.
      process.env.TMPDIR = shown;
      const visible = netToolkit(
        {
          network,
          env: { TW_TOKEN: TOKEN },
          credentials,
          sandbox: { mode: 'workspace-write', writable: [shown] },
        },
        loopback.lookup,
      );
      const out = await sh(
        visible,
        [
          `curl -sS -o /dev/null https://api.test:${secure.port}/`,
          `for d in ${shown}/toolwright-net-*; do echo "folder $(ls -A "$d" | wc -l)"; done`,
          `grep -rl "PRIVATE KEY" ${shown} 2>/dev/null || echo no-key`,
        ].join('; '),
      );
      expect(out.stdout).toBe('folder 0\nno-key\n');
      expect(readdirSync(shown).filter((name) => name.startsWith('toolwright-net-'))).toHaveLength(1);
      // A TMPDIR inside the workspace: the folder goes to the system's temporary folder instead.
      const inside = path.join(ws, 'tmp');
      mkdirSync(inside);
      process.env.TMPDIR = inside;
      const kept = netToolkit({ network, env: { TW_TOKEN: TOKEN }, credentials }, loopback.lookup);
      await sh(kept, `curl -sS -o /dev/null https://api.test:${secure.port}/`);
      expect(readdirSync(inside)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('gives every command the placeholder, shell_read too, and replaces the value in any other variable holding it', async () => {
    const toolkit = netToolkit(
      {
        network,
        env: { TW_TOKEN: TOKEN, OTHER_URL: `https://user:${TOKEN}@example.test/` },
        inheritEnv: ['OTHER_URL'],
        credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
      },
      loopback.lookup,
    );
    const out = await sh(toolkit, 'printf "%s\\n" "$TW_TOKEN" "$OTHER_URL"');
    const [placeholder, other] = out.stdout.trim().split('\n');
    expect(placeholder).toMatch(/^toolwright-placeholder-/);
    expect(other).toBe(`https://user:${placeholder}@example.test/`);
    const read = await toolkit.invoke('exec', 'shell_read', { command: 'printenv TW_TOKEN' });
    expect(read.ok && JSON.stringify(read.output)).toContain(placeholder);
    expect(JSON.stringify(read)).not.toContain(TOKEN);
  });

  it('replaces each value with its own placeholder, also where a variable holds it URL-encoded or JSON-escaped', async () => {
    const PASS = 'pass/with+chars=9e8d7c6b';
    const toolkit = netToolkit(
      {
        network,
        env: {
          TW_TOKEN: TOKEN,
          TW_PASS: PASS,
          DATABASE_URL: `postgres://user:${encodeURIComponent(PASS)}@db.test/app`,
          SETTINGS: JSON.stringify({ token: TOKEN, pass: PASS.replace('/', '\\/') }),
        },
        inheritEnv: ['DATABASE_URL', 'SETTINGS'],
        credentials: [
          { env: 'TW_TOKEN', hosts: ['api.test'] },
          { env: 'TW_PASS', hosts: ['api.test'] },
        ],
      },
      loopback.lookup,
    );
    // Reversed: the output's own redaction would hide a value, not show that it got through.
    const out = await sh(toolkit, 'printf "%s\\n" "$TW_TOKEN" "$TW_PASS" "$DATABASE_URL" "$SETTINGS" | rev');
    const [token, pass, url, settings] = out.stdout
      .trim()
      .split('\n')
      .map((line) => [...line].reverse().join(''));
    expect(token).toMatch(/^toolwright-placeholder-/);
    expect(pass).toMatch(/^toolwright-placeholder-/);
    expect(pass).not.toBe(token);
    expect(url).toBe(`postgres://user:${pass}@db.test/app`);
    expect(settings).toBe(JSON.stringify({ token, pass }));
  });
});
