// read_file on Jupyter notebooks: cells numbered with their source and text outputs, windows over
// cells, and hostile or broken notebook JSON as clear errors.
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';

describe('read_file notebooks', () => {
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { language_info: { name: 'python' } },
    cells: [
      { cell_type: 'markdown', source: ['# Analysis\n', 'Intro text'] },
      {
        cell_type: 'code',
        execution_count: 1,
        source: 'x = 40 + 2\nprint(x)',
        outputs: [{ output_type: 'stream', name: 'stdout', text: ['42\n'] }],
      },
      {
        cell_type: 'code',
        execution_count: 2,
        source: ['x'],
        outputs: [{ output_type: 'execute_result', data: { 'text/plain': ['42'], 'text/html': ['<b>42</b>'] } }],
      },
      {
        cell_type: 'code',
        execution_count: 3,
        source: ['plot()'],
        outputs: [{ output_type: 'display_data', data: { 'image/png': 'iVBOR...' } }],
      },
      {
        cell_type: 'code',
        execution_count: 4,
        source: ['1/0'],
        outputs: [
          {
            output_type: 'error',
            ename: 'ZeroDivisionError',
            evalue: 'division by zero',
            traceback: ['\u001b[0;31mZeroDivisionError\u001b[0m: division by zero'],
          },
        ],
      },
    ],
  };

  it('numbers cells with their source and text outputs, windows with offset/limit', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.ipynb'), JSON.stringify(notebook));
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'a.ipynb' });
    const out = expectOk(result);
    expect(out).toMatchObject({ type: 'notebook', cell_count: 5, truncated: false });
    expect(out.content).toContain('[cell 1] markdown\n# Analysis\nIntro text');
    expect(out.content).toContain('[cell 2] code [1]\nx = 40 + 2\nprint(x)\n--- output ---\n42');
    expect(out.content).toContain('[cell 3] code [2]\nx\n--- output ---\n42');
    expect(out.content).toContain('[image/png output not shown]');
    expect(out.content).toContain('ZeroDivisionError: division by zero');
    expect(out.content).not.toContain('\u001b');
    const window = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'a.ipynb', offset: 2, limit: 2 }));
    expect(window).toMatchObject({ truncated: true, next_offset: 4 });
    expect(window.content.startsWith('[cell 2]')).toBe(true);
    expect(window.content).not.toContain('[cell 4]');
    expect(
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'a.ipynb', offset: -1 })).content.startsWith(
        '[cell 5]',
      ),
    ).toBe(true);
  });

  it("hostile notebook JSON: odd field types render as nothing, deep nesting is refused, one cell's outputs share the window, a BOM is fine", async () => {
    const { root, toolkit } = await workspaceToolkit();
    const write = (name: string, text: string) => writeFile(path.join(root, name), text);
    await write(
      'odd.ipynb',
      JSON.stringify({
        cells: [
          {
            cell_type: 'code',
            source: [{ toString: 1 }, 'ok-source', ['nested']],
            outputs: [
              null,
              7,
              { output_type: 'error', ename: { toString: 1 }, evalue: 'E1', traceback: [{ toString: 1 }, 'tb'] },
              { output_type: 'display_data', data: [1] },
            ],
          },
        ],
      }),
    );
    const odd = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'odd.ipynb' }));
    expect(odd.content).toContain('ok-source');
    expect(odd.content).toContain(': E1\n\ntb');
    const deep = `{"cells":[{"cell_type":"code","source":${'['.repeat(200_000)}${']'.repeat(200_000)}}]}`;
    await write('deep.ipynb', deep);
    const refused = await toolkit.invoke('filesystem', 'read_file', { path: 'deep.ipynb' });
    expect(errorCode(refused)).toBe('UNSUPPORTED_CONTENT');
    expect(!refused.ok && refused.error.message).toMatch(/nests its JSON 200003 levels deep/);
    // Brackets inside strings are text, not nesting.
    await write(
      'brackets.ipynb',
      JSON.stringify({ cells: [{ cell_type: 'code', source: '['.repeat(1000) + '"\\"{' }] }),
    );
    expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'brackets.ipynb' })).content).toContain(
      '[[[[',
    );
    const many = {
      cells: [
        {
          cell_type: 'code',
          source: 'x',
          outputs: Array.from({ length: 100_000 }, () => ({ output_type: 'stream', text: 'line of output\n' })),
        },
      ],
    };
    await write('many.ipynb', JSON.stringify(many));
    const window = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'many.ipynb' }));
    expect(window.content.length).toBeLessThan(110 * 1024);
    expect(window.content).toMatch(/\[\d+ more outputs not shown\]/);
    await write('bom.ipynb', `\uFEFF${JSON.stringify({ cells: [{ cell_type: 'markdown', source: 'after a BOM' }] })}`);
    expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'bom.ipynb' })).content).toContain(
      'after a BOM',
    );
  });

  it('invalid JSON, a JSON without cells and an oversized notebook are clear errors', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'bad.ipynb'), '{"cells": [');
    await writeFile(path.join(root, 'nocells.ipynb'), '{"hello": 1}');
    await writeFile(path.join(root, 'big.ipynb'), '{}');
    await truncate(path.join(root, 'big.ipynb'), 11 * 1024 * 1024);
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'bad.ipynb' }))).toBe(
      'UNSUPPORTED_CONTENT',
    );
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'nocells.ipynb' }))).toBe(
      'UNSUPPORTED_CONTENT',
    );
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'big.ipynb' }))).toBe('TOO_LARGE');
  });
});
