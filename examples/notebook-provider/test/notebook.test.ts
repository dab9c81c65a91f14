// The notebook provider through createToolkit, beside the reference providers as a host composes
// them. Its handlers check nothing: what is refused here is refused by toolwright's runtime, from
// the roles catalog.yaml declares.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  approvalText,
  createProgrammaticUserChannel,
  createToolkit,
  referenceProviders,
  type ApprovalRequest,
  type InvokeResult,
  type ToolkitOptions,
} from 'toolwright';
import { notebookProviders } from '../src/index.js';

let parent: string;
let root: string;
beforeEach(async () => {
  parent = await realpath(await mkdtemp(path.join(tmpdir(), 'notebook-')));
  root = path.join(parent, 'ws');
  await mkdir(path.join(root, 'notes'), { recursive: true });
  await mkdir(path.join(parent, 'outside'));
  await writeFile(path.join(parent, 'outside', 'secret.md'), 'OUTSIDE');
  await writeFile(path.join(root, 'notes', 'a.md'), 'alpha\n');
  await writeFile(path.join(root, '.env'), 'TOKEN=1\n');
  await symlink(path.join(parent, 'outside', 'secret.md'), path.join(root, 'link-out.md'));
  await symlink(path.join(parent, 'outside'), path.join(root, 'dir-out'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('up');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
});

const toolkit = (options: Omit<ToolkitOptions, 'workspace'> = {}) =>
  createToolkit({ ...options, workspace: root, providers: [...referenceProviders, ...notebookProviders] });
const code = (result: InvokeResult) => (result.ok ? 'OK' : result.error.code);

describe('confinement of path and glob parameters', () => {
  it('refuses ../x, a symlink out, a folder link out and an absolute path elsewhere', async () => {
    const kit = toolkit();
    for (const p of [
      '../outside/secret.md',
      'link-out.md',
      'dir-out/secret.md',
      path.join(parent, 'outside', 'secret.md'),
      '/etc/hostname',
    ]) {
      const result = await kit.invoke('notebook', 'note_read', { path: p });
      expect([p, code(result)]).toEqual([p, 'OUTSIDE_WORKSPACE']);
      expect(result.text).not.toContain('OUTSIDE\n');
    }
    for (const p of ['../outside/new.md', 'dir-out/new.md']) {
      expect([p, code(await kit.invoke('notebook', 'note_save', { path: p, text: 'x' }))]).toEqual([
        p,
        'OUTSIDE_WORKSPACE',
      ]);
    }
    await expect(readFile(path.join(parent, 'outside', 'new.md'))).rejects.toThrow();
    expect(await kit.call.note_read({ path: path.join(root, 'notes', 'a.md') })).toEqual({
      path: 'notes/a.md',
      text: 'alpha\n',
    });
  });

  it('keeps glob patterns inside the workspace', async () => {
    const kit = toolkit();
    for (const [pattern, expected] of [
      ['../*', 'OUTSIDE_WORKSPACE'],
      ['dir-out/*', 'OUTSIDE_WORKSPACE'],
      ['/etc/*', 'OUTSIDE_WORKSPACE'],
      ['*/../../*', 'INVALID_PATTERN'],
      ['**/*.md', 'OK'],
    ] as const) {
      expect([pattern, code(await kit.invoke('notebook', 'note_find', { pattern }))]).toEqual([pattern, expected]);
    }
    expect(await kit.call.note_find({ pattern: '*.md', folder: 'notes' })).toEqual({ files: ['notes/a.md'] });
  });
});

describe('rules by role', () => {
  it("path rules apply to the notebook's paths, reads and writes alike", async () => {
    const kit = toolkit({
      policy: { rules: [{ path: ['**/.env', 'private/**'], decision: 'deny' }], default: 'allow' },
    });
    expect(code(await kit.invoke('notebook', 'note_read', { path: '.env' }))).toBe('DENIED_BY_POLICY');
    expect(code(await kit.invoke('notebook', 'note_save', { path: 'private/x.md', text: 'x' }))).toBe(
      'DENIED_BY_POLICY',
    );
    expect(code(await kit.invoke('notebook', 'note_read', { path: 'notes/a.md' }))).toBe('OK');
  });

  it('command rules see every simple command: deny rm * catches `ls; rm x`', async () => {
    await writeFile(path.join(root, 'x'), 'keep');
    const kit = toolkit({
      policy: { rules: [{ operation: 'note_run', command: 'rm *', decision: 'deny' }], default: 'allow' },
    });
    for (const line of ['ls; rm x', 'ls && rm -f x', 'echo | xargs rm x', 'bash -c "rm x"']) {
      expect([line, code(await kit.invoke('notebook', 'note_run', { line }))]).toEqual([line, 'DENIED_BY_POLICY']);
    }
    expect(await readFile(path.join(root, 'x'), 'utf8')).toBe('keep');
    expect(await kit.call.note_run({ line: 'echo ok' })).toEqual({ exit_code: 0, output: 'ok\n' });
  });

  it('the address guard refuses 127.0.0.1 by default; the test server is reachable only with allowPrivateNetwork', async () => {
    expect(code(await toolkit().invoke('notebook', 'url_check', { url: `${origin}/` }))).toBe('BLOCKED_URL');
    expect(
      code(await toolkit().invoke('notebook', 'url_check', { url: 'http://169.254.169.254/latest/meta-data/' })),
    ).toBe('BLOCKED_URL');
    expect(await toolkit({ web: { allowPrivateNetwork: true } }).call.url_check({ url: `${origin}/` })).toEqual({
      status: 200,
      content_type: 'text/plain',
    });
  });

  it('host rules apply to the url', async () => {
    const kit = toolkit({
      web: { allowPrivateNetwork: true },
      policy: { rules: [{ operation: 'url_check', host: '127.0.0.1', decision: 'deny' }], default: 'allow' },
    });
    expect(code(await kit.invoke('notebook', 'url_check', { url: `${origin}/` }))).toBe('DENIED_BY_POLICY');
  });
});

describe('redaction by role', () => {
  it('an ask approval shows no secret and summarises content', async () => {
    const requests: ApprovalRequest[] = [];
    await writeFile(path.join(root, '.credentials'), 'ann:correct horse battery');
    const kit = toolkit({
      policy: { rules: [{ provider: 'notebook', decision: 'ask' }] },
      user: createProgrammaticUserChannel({
        approve: (call) => {
          requests.push(call);
          return true;
        },
      }),
    });
    expect(await kit.call.sign_in({ user: 'ann', password: 'correct horse battery' })).toEqual({
      user: 'ann',
      signed_in: true,
    });
    const long = `# Minutes\n${'- item\n'.repeat(300)}the last line`;
    expect(await kit.call.note_save({ path: 'notes/minutes.md', text: long })).toMatchObject({
      path: 'notes/minutes.md',
    });
    expect(JSON.stringify(requests)).not.toContain('correct horse');
    const shown = requests.map((request) => approvalText(request).text);
    expect(shown[0]).toContain('"password": "\u27easecret, 21 chars\u27eb"');
    expect(shown[1]).toContain(`\u27eacontent, ${long.length} chars, 302 lines; begins: "# Minutes`);
    expect(shown[1]).not.toContain('the last line');
  });

  it('an error never echoes the password, even when the handler quotes it', async () => {
    await writeFile(path.join(root, '.credentials'), 'ann:correct horse battery');
    const result = await toolkit().invoke('notebook', 'sign_in', { user: 'ann', password: 'wrong horse battery' });
    expect(code(result)).toBe('BAD_CREDENTIALS');
    expect(JSON.stringify(result)).not.toContain('wrong horse');
    expect(result.text).toContain('\u27easecret, 19 chars\u27eb');
  });
});
