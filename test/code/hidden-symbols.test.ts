// A symbol looked up by name is never found in a file the policy hides from the call: such a file
// is not a candidate, so a name only there is NOT_FOUND exactly as a name that does not exist, and
// a name also there is not ambiguous (pyright). And the server, which reads every source file, is
// not asked what could quote one the policy keeps from reading: hover and diagnostics are refused,
// an edit goes unchecked, while a rule hiding only files no server reads changes nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { codeWorkspace, removeCodeWorkspaces, START_MS, warmToolkit } from '../support/code.js';
import { expectOk } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const FILES = {
  'secrets/keys.py': [
    'class Vault:',
    '    def rotate_sk_live_51HxYzAcme(self):',
    '        pass',
    '',
    'def token():',
    '    return "sk-live-SECRET"',
    '',
  ].join('\n'),
  'app.py': ['from secrets.keys import token as secret_token', 'def token():', '    return 1', ''].join('\n'),
  '.env': 'PASSWORD=hunter2\n',
};

let root: string;
let warm: Toolkit;
let toolkit: Toolkit;
let envOnly: Toolkit;

beforeAll(async () => {
  root = await codeWorkspace(FILES);
  // Started without a policy; the toolkits below share its server.
  warm = await warmToolkit(root, 'app.py');
  const code = { editDiagnosticsMs: scaled(60_000) };
  toolkit = createToolkit({
    workspace: root,
    code,
    policy: { rules: [{ operation: 'read_file', path: 'secrets/**', decision: 'deny' }] },
  });
  envOnly = createToolkit({
    workspace: root,
    code,
    policy: { rules: [{ operation: 'read_file', path: '**/.env', decision: 'deny' }] },
  });
}, START_MS);
afterAll(async () => {
  await Promise.all([toolkit?.close(), envOnly?.close(), warm?.close()]);
  await removeCodeWorkspaces();
});

describe('a server that reads what the policy keeps from reading', () => {
  it('is not asked for a hover or diagnostics; the refusal names no hidden file', async () => {
    for (const [operation, params] of [
      ['hover', { path: 'app.py', line: 1, column: 40 }],
      ['diagnostics', { path: 'app.py' }],
      ['diagnostics', {}],
    ] as const) {
      const result = await toolkit.invoke('code', operation, params);
      expect(result.ok ? 'ok' : result.error.code, operation).toBe('DENIED_BY_POLICY');
      expect(JSON.stringify([result.text, result.ok ? '' : result.error])).not.toMatch(/secrets|keys\.py|SECRET/);
    }
  });

  it('an edit goes on, unchecked (no diagnostics that could quote it)', async () => {
    const edited = await toolkit.invoke('filesystem', 'write_file', {
      path: 'app.py',
      content: 'from secrets.keys import token as secret_token\nx: int = secret_token()\n',
    });
    expect(expectOk(edited)).not.toHaveProperty('diagnostics');
    expect(edited.text).not.toContain('SECRET');
    await writeFile(path.join(root, 'app.py'), FILES['app.py']);
  });

  it('a rule hiding only a file no server reads (.env) leaves hover and diagnostics as they were', async () => {
    const hover = await envOnly.invoke('code', 'hover', { path: 'app.py', line: 2, column: 5 });
    expect(expectOk(hover).path).toBe('app.py');
    expect(expectOk(await envOnly.invoke('code', 'diagnostics', { path: 'app.py' })).files_checked).toBe(1);
  });
});

describe('a symbol named across the workspace', () => {
  it('in a visible and a hidden file is the visible one, not ambiguous', async () => {
    const definition = await toolkit.invoke('code', 'definition', { symbol: 'token' });
    expect(expectOk(definition).definitions).toEqual([expect.objectContaining({ path: 'app.py', line: 2 })]);
    expect(JSON.stringify(definition)).not.toContain('secrets');
  });

  it('only in a hidden file is not found, as one that does not exist', async () => {
    const hidden = await toolkit.invoke('code', 'definition', { symbol: 'Vault.rotate_sk_live_51HxYzAcme' });
    const missing = await toolkit.invoke('code', 'definition', { symbol: 'Vault.no_such_method' });
    expect(hidden.ok ? undefined : hidden.error.code).toBe('NOT_FOUND');
    expect(missing.ok ? undefined : missing.error.code).toBe('NOT_FOUND');
    const shape = (result: typeof hidden) =>
      result.ok ? undefined : { ...result.error, message: result.error.message.replace(/Vault\.\w+/, 'NAME') };
    expect(shape(hidden)).toEqual(shape(missing));
    expect(JSON.stringify([hidden.ok ? undefined : hidden.error, hidden.text])).not.toMatch(/secrets|polic|hide/);
    const rename = await toolkit.invoke('code', 'rename', { symbol: 'Vault', new_name: 'Safe' });
    expect(rename.ok ? undefined : rename.error.code).toBe('NOT_FOUND');
  });
});
