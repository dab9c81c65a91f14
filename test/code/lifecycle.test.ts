// The language-server client's life and bounds, against a small fake server (a server is a server:
// these are the client's behaviours, not TypeScript's or Python's): listing, pull diagnostics, edit
// diagnostics and their time budget, crash restart, idle stop, no survivors after close().
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runningServerPids } from '../../src/handlers/code/lsp/pool.js';
import { createToolkit, type CodeOptions, type Toolkit } from '../../src/index.js';
import { alive, codeWorkspace, descendants, fakeServer, removeCodeWorkspaces, until } from '../support/code.js';
import { expectOk } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const open: Toolkit[] = [];
afterAll(removeCodeWorkspaces);
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

function toolkitWith(root: string, code: CodeOptions = {}) {
  const toolkit = createToolkit({
    workspace: root,
    code: { builtinServers: false, servers: [fakeServer()], ...code },
  });
  open.push(toolkit);
  return toolkit;
}

describe('listing', () => {
  it('lists no code operation without a server, and says why under listAll', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const none = createToolkit({ workspace: root, code: { builtinServers: false } });
    open.push(none);
    expect(none.operations.map((op) => op.name)).not.toContain('diagnostics');
    expect(none.operations.map((op) => op.name)).toContain('edit_file');
    const all = createToolkit({ workspace: root, code: { builtinServers: false }, listAll: true });
    open.push(all);
    const schema = all.getSchema().find((p) => p.name === 'code')!;
    expect(schema.operations.map((op) => op.name)).toEqual([
      'diagnostics',
      'definition',
      'references',
      'hover',
      'symbols',
      'rename',
    ]);
    for (const op of schema.operations) expect(op.unavailable).toMatch(/no language server was found/);
    const call = await none.invoke('code', 'diagnostics', { path: 'a.fake' });
    expect(call.ok ? undefined : call.error.code).toBe('UNAVAILABLE');
  });

  it('lists them with a configured server, and not with codeIntelligence: null', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    expect(toolkitWith(root).operations.map((op) => op.name)).toContain('rename');
    const off = createToolkit({ workspace: root, code: { servers: [fakeServer()] }, codeIntelligence: null });
    open.push(off);
    expect(off.operations.map((op) => op.name)).not.toContain('diagnostics');
  });

  it('a configured server that cannot be found is named', async () => {
    const root = await codeWorkspace({});
    const toolkit = createToolkit({
      workspace: root,
      listAll: true,
      code: {
        builtinServers: false,
        servers: [{ command: 'no-such-server-x1', languages: ['x'], filePatterns: ['*.x'] }],
      },
    });
    open.push(toolkit);
    const op = toolkit.getSchema().find((p) => p.name === 'code')!.operations[0]!;
    expect(op.unavailable).toMatch(/code\.servers\[0\]: no-such-server-x1 was not found/);
  });
});

