// shell_read against the real programs: random option mixes (safe and writing ones) for sort, sed,
// find, uniq, awk and date. Whatever the classifier accepts is run for real, and the workspace must
// be byte-for-byte unchanged afterwards. A sample in the quick suite (shell-read-options.test.ts),
// many more in test/stress/shell-read-differential.stress.test.ts.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

const POOLS: Record<string, string[]> = {
  sort: [
    '-r',
    '-n',
    '-u',
    '-k2',
    '-t,',
    '-o out',
    '--output=out',
    '-T .',
    '-S 1M',
    '--debug',
    '-s',
    '-z',
    '--o=out',
    '--outp out',
    '--compress-program=gzip',
    '-ro out',
    '-uo out',
    '-b',
    'f',
  ],
  sed: [
    '-n',
    '-e p',
    '-i',
    '-i.bak',
    "'s/a/b/w out'",
    "'w out'",
    '-s',
    '-E',
    '--debug',
    '-u',
    "'s/a/b/e'",
    "'1d'",
    "'$p'",
    "-e 'w out'",
    '--expr=p',
    "--ex='w out'",
    '--in-pl',
    '-ni',
    'f',
  ],
  find: [
    '.',
    "-name '*.txt'",
    '-type f',
    '-delete',
    '-exec touch made {} \\;',
    '-fprint out',
    '-print',
    '-maxdepth 1',
    '-ls',
    "-printf '%p\\n'",
    '-fls out',
    '-okdir touch {} \\;',
    '-quit',
  ],
  uniq: ['-c', '-d', '-u', 'f', 'out', '-i'],
  awk: [
    '\'{print > "out"}\'',
    "'{print}'",
    '-v a=1',
    '\'BEGIN{system("touch made")}\'',
    '\'{print | "cat > out"}\'',
    "'NR==1'",
    '-F,',
    'f',
  ],
  date: ['+%s', '-s now', '-d yesterday', '--set=now', '-u', '010100002030', '--se now', '-r f'],
};

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

async function snapshot(root: string): Promise<string> {
  const names = (await readdir(root)).sort();
  const parts = await Promise.all(
    names.map(async (n) => `${n}=${await readFile(path.join(root, n), 'utf8').catch(() => '<dir>')}`),
  );
  return parts.join('\n');
}

export interface OptionMixes {
  accepted: number;
  refused: number;
  /** The accepted commands that changed the workspace (none may). */
  changed: string[];
}

/** Runs `count` random option mixes through shell_read (accepted ones for real) in a fresh workspace. */
export async function runOptionMixes(count: number, seed: number): Promise<OptionMixes> {
  const root = await tempDir('tw-options-');
  await writeFile(path.join(root, 'f'), 'b,2\na,1\nb,2\n');
  await writeFile(path.join(root, 'g.txt'), 'x\n');
  const toolkit = createToolkit({ workspace: root });
  const before = await snapshot(root);
  const rand = random(seed);
  let accepted = 0;
  let refused = 0;
  const changed: string[] = [];
  for (let i = 0; i < count; i++) {
    const program = Object.keys(POOLS)[i % 6]!;
    const pool = POOLS[program]!;
    const picks = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pool[Math.floor(rand() * pool.length)]!);
    const command = `${program} ${picks.join(' ')} </dev/null`;
    const result = await toolkit.invoke('exec', 'shell_read', { command, timeout_ms: 5_000 });
    if (!result.ok) {
      expect(result.error.code, command).toBe('INVALID_INPUT');
      refused++;
      continue;
    }
    accepted++;
    if ((await snapshot(root)) !== before) {
      changed.push(command);
      await Promise.all(
        (await readdir(root))
          .filter((n) => n !== 'f' && n !== 'g.txt')
          .map((n) => rm(path.join(root, n), { recursive: true, force: true })),
      );
      await writeFile(path.join(root, 'f'), 'b,2\na,1\nb,2\n');
      await writeFile(path.join(root, 'g.txt'), 'x\n');
    }
  }
  await toolkit.close();
  return { accepted, refused, changed };
}
