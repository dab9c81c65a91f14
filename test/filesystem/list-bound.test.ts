// list_directory's `limit` counts entries; long names and long link targets are bounded too, by
// the size of the answer (JSON entries and text together).
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceToolkit } from '../support/helpers.js';

describe('list_directory size bound', () => {
  it('300 links with 4 KB targets and 240-byte names: under 1 MiB in all, truncated, and says why', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const target = `/${'x'.repeat(250)}${`/${'y'.repeat(250)}`.repeat(15)}`;
    for (let i = 0; i < 300; i++)
      await symlink(`${target}${i}`, path.join(root, `L${String(i).padStart(5, '0')}${'n'.repeat(234)}`));
    const result = await toolkit.invoke('filesystem', 'list_directory', { path: '.', limit: 10_000 });
    if (!result.ok) throw new Error(result.text);
    const output = result.output as { entries: unknown[]; truncated: boolean };
    expect(Buffer.byteLength(JSON.stringify(output)) + Buffer.byteLength(result.text)).toBeLessThan(1024 * 1024);
    expect(output.truncated).toBe(true);
    expect(output.entries.length).toBeGreaterThan(10);
    expect(output.entries.length).toBeLessThan(300);
    expect(result.text).toMatch(/size bound/);
  });

  it('ordinary folders are not cut by it: 1,000 files fit within the default limit', async () => {
    const { root, toolkit } = await workspaceToolkit();
    for (let i = 0; i < 1000; i++) await writeFile(path.join(root, `file-${String(i).padStart(4, '0')}.ts`), '');
    const result = await toolkit.invoke('filesystem', 'list_directory', { path: '.' });
    if (!result.ok) throw new Error(result.text);
    expect((result.output as { entries: unknown[]; truncated: boolean }).entries).toHaveLength(1000);
    expect((result.output as { truncated: boolean }).truncated).toBe(false);
  });
});
