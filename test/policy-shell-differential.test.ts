// Differential check against bash itself: random lines built from allowed programs, dangerous ones
// and shell tricks are decided; every line the policy allows is then run by real bash with a PATH
// of logging shims. Whatever bash actually executed must be what the rules allow.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePolicy, type PolicyOptions } from '../src/index.js';
import { operations } from '../src/generated/registry.js';
import { loadBashParser } from '../src/runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../src/runtime/policy/shell/read-only.js';
import { tempDir } from './helpers.js';

const POLICY: PolicyOptions = {
  rules: [{ operation: 'bash', command: ['ls *', 'git status', 'echo *', 'cat *', 'wc *'], decision: 'allow' }],
  default: 'deny',
};
const SHIMS = ['ls', 'cat', 'git', 'wc', 'rm', 'touch', 'sh', 'dash', 'python3', 'xargs', 'find', 'tee', 'dd', 'cp', 'mv', 'chmod', 'env', 'timeout',
  'nice', 'sudo', 'curl', 'head', 'sort', 'perl', 'node', 'eval', 'rmdir', 'ln', 'date'];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

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

function line(rand: () => number): string {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const segment = (): string => {
    const program = pick(['ls', 'ls', 'cat', 'echo', 'wc', 'git', 'rm', 'touch', 'sh', 'python3', 'find', 'tee', 'cp', 'date', 'head']);
    let text = disguise(program, pick);
    if (program === 'git') text += pick([' status', ' status', ' status --short', ' -c core.pager=touch status', ' log']);
    else if (program === 'sh') text += pick([" -c 'rm -f victim'", " -c 'ls'", '', ' victim']);
    else text += pick(['', ' -la', ' victim', ' "a; rm victim"', " 'x && touch y'", ' $HOME', ' *', ' -- -rf', ' $(rm victim)', ' `touch y`',
      ' \\\n -la', '\t-l', " $'a\\nb'", ' "a\nb"', ' <<EOF\nrm victim\nEOF', ' <<< "rm victim"', ' \\\nvictim', '\\\n\\rm victim']);
    const wrapper = pick(['', '', '', 'timeout 5 ', 'nice ', 'env ', 'env -i ', 'command ', 'sudo ', 'xargs ', 'PATH=. ', 'LANG=C ', 'exec ', 'bash -c ']);
    if (wrapper === 'bash -c ') text = `bash -c ${JSON.stringify(text)}`;
    else text = wrapper + text;
    text += pick(['', '', '', ' > out.txt', ' 2>&1', ' >/dev/null', ' >> out.txt', ' < victim', ' # ; rm victim', ' &']);
    return text;
  };
  const parts = [segment()];
  const count = Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) parts.push(pick([' ; ', ' && ', ' | ', '\n', ' || ', ' |& ', ';', '\n\n', ' &&\n', ' |\\\n']), segment());
  const body = parts.join('');
  return pick(['', '', '{ ', '( ', 'if true; then ', 'for i in 1; do ']) === '' ? body : wrapGroup(body, pick);
}

function wrapGroup(body: string, pick: <T>(xs: readonly T[]) => T): string {
  return pick([`{ ${body}; }`, `( ${body} )`, `if true; then ${body}; fi`, `for i in 1; do ${body}; done`]);
}

const WRAPPERS: Record<string, string> = { env: '/usr/bin/env', timeout: '/usr/bin/timeout', nice: '/usr/bin/nice', xargs: '/usr/bin/xargs', sh: '/bin/sh', dash: '/bin/dash' };

/** What the rules allow: the program and, for git, exactly `git status`; wrappers run what they wrap. */
function allowedRun(entry: string): boolean {
  const [program, ...args] = entry.split(' ');
  if (program! in WRAPPERS) return true;
  if (program === 'git') return args.length === 1 && args[0] === 'status';
  return ['ls', 'cat', 'echo', 'wc'].includes(program!);
}

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
    await writeFile(path.join(bin, name), `#!/bin/bash\nprintf '%s\\0' "${name} $*" >> ${JSON.stringify(log)}\n${real ? `exec ${real} "$@"\n` : ''}`);
    await chmod(path.join(bin, name), 0o755);
  }
  return { work, bin, log };
}

async function runLogged(command: string, where: { work: string; bin: string; log: string }): Promise<{ ran: string[]; files: string[] }> {
  await writeFile(path.join(where.work, 'victim'), 'v');
  await rm(where.log, { force: true });
  spawnSync('/bin/bash', ['-c', command], { cwd: where.work, env: { PATH: where.bin, HOME: where.work }, timeout: 10_000, stdio: 'ignore' });
  const ran = (await readFile(where.log, 'utf8').catch(() => '')).split('\0').filter(Boolean);
  return { ran, files: (await readdir(where.work)).sort() };
}

describe('policy decisions agree with what bash runs', () => {
  it('shell_read: every line it accepts runs only inspection programs', async () => {
    await loadBashParser();
    const where = await shimmed();
    const rand = random(4242);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    let accepted = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const segments = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
        const program = pick(['ls', 'cat', 'wc', 'head', 'sort', 'rm', 'touch', 'sh', 'tee', 'xargs', 'dd', 'cp']);
        return disguise(program, pick) + pick(['', ' victim', ' -l', ' "a; touch y"', ' -- -rf', ' x', ' 2>/dev/null', ' > out', ' $(touch y)']);
      });
      let command = segments[0]!;
      for (const seg of segments.slice(1)) command += pick([' | ', ' && ', ' ; ', '\n', ' || ', ' & ']) + seg;
      if (!classifyReadOnly(command).ok) continue;
      accepted++;
      const { ran, files } = await runLogged(command, where);
      const bad = ran.filter((entry) => !['ls', 'cat', 'wc', 'head', 'sort'].includes(entry.split(' ')[0]!));
      if (bad.length > 0 || files.join() !== 'victim') wrong.push(`${JSON.stringify(command)} ran ${JSON.stringify(bad)} files ${files.join(',')}`);
    }
    expect(wrong).toEqual([]);
    expect(accepted).toBeGreaterThan(40);
  }, 120_000);

  it('every allowed random line runs only allowed programs and writes nothing', async () => {
    const where = await shimmed();
    const work = where.work;
    const bash = operations.find((o) => o.name === 'bash')!;
    const policy = compilePolicy(POLICY);
    const rand = random(20261201);
    let allowed = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const command = line(rand);
      const decision = await policy.decideCall(bash, { command }, { workspaceRoot: work });
      if (decision.decision !== 'allow') continue;
      allowed++;
      const { ran, files } = await runLogged(command, where);
      const bad = ran.filter((entry) => !allowedRun(entry));
      if (bad.length > 0 || files.join() !== 'victim') wrong.push(`${JSON.stringify(command)} ran ${JSON.stringify(bad)} files ${files.join(',')}`);
    }
    expect(wrong).toEqual([]);
    // The generator must produce enough allowed lines for the check to mean something.
    expect(allowed).toBeGreaterThan(40);
  }, 120_000);
});