describe('diagnostics and edits through a server', () => {
  it('reports what the server pulls, 1-based', async () => {
    const root = await codeWorkspace({ 'a.fake': 'fine\n  ERROR here\n' });
    const out = expectOk(await toolkitWith(root).invoke('code', 'diagnostics', { path: 'a.fake' }));
    expect(out.diagnostics).toEqual([
      {
        path: 'a.fake',
        line: 2,
        column: 3,
        end_line: 2,
        end_column: 8,
        severity: 'error',
        message: 'found ERROR',
        code: 'E1',
        source: 'fake',
      },
    ]);
  });

  it('an edit reports only the errors it introduced; moved old ones are not new', async () => {
    const root = await codeWorkspace({ 'a.fake': 'one\nERROR old\ntwo\n' });
    const toolkit = toolkitWith(root, { editDiagnosticsMs: scaled(30_000) });
    const clean = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'a.fake', old_str: 'one\n', new_str: 'zero\none\n' }),
    );
    expect(clean.diagnostics).toEqual({ introduced: [], complete: true, files_checked: 1 });
    const broke = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'a.fake',
      old_str: 'two',
      new_str: 'two ERROR',
    });
    const output = expectOk(broke);
    expect(output.diagnostics.introduced).toEqual([
      expect.objectContaining({ path: 'a.fake', line: 4, column: 5, message: 'found ERROR' }),
    ]);
    expect(broke.text).toMatch(/This change introduced 1 error:\n {2}a\.fake:4:5 found ERROR \[fake E1\]/);
    const written = expectOk(
      await toolkit.invoke('filesystem', 'write_file', { path: 'b.fake', content: 'ERROR\nERROR\n' }),
    );
    expect(written.diagnostics.introduced).toHaveLength(2);
    const dry = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'a.fake',
        old_str: 'zero',
        new_str: 'ERROR',
        dry_run: true,
      }),
    );
    expect(dry.diagnostics).toBeUndefined();
  });

  it('a change is checked in the files that import it too', async () => {
    const root = await codeWorkspace({
      'lib.fake': 'value\n',
      'main.fake': 'import lib\nERROR already\n',
      'other.fake': 'nothing\n',
    });
    const toolkit = toolkitWith(root, { editDiagnosticsMs: scaled(30_000) });
    const out = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'lib.fake', old_str: 'value', new_str: 'value2' }),
    );
    expect(out.diagnostics).toEqual({ introduced: [], complete: true, files_checked: 2 });
  });

  it('editDiagnostics: false leaves edits as they were', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const toolkit = toolkitWith(root, { editDiagnostics: false });
    const out = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'a.fake', old_str: 'x', new_str: 'ERROR' }),
    );
    expect(out.diagnostics).toBeUndefined();
  });
});

describe('bounds in time', () => {
  it('a slow server: the edit is written and says the check is not complete', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const toolkit = createToolkit({
      workspace: root,
      code: { builtinServers: false, servers: [fakeServer('--delay', String(scaled(60_000)))], editDiagnosticsMs: 300 },
    });
    open.push(toolkit);
    const result = await toolkit.invoke('filesystem', 'edit_file', { path: 'a.fake', old_str: 'x', new_str: 'ERROR' });
    const out = expectOk(result);
    expect(await readFile(path.join(root, 'a.fake'), 'utf8')).toBe('ERROR\n');
    expect(out.diagnostics.complete).toBe(false);
    expect(out.diagnostics.note).toBeTruthy();
    expect(result.text).toMatch(/Diagnostics incomplete: /);
    const asked = await toolkit.invoke('code', 'diagnostics', { path: 'a.fake', timeout_ms: 300 });
    expect(asked.ok ? undefined : asked.error.code).toBe('TIMEOUT');
  });
});

describe('the server process', () => {
  it('is started again after a crash', async () => {
    const root = await codeWorkspace({ 'a.fake': 'ERROR\n' });
    const toolkit = toolkitWith(root);
    expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' }));
    const [pid] = await runningServerPids();
    expect(pid).toBeDefined();
    for (const each of descendants(pid!).reverse()) process.kill(each, 'SIGKILL');
    expect(await until(async () => !(await runningServerPids()).includes(pid!))).toBe(true);
    const again = expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' }));
    expect(again.total).toBe(1);
    expect(await runningServerPids()).not.toContain(pid);
  });

  it('a crash during a call is UNAVAILABLE, and the next call works', async () => {
    const root = await codeWorkspace({ 'a.fake': 'ERROR\n' });
    const toolkit = toolkitWith(root, { servers: [fakeServer('--exit-on-hover')] });
    const crashed = await toolkit.invoke('code', 'hover', { path: 'a.fake', line: 1, column: 1 });
    expect(crashed.ok ? undefined : crashed.error.code).toBe('UNAVAILABLE');
    expect(expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' })).total).toBe(1);
  });

  it('stops when idle', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const toolkit = toolkitWith(root, { idleMs: 100 });
    expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' }));
    const [pid] = await runningServerPids();
    const family = descendants(pid!);
    expect(await until(async () => (await runningServerPids()).length === 0)).toBe(true);
    expect(await until(() => family.every((each) => !alive(each)))).toBe(true);
    expect(expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' })).total).toBe(0);
  });

  it('leaves no process behind after close(), and is shared by toolkits over one workspace', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const first = toolkitWith(root);
    const second = toolkitWith(root);
    expectOk(await first.invoke('code', 'diagnostics', { path: 'a.fake' }));
    expectOk(await second.invoke('code', 'diagnostics', { path: 'a.fake' }));
    const pids = await runningServerPids();
    expect(pids).toHaveLength(1);
    const family = descendants(pids[0]!);
    await first.close();
    expect(family.every(alive)).toBe(true);
    await second.close();
    expect(await until(() => family.every((each) => !alive(each)))).toBe(true);
    expect(await runningServerPids()).toEqual([]);
  });
});

