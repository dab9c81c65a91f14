// Differential checks against bash itself. The analyzer's claim ("this line runs exactly these
// programs") is tested on hostile lines of every bypass class and on generated lines: each line it
// claims to model runs under real bash, traced with strace inside a read-only sandbox
// (differential.ts). shell_read's classifier is checked with a PATH of logging shims.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../../src/runtime/policy/shell/read-only.js';
import { tempDir } from '../support/helpers.js';
import { HOSTILE, assigningLine, generatedLine, mutatedAny, random as seeded } from './corpus.js';
import { differential } from './differential.js';
import { runTracingTests, traceLines } from './trace.js';
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

describe('policy decisions agree with what bash runs', () => {
  it('shell_read: every line it accepts runs only inspection programs', { timeout: scaled(120_000) }, async () => {
    await loadBashParser();
    const where = await shimmed();
    const rand = seeded(4242);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    let accepted = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 1500; i++) {
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
    expect(wrong).toEqual([]);
    expect(accepted).toBeGreaterThan(40);
  });
});

/** Generated lines in the quick suite (the stress suite runs 20,000), and lines of builtins that assign a name. */
const GENERATED = 1_500;
const ASSIGNING = 300;
const MUTATED = 300;

describe.runIf(runTracingTests())('the shell analyzer agrees with bash (strace in a read-only sandbox)', () => {
  it(
    'the tracer sees programs run by name, by path, through wrappers, in the background and from the folder, and every write',
    { timeout: scaled(60_000) },
    async () => {
      const root = await tempDir('tw-trace-');
      const traces = await traceLines(
        root,
        [
          'ls',
          '/bin/true; ls | cat',
          'timeout 3 env rm victim',
          'ls & cat victim',
          'echo x > /etc/x',
          'echo hi > f',
          'PATH=. ls',
        ],
        {
          real: ['timeout', 'env'],
          noop: ['ls', 'cat', 'rm', 'touch'],
        },
      );
      // Sorted: the programs of a pipeline or a background job start in any order.
      const ran = traces.map((t) => t.execs.map((e) => path.basename(e.path)).sort());
      expect(ran.slice(0, 5)).toEqual([['ls'], ['cat', 'ls', 'true'], ['env', 'rm', 'timeout'], ['cat', 'ls'], []]);
      // Outside its folder nothing is writable; the attempt is seen.
      expect(traces[4]!.writes.filter((w) => !w.path.startsWith('/dev/')).map((w) => [w.path, w.result])).toEqual([
        ['/etc/x', expect.stringMatching(/EROFS/)],
      ]);
      expect(traces[5]!.changed).toEqual(['f']);
      // No ./ls in that folder: bash looked there (PATH=.), found nothing, ran nothing.
      expect(traces[6]!.execs).toEqual([]);
    },
  );

  it(
    `the hostile lines of every class, ${GENERATED} generated, ${ASSIGNING} assigning builtins and ${MUTATED} mutated lines: bash runs only what the analyzer lists; allowed lines write nothing`,
    { timeout: scaled(600_000) },
    async () => {
      await loadBashParser();
      const rand = seeded(20261201);
      const lines = [
        ...Object.values(HOSTILE).flat(),
        ...Array.from({ length: GENERATED }, () => generatedLine(rand)),
        ...Array.from({ length: ASSIGNING }, () => assigningLine(rand)),
        ...Array.from({ length: MUTATED }, () => mutatedAny(rand)),
      ];
      expect(lines.length).toBeGreaterThanOrEqual(2_000);
      const report = await differential(await tempDir('tw-diff-'), lines);
      expect(report.failures).toEqual([]);
      // Enough lines are claimed (and allowed) for the check to mean something.
      expect(report.claimed).toBeGreaterThan(600);
      expect(report.allowed).toBeGreaterThan(100);
    },
  );
});
