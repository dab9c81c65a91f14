// What a killed toolwright process leaves in the temp folder (its FIFO folder and network proxy's
// folder; a bash script or job spill file caught between create and unlink) is removed by the next process's first bash
// call, once the owner is gone; a live owner's entries, look-alikes and link targets are kept.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/helpers.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const toolkitModule = path.join(import.meta.dirname, '../..', 'src', 'index.ts');

describe('leftovers of dead processes in the temp folder', () => {
  it('are removed by the first bash call of a later process; others are kept', async () => {
    const tmp = await tempDir();
    const outside = await tempDir();
    const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const dead = Number(stdout);
    const live = process.pid;
    const hex = 'ab'.repeat(8);
    const deadEntries = [
      `toolwright-script-${dead}-${hex}.sh`,
      `toolwright-job-${dead}-${hex}.log`,
      `toolwright-fifo-${dead}-Xy12Ab`,
      `toolwright-net-${dead}-Qw34Er`,
    ];
    const liveEntries = [
      `toolwright-script-${live}-${hex}.sh`,
      `toolwright-job-${live}-${hex}.log`,
      `toolwright-fifo-${live}-Xy12Ab`,
      `toolwright-net-${live}-Qw34Er`,
    ];
    const lookAlikes = [
      `toolwright-script-${dead}-notes.txt`,
      `toolwright-job-${dead}-${hex}.log.bak`,
      'toolwright-fifo-notapid-1',
      'toolwright-net-Qw34Er',
    ];
    for (const name of [...deadEntries, ...liveEntries, ...lookAlikes]) {
      if (name.startsWith('toolwright-fifo-') || name.startsWith('toolwright-net-')) {
        await mkdir(path.join(tmp, name));
        await writeFile(path.join(tmp, name, 'p0'), '');
      } else {
        await writeFile(path.join(tmp, name), 'secret command');
      }
    }
    // A dead PID's name that is a link: the link goes, what it points to stays.
    const target = path.join(outside, 'keep.txt');
    await writeFile(target, 'precious');
    const linkName = `toolwright-script-${dead}-${'cd'.repeat(8)}.sh`;
    await symlink(target, path.join(tmp, linkName));

    const script = `const { createToolkit } = await import(${JSON.stringify(toolkitModule)});
      const r = await createToolkit({ workspace: ${JSON.stringify(outside)} }).invoke('exec', 'bash', { command: 'echo ran' });
      process.stdout.write(r.ok ? r.output.stdout : 'failed: ' + r.text);`;
    const child = await run(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: tmp },
    });
    expect(child.stdout).toContain('ran');

    const left = new Set(await readdir(tmp));
    for (const name of [...deadEntries, linkName]) expect(left.has(name), name).toBe(false);
    for (const name of [...liveEntries, ...lookAlikes]) expect(left.has(name), name).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('precious');
    // The child's own FIFO folder went with it (its exit hook).
    expect(
      [...left].filter(
        (name) => name.startsWith('toolwright-fifo-') && !liveEntries.includes(name) && !lookAlikes.includes(name),
      ),
    ).toEqual([]);
  });
});