describe('what a server installed in the workspace may do', () => {
  it('runs only in the sandbox', async () => {
    const root = await codeWorkspace({ 'a.fake': 'x\n', 'server.mjs': 'process.exit(0)\n' });
    await writeFile(path.join(root, 'server.mjs'), await readFile(fakeServer().command[1]!, 'utf8'));
    const toolkit = createToolkit({
      workspace: root,
      exec: { bwrapPath: path.join(root, 'no-bwrap-here') },
      code: {
        builtinServers: false,
        servers: [
          { command: [process.execPath, path.join(root, 'server.mjs')], languages: ['fake'], filePatterns: ['*.fake'] },
        ],
      },
    });
    open.push(toolkit);
    const refused = await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' });
    expect(refused.ok ? undefined : refused.error.code).toBe('UNAVAILABLE');
    expect(refused.ok ? '' : refused.error.message).toMatch(/inside the workspace and no sandbox can start here/);
  });
});

describe('what a server says reaches the model inert and bounded', () => {
  it('messages, hovers and symbol names lose their control sequences and are cut; definitions beyond the bound are said', async () => {
    const root = await codeWorkspace({ 'a.fake': 'ERROR here\n' });
    const toolkit = toolkitWith(root, { servers: [fakeServer('--hostile')] });
    // JSON writes a raw ESC or BEL as \u001b / \u0007 (one backslash); an inert one is the text \\u001b.
    const noControl = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/(^|[^\\])\\u00(1b|07)/);
    const diagnostics = await toolkit.invoke('code', 'diagnostics', { path: 'a.fake' });
    const found = expectOk<{ diagnostics: { message: string }[] }>(diagnostics).diagnostics;
    expect(found).toHaveLength(1);
    expect(found[0]!.message.length).toBeLessThan(2_200);
    expect(found[0]!.message).toMatch(/characters cut\]$/);
    noControl(diagnostics);
    // The forged line is not a line of the text.
    expect(diagnostics.ok && diagnostics.text.split('\n').some((line) => line.startsWith('forged.fake'))).toBe(false);

    const hover = await toolkit.invoke('code', 'hover', { path: 'a.fake', line: 1, column: 1 });
    expect(expectOk<{ contents: string; truncated: boolean }>(hover)).toMatchObject({ truncated: true });
    expect(JSON.stringify(hover).length).toBeLessThan(50_000);
    noControl(hover);

    const symbols = await toolkit.invoke('code', 'symbols', { query: 'Evil' });
    const named = expectOk<{ symbols: { name: string; container?: string }[] }>(symbols).symbols;
    expect(named.length).toBeGreaterThan(0);
    expect(named[0]!.name.length).toBeLessThan(600);
    noControl(symbols);
    // A name is one line: its line breaks are escaped too.
    expect(named.every((s) => !/[\r\n]/.test(s.name) && !/[\r\n]/.test(s.container ?? ''))).toBe(true);

    const definitions = expectOk<{ definitions: unknown[]; notes?: string[] }>(
      await toolkit.invoke('code', 'definition', { path: 'a.fake', line: 1, column: 1 }),
    );
    expect(definitions.definitions).toHaveLength(50);
    expect(definitions.notes?.join(' ')).toMatch(/30 more definitions not shown/);

    // The edit diagnostics a write carries come the same way.
    const written = await toolkit.invoke('filesystem', 'write_file', { path: 'a.fake', content: 'ERROR again\n' });
    noControl(written);
  });
});
