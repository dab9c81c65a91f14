// A third party's `path` and `glob` parameters are confined by the runtime before its handler runs,
// with no code of its own: the vault handlers check nothing, so every refusal here is the runtime's.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls, vaultToolkit } from '../support/vault.js';
import { errorCode, tempDir } from '../support/helpers.js';

const SECRET = 'OUTSIDE SECRET';

async function fixture() {
  const parent = await tempDir();
  const ws = path.join(parent, 'ws');
  const outside = path.join(parent, 'outside');
  await mkdir(path.join(ws, 'notes', 'deep'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
  await writeFile(path.join(ws, 'notes', 'a.txt'), 'inside');
  await symlink(path.join(outside, 'secret.txt'), path.join(ws, 'link-out.txt'));
  await symlink(outside, path.join(ws, 'dir-out'));
  await symlink(path.join(outside, 'new.txt'), path.join(ws, 'dangling-out.txt'));
  await symlink('notes/a.txt', path.join(ws, 'link-in.txt'));
  return { parent, ws, outside, toolkit: vaultToolkit({ workspace: ws }) };
}

describe('path arguments of any provider', () => {
  it('refuse every way out with OUTSIDE_WORKSPACE, and the handler never runs', async () => {
    const { ws, outside, toolkit } = await fixture();
    const escapes = [
      '../outside/secret.txt',
      '../../etc/passwd',
      'notes/../../outside/secret.txt',
      '/etc/passwd',
      path.join(outside, 'secret.txt'),
      'link-out.txt',
      'dir-out/secret.txt',
      path.join(ws, 'dir-out', 'secret.txt'),
      'a\0b',
    ];
    for (const file of escapes) {
      const result = await toolkit.invoke('vault', 'vault_read', { file });
      expect([file, errorCode(result)]).toEqual([file, 'OUTSIDE_WORKSPACE']);
      expect(result.text).not.toContain(SECRET);
    }
    expect(calls).toEqual([]);
  });

  it('refuse a write through a dangling link or into a linked folder that leads out, and write nothing there', async () => {
    const { outside, toolkit } = await fixture();
    for (const file of ['dangling-out.txt', 'dir-out/new.txt', '../outside/new.txt']) {
      const result = await toolkit.invoke('vault', 'vault_write', { file, body: 'x' });
      expect([file, errorCode(result)]).toEqual([file, 'OUTSIDE_WORKSPACE']);
    }
    await expect(readFile(path.join(outside, 'new.txt'))).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it('reach the handler resolved: links inside followed, a missing file under its real parent, the schema default when absent', async () => {
    const { ws, toolkit } = await fixture();
    expect(await toolkit.call.vault_read!({ file: 'link-in.txt' })).toEqual({ text: 'inside' });
    expect(calls.at(-1)!.ctx.paths.file).toEqual({
      absolute: path.join(ws, 'notes', 'a.txt'),
      relative: 'notes/a.txt',
      exists: true,
    });
    expect(await toolkit.call.vault_write!({ file: 'notes/deep/../new.txt', body: 'made' })).toEqual({
      written: 'notes/new.txt',
    });
    expect(calls.at(-1)!.ctx.paths.file).toMatchObject({ relative: 'notes/new.txt', exists: false });
    expect(await readFile(path.join(ws, 'notes', 'new.txt'), 'utf8')).toBe('made');
    expect(await toolkit.call.vault_find!({ pattern: '*.txt' })).toEqual({ under: '.', pattern: '*.txt' });
    expect(await toolkit.call.vault_find!({ pattern: '*.txt', under: path.join(ws, 'notes') })).toEqual({
      under: 'notes',
      pattern: '*.txt',
    });
    // The raw strings the model sent are still the params; the confined ones come through ctx.
    expect(calls.at(-1)!.params.under).toBe(path.join(ws, 'notes'));
  });

  it('confine each path of a list, and refuse the whole call for one bad entry', async () => {
    const { toolkit } = await fixture();
    expect(await toolkit.call.vault_bulk!({ files: ['notes/a.txt', './link-in.txt', 'missing'] })).toEqual({
      files: ['notes/a.txt', 'notes/a.txt', 'missing'],
    });
    calls.length = 0;
    const result = await toolkit.invoke('vault', 'vault_bulk', { files: ['notes/a.txt', 'dir-out/secret.txt'] });
    expect(errorCode(result)).toBe('OUTSIDE_WORKSPACE');
    expect(calls).toEqual([]);
  });

  it('confine an optional path given beside a command (a cwd) and leave it out when absent', async () => {
    const { toolkit } = await fixture();
    expect(errorCode(await toolkit.invoke('vault', 'vault_run', { line: 'ls', where: '../outside' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
    expect(await toolkit.call.vault_run!({ line: 'ls' })).toEqual({ ran: 'ls' });
    expect(calls.at(-1)!.ctx.paths).toEqual({});
  });
});

describe('glob arguments of any provider', () => {
  it('may climb with literal leading .. but never out of the workspace', async () => {
    const { ws, toolkit } = await fixture();
    const cases: [Record<string, unknown>, string][] = [
      [{ pattern: '../*' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '../outside/**' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '/etc/*' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: 'dir-out/**' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '{notes,..}/*' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '{notes/*,../outside/*}' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: '../../*', under: 'notes' }, 'OUTSIDE_WORKSPACE'],
      [{ pattern: 'notes/**/../../../*' }, 'INVALID_PATTERN'],
      [{ pattern: '*/{.,.}./x' }, 'INVALID_PATTERN'],
      [{ pattern: '**/@(..)/x' }, 'INVALID_PATTERN'],
      [{ pattern: '*/./x' }, 'INVALID_PATTERN'],
      [{ pattern: 'a\0b/*' }, 'INVALID_PATTERN'],
      [{ pattern: '../notes/*', under: 'notes' }, 'OK'],
      [{ pattern: `${ws}/notes/*.txt` }, 'OK'],
      [{ pattern: 'notes/{a,b}{1..9}.txt' }, 'OK'],
      [{ pattern: 'missing/**/*.txt' }, 'OK'],
    ];
    for (const [input, code] of cases) {
      calls.length = 0;
      const result = await toolkit.invoke('vault', 'vault_find', input);
      expect([JSON.stringify(input), errorCode(result)]).toEqual([JSON.stringify(input), code]);
      expect(calls.length).toBe(code === 'OK' ? 1 : 0);
    }
  });
});
