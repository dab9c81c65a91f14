// The code operations against the real pyright, and what edits report through it; a pyright
// killed mid-session is started again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningServerPids } from '../../src/handlers/code/lsp/pool.js';
import type { Toolkit } from '../../src/index.js';
import { codeWorkspace, descendants, removeCodeWorkspaces, START_MS, until, warmToolkit } from '../support/code.js';
import { expectOk } from '../support/helpers.js';

const FILES = {
  'inventory/__init__.py': '',
  'inventory/stock.py': [
    'class Shelf:',
    '    def __init__(self, items: list[str]) -> None:',
    '        self.items = items',
    '',
    '    def count(self) -> int:',
    '        return len(self.items)',
    '',
    '',
    'def restock(shelf: Shelf, item: str) -> Shelf:',
    '    return Shelf(shelf.items + [item])',
    '',
  ].join('\n'),
  'app.py': [
    'from inventory.stock import Shelf, restock',
    '',
    'shelf = restock(Shelf([]), "apples")',
    'total: int = shelf.count()',
    '',
  ].join('\n'),
  'broken.py': 'name: int = "seven"\n',
};

let root: string;
let toolkit: Toolkit;

beforeAll(async () => {
  root = await codeWorkspace(FILES);
  toolkit = await warmToolkit(root, 'app.py');
}, START_MS);
afterAll(async () => {
  await toolkit?.close();
  await removeCodeWorkspaces();
});

describe('pyright', () => {
  it('diagnostics of a file and of the workspace', async () => {
    const file = expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'broken.py' }));
    expect(file.diagnostics).toEqual([
      expect.objectContaining({ path: 'broken.py', line: 1, column: 13, severity: 'error', source: 'Pyright' }),
    ]);
    const all = expectOk(await toolkit.invoke('code', 'diagnostics', { severity: 'error' }));
    expect(all.files_checked).toBe(4);
    expect(all.diagnostics.map((d: { path: string }) => d.path)).toEqual(['broken.py']);
  });

  it('definition, references and hover across files, by position and by name', async () => {
    const definition = expectOk(await toolkit.invoke('code', 'definition', { path: 'app.py', line: 4, column: 20 }));
    expect(definition.definitions).toEqual([
      expect.objectContaining({ path: 'inventory/stock.py', line: 5, column: 9 }),
    ]);
    const byName = expectOk(await toolkit.invoke('code', 'definition', { symbol: 'Shelf.count' }));
    expect(byName.definitions).toEqual([expect.objectContaining({ path: 'inventory/stock.py', line: 5 })]);
    const refs = expectOk(await toolkit.invoke('code', 'references', { symbol: 'restock' }));
    expect(refs.references.map((r: { path: string; line: number }) => `${r.path}:${r.line}`)).toEqual([
      'app.py:1',
      'app.py:3',
      'inventory/stock.py:9',
    ]);
    const hover = expectOk(await toolkit.invoke('code', 'hover', { symbol: 'restock', path: 'inventory/stock.py' }));
    expect(hover.contents).toMatch(/def restock\(\s*shelf: Shelf,\s*item: str\s*\) -> Shelf/);
  });

  it('symbols of a file and across the workspace', async () => {
    const outline = expectOk(await toolkit.invoke('code', 'symbols', { path: 'inventory/stock.py' }));
    expect(outline.symbols).toContainEqual(
      expect.objectContaining({ name: 'count', kind: 'method', container: 'Shelf', line: 5 }),
    );
    const found = expectOk(await toolkit.invoke('code', 'symbols', { query: 'restock' }));
    expect(found.symbols).toContainEqual(
      expect.objectContaining({ name: 'restock', path: 'inventory/stock.py', line: 9 }),
    );
  });
});

describe('edits and renames through pyright', () => {
  it('rename previews, then applies across files', async () => {
    const preview = expectOk(await toolkit.invoke('code', 'rename', { symbol: 'Shelf.count', new_name: 'size' }));
    expect(preview).toMatchObject({ dry_run: true, files: ['app.py', 'inventory/stock.py'], replacements: 2 });
    expect(await readFile(path.join(root, 'app.py'), 'utf8')).toContain('shelf.count()');
    const applied = expectOk(
      await toolkit.invoke('code', 'rename', { symbol: 'Shelf.count', new_name: 'size', dry_run: false }),
    );
    expect(applied.diagnostics).toMatchObject({ introduced: [], complete: true });
    expect(await readFile(path.join(root, 'app.py'), 'utf8')).toContain('shelf.size()');
    expect(await readFile(path.join(root, 'inventory/stock.py'), 'utf8')).toContain('def size(self) -> int:');
  });

  it('a clean edit reports none, a pre-existing error is not new, a broken importer is reported', async () => {
    const clean = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'broken.py', old_str: 'name', new_str: '# moved\nname' }),
    );
    expect(clean.diagnostics).toMatchObject({ introduced: [], complete: true });
    const broke = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'inventory/stock.py',
        old_str: 'def restock(',
        new_str: 'def refill(',
      }),
    );
    expect(broke.diagnostics.introduced).toEqual([
      expect.objectContaining({
        path: 'app.py',
        line: 1,
        severity: 'error',
        message: '"restock" is unknown import symbol',
      }),
    ]);
    const syntax = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'inventory/stock.py',
        old_str: 'def refill(',
        new_str: 'def restock(:',
      }),
    );
    expect(syntax.diagnostics.introduced.length).toBeGreaterThan(0);
    expect(
      syntax.diagnostics.introduced.every(
        (d: { path: string }) => d.path === 'inventory/stock.py' || d.path === 'app.py',
      ),
    ).toBe(true);
  });

  it('pyright killed is started again', async () => {
    const pids = await runningServerPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) for (const each of descendants(pid).reverse()) process.kill(each, 'SIGKILL');
    expect(await until(async () => (await runningServerPids()).length === 0)).toBe(true);
    const again = await toolkit.invoke('code', 'diagnostics', {
      path: 'broken.py',
      timeout_ms: Math.min(START_MS, 300_000),
    });
    expect(expectOk(again).total).toBe(1);
  });
});
