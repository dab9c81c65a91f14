// Edits in the model's own format, and undo: an edit_file call with checkpoints on (the file's
// earlier bytes recorded before it writes) against the same call with checkpoints off, and an
// apply_patch of 10 changes in a 5 MB file against multi_edit of the same change.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultiEditParams } from '../../src/generated/types.js';
import { createToolkit } from '../../src/index.js';
import { sideBySide, type BenchCase } from '../lib.js';

/** A source-like text of about `bytes` with `slots` marker lines spread evenly through it. */
function source(bytes: number, slots: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    lines.push(`  value_${i} = compute(${i}, "lorem ipsum dolor sit amet");`);
    size += lines[lines.length - 1]!.length + 1;
  }
  const every = Math.floor(lines.length / (slots + 1));
  for (let j = 0; j < slots; j++) lines[(j + 1) * every] = `const slot${j} = 0;`;
  return lines.join('\n') + '\n';
}

const bench: BenchCase = {
  name: 'edit-formats',
  async run(ctx) {
    // One edit of a 20 KB file, checkpoints on and off (two workspaces, one file each).
    const small = source(20 * 1024, 1);
    const onWs = path.join(ctx.tmp, 'on');
    const offWs = path.join(ctx.tmp, 'off');
    await mkdir(onWs);
    await mkdir(offWs);
    await writeFile(path.join(onWs, 'f.ts'), small);
    await writeFile(path.join(offWs, 'f.ts'), small);
    // Checkpoints kept in the case's scratch folder (not the user's state folder).
    const on = createToolkit({ workspace: onWs, checkpoints: { dir: path.join(ctx.tmp, 'state-on') } });
    const off = createToolkit({ workspace: offWs, checkpoints: false });
    const edit = (toolkit: typeof on, round: () => number) => async () => {
      const r = round();
      const result = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'f.ts',
        old_str: `const slot0 = ${r};`,
        new_str: `const slot0 = ${r + 1};`,
      });
      if (!result.ok) throw new Error(result.text);
    };
    let onRound = 0;
    let offRound = 0;
    const editTimes = await sideBySide(
      edit(on, () => onRound++),
      edit(off, () => offRound++),
      41,
      3,
    );
    ctx.row({
      case: 'edit_file of a 20 KB file, checkpoints on',
      toolwright: editTimes.toolwright,
      baseline: editTimes.baseline,
      baselineName: 'checkpoints off',
      target: '≤ 1.2×',
      contract: true,
    });

    // apply_patch of 10 changes in a 5 MB file vs multi_edit of the same 10 changes.
    const big = source(5 * 1024 * 1024, 10);
    const ws = path.join(ctx.tmp, 'big');
    await mkdir(ws);
    await writeFile(path.join(ws, 'patched.ts'), big);
    await writeFile(path.join(ws, 'edited.ts'), big);
    const toolkit = createToolkit({ workspace: ws, checkpoints: { dir: path.join(ctx.tmp, 'state-big') } });
    const slots = Array.from({ length: 10 }, (_, j) => j);
    let patchRound = 0;
    let multiRound = 0;
    const ten = await sideBySide(
      async () => {
        const r = patchRound++;
        const changes = slots.flatMap((j) => ['@@', `-const slot${j} = ${r};`, `+const slot${j} = ${r + 1};`]);
        const input = ['*** Begin Patch', '*** Update File: patched.ts', ...changes, '*** End Patch'].join('\n');
        const result = await toolkit.invoke('filesystem', 'apply_patch', { input });
        if (!result.ok) throw new Error(result.text);
      },
      async () => {
        const r = multiRound++;
        const result = await toolkit.invoke('filesystem', 'multi_edit', {
          path: 'edited.ts',
          edits: slots.map((j) => ({
            old_str: `const slot${j} = ${r};`,
            new_str: `const slot${j} = ${r + 1};`,
          })) as MultiEditParams['edits'],
        });
        if (!result.ok) throw new Error(result.text);
      },
      7,
    );
    ctx.row({
      case: 'apply_patch: 10 changes in a 5 MB file',
      toolwright: ten.toolwright,
      baseline: ten.baseline,
      baselineName: 'multi_edit of the same change',
      target: '≤ 1.2×',
      contract: true,
    });
  },
};

export default bench;
