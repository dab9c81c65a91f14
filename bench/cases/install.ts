// install: what `npm install toolwright` puts on a library user's disk. Packs the built package
// (as scripts/test-examples.sh does), installs the tarball with --omit=dev into an empty project
// from the registry, and reports `du` of node_modules against the 64 MiB target, the largest
// packages, and any install script npm reports (there must be none).
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchCase } from '../lib.js';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET_MIB = 64;

/** Disk usage in KiB (1 KiB blocks, as `du -sk`), per path. */
async function duKiB(paths: string[], cwd: string): Promise<Map<string, number>> {
  const { stdout } = await run('du', ['-sk', ...paths], { cwd, maxBuffer: 16 * 1024 * 1024 });
  return new Map(
    stdout
      .trim()
      .split('\n')
      .map((line) => [line.split('\t')[1]!, Number(line.split('\t')[0])]),
  );
}

/** The node_modules top-level packages (scoped ones by their full name). */
async function packages(modules: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const sub of await readdir(join(modules, entry))) names.push(`${entry}/${sub}`);
    else names.push(entry);
  }
  return names;
}

const bench: BenchCase = {
  name: 'install',
  async run(ctx) {
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', ctx.tmp], {
      cwd: root,
    });
    const tarball = join(ctx.tmp, stdout.trim().split('\n').pop()!);
    const project = join(ctx.tmp, 'project');
    await run('mkdir', ['-p', project]);
    await writeFile(join(project, 'package.json'), '{"name":"install-probe","version":"1.0.0","private":true}\n');
    const install = await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', tarball], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    });
    const scripts = `${install.stdout}\n${install.stderr}`
      .split('\n')
      .filter((line) => /install-scripts\s+\S+@\S+/.test(line))
      .map((line) => line.replace(/^.*install-scripts\s+/, '').trim());
    const total = (await duKiB(['node_modules'], project)).get('node_modules')! / 1024;
    const names = await packages(join(project, 'node_modules'));
    const sizes = await duKiB(
      names.map((name) => join('node_modules', name)),
      project,
    );
    const largest = [...sizes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([path, kib]) => `${path.replace('node_modules/', '')} ${(kib / 1024).toFixed(1)}`)
      .join(', ');
    ctx.row({
      case: '`npm install toolwright --omit=dev` (du of node_modules)',
      toolwright: total,
      baseline: TARGET_MIB,
      baselineName: 'target',
      unit: 'MiB',
      target: '≤ 64 MiB',
      contract: true,
      note: `${names.length} packages; install scripts: ${scripts.length ? scripts.join(', ') : 'none'}; largest (MiB): ${largest}`,
    });
  },
};

export default bench;
