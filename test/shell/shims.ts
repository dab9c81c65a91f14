// shell_read's classifier held against bash with a PATH of logging shims: random lines of disguised
// programs, joined by every list operator; each line the classifier accepts runs under bash, and
// only inspection programs may run and nothing may be written. A sample in the quick suite
// (analyzer-differential.test.ts), many more in the stress suite.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { classifyReadOnly } from '../../src/runtime/shell/read-only/classify.js';
import { tempDir } from '../support/helpers.js';
import { random as seeded } from './corpus.js';
import { scaled } from '../support/time.js';

const SHIMS = [
  'ls',
  'cat',
  'git',
  'wc',
  'rm',
  'touch',
  'sh',
  'dash',
  'python3',
  'xargs',
  'find',
  'tee',
  'dd',
  'cp',
  'mv',
  'chmod',
  'env',
  'timeout',
  'nice',
  'sudo',
  'curl',
  'head',
  'sort',
  'perl',
  'node',
  'eval',
  'rmdir',
  'ln',
  'date',
];

/** Rewrites a program word the way bypass attempts do (bash reads every form as the same word). */
function disguise(word: string, pick: <T>(xs: readonly T[]) => T): string {
  const forms = [
    word,
    word.length > 1 ? `'${word.slice(0, 1)}''${word.slice(1)}'` : word,
    `\\${word}`,
    `"${word}"`,
    `$'${[...word].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')}'`,
    word.length > 1 ? `${word.slice(0, 1)}\\${word.slice(1)}` : word,
    `/usr/bin/${word}`,
    `./${word}`,
  ];
  return pick(forms);
}

const WRAPPERS: Record<string, string> = {
  env: '/usr/bin/env',
  timeout: '/usr/bin/timeout',
  nice: '/usr/bin/nice',
  xargs: '/usr/bin/xargs',
  sh: '/bin/sh',
  dash: '/bin/dash',
};

async function shimmed(): Promise<{ work: string; bin: string; log: string }> {
  const root = await tempDir('tw-diff-');
  const bin = path.join(root, 'bin');
  const work = path.join(root, 'work');
  await mkdir(bin);
  await mkdir(work);
  const log = path.join(root, 'ran.log');
  for (const name of SHIMS) {
    // Wrappers log and then really run (their inner command is found on the same shim PATH).
    const real = WRAPPERS[name];
    await writeFile(
      path.join(bin, name),
      `#!/bin/bash\nprintf '%s\\0' "${name} $*" >> ${JSON.stringify(log)}\n${real ? `exec ${real} "$@"\n` : ''}`,
    );
    await chmod(path.join(bin, name), 0o755);
  }
  return { work, bin, log };
}

async function runLogged(
  command: string,
  where: { work: string; bin: string; log: string },
): Promise<{ ran: string[]; files: string[] }> {
  await writeFile(path.join(where.work, 'victim'), 'v');
  await rm(where.log, { force: true });
  spawnSync('/bin/bash', ['-c', command], {
    cwd: where.work,
    env: { PATH: where.bin, HOME: where.work },
    timeout: scaled(10_000),
    stdio: 'ignore',
  });
  const ran = (await readFile(where.log, 'utf8').catch(() => '')).split('\0').filter(Boolean);
  return { ran, files: (await readdir(where.work)).sort() };
}

/** `count` random lines (seeded): how many shell_read accepted, and each accepted line that ran more or wrote. */
export async function shellReadAgainstShims(
  count: number,
  seed: number,
): Promise<{ accepted: number; wrong: string[] }> {
  await loadBashParser();
  const where = await shimmed();
  const rand = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  let accepted = 0;
  const wrong: string[] = [];
  for (let i = 0; i < count; i++) {
    const segments = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const program = pick(['ls', 'cat', 'wc', 'head', 'sort', 'rm', 'touch', 'sh', 'tee', 'xargs', 'dd', 'cp']);
      return (
        disguise(program, pick) +
        pick(['', ' victim', ' -l', ' "a; touch y"', ' -- -rf', ' x', ' 2>/dev/null', ' > out', ' $(touch y)'])
      );
    });
    let command = segments[0]!;
    for (const seg of segments.slice(1)) command += pick([' | ', ' && ', ' ; ', '\n', ' || ', ' & ']) + seg;
    if (!classifyReadOnly(command).ok) continue;
    accepted++;
    const { ran, files } = await runLogged(command, where);
    const bad = ran.filter((entry) => !['ls', 'cat', 'wc', 'head', 'sort'].includes(entry.split(' ')[0]!));
    if (bad.length > 0 || files.join() !== 'victim')
      wrong.push(`${JSON.stringify(command)} ran ${JSON.stringify(bad)} files ${files.join(',')}`);
  }
  return { accepted, wrong };
}
