// What the code operations read of the workspace to give a language server (a file a server named,
// a dependent, a file before and after an edit) is read only inside the workspace: a link, or a
// folder swapped for one, that leads out gives nothing of the outside file; a FIFO is refused at once.
import { execFileSync } from 'node:child_process';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource } from '../../src/handlers/code/source.js';
import { tempDir } from '../support/helpers.js';

describe('a source text given to a language server', () => {
  it('is read through a link only when what it reaches is inside the workspace', async () => {
    const workspace = await realpath(await tempDir());
    const outside = await realpath(await tempDir());
    await writeFile(path.join(outside, 'secret.ts'), 'export const password = "hunter2";\n');
    await mkdir(path.join(workspace, 'src'));
    await writeFile(path.join(workspace, 'src', 'a.ts'), 'export const a = 1;\n');
    await symlink(path.join(outside, 'secret.ts'), path.join(workspace, 'leak.ts'));
    await symlink(outside, path.join(workspace, 'folder'));
    await symlink(path.join(workspace, 'src', 'a.ts'), path.join(workspace, 'alias.ts'));
    for (const name of ['leak.ts', 'folder/secret.ts']) {
      await expect(readSource(path.join(workspace, name), name, workspace), name).rejects.toMatchObject({
        code: 'OUTSIDE_WORKSPACE',
      });
    }
    expect((await readSource(path.join(workspace, 'alias.ts'), 'alias.ts', workspace))?.text).toBe(
      'export const a = 1;\n',
    );
    expect(await readSource(path.join(workspace, 'missing.ts'), 'missing.ts', workspace)).toBeUndefined();
  });

  it('a FIFO is refused at once, not waited on', async () => {
    const workspace = await realpath(await tempDir());
    execFileSync('mkfifo', [path.join(workspace, 'pipe.ts')]);
    await expect(readSource(path.join(workspace, 'pipe.ts'), 'pipe.ts', workspace)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
