// A symbol looked up by name is never found in a file the policy hides from the call: such a file
// is not a candidate, so a name only there is NOT_FOUND exactly as a name that does not exist, and
// a name also there is not ambiguous (pyright).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Toolkit } from '../../src/index.js';
import { codeWorkspace, removeCodeWorkspaces, START_MS, warmToolkit } from '../support/code.js';
import { expectOk } from '../support/helpers.js';

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
  'app.py': ['def token():', '    return 1', ''].join('\n'),
};

let toolkit: Toolkit;

beforeAll(async () => {
  const root = await codeWorkspace(FILES);
  toolkit = await warmToolkit(root, 'app.py', {
    policy: { rules: [{ operation: 'read_file', path: 'secrets/**', decision: 'deny' }] },
  });
}, START_MS);
afterAll(async () => {
  await toolkit?.close();
  await removeCodeWorkspaces();
});

describe('a symbol named across the workspace', () => {
  it('in a visible and a hidden file is the visible one, not ambiguous', async () => {
    const hover = await toolkit.invoke('code', 'hover', { symbol: 'token' });
    expect(expectOk(hover).path).toBe('app.py');
    expect(JSON.stringify(hover)).not.toContain('secrets');
    const definition = await toolkit.invoke('code', 'definition', { symbol: 'token' });
    expect(expectOk(definition).definitions).toEqual([expect.objectContaining({ path: 'app.py', line: 1 })]);
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
