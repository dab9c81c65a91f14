// The differential check shared by the quick and the stress suite: every line the analyzer
// claims to model fully (no opaque command) runs under real bash, traced; bash must have executed
// only programs the analyzer listed, found where the analyzer says (a bare name on PATH, never a
// program in the folder). Every line a policy allows must also have run only what the policy
// allows and written nothing.
import { mkdirSync, copyFileSync, chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compilePolicy, type PolicyOptions } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { analyzeShell } from '../../src/runtime/shell/split.js';
import { programNames } from '../../src/runtime/shell/wrappers.js';
import { traceLines, type LineTrace } from './trace.js';

/** Wrappers and shells run for real (what they run is the point); the rest are no-op programs. */
export const REAL = [
  'timeout',
  'env',
  'nice',
  'nohup',
  'stdbuf',
  'setsid',
  'ionice',
  'chrt',
  'taskset',
  'prlimit',
  'flock',
  'setpriv',
  'unshare',
  'script',
  'xargs',
  'find',
  'sh',
  'bash',
  'dash',
  'sg',
  'su',
  'runuser',
  'chroot',
];
export const NOOP = [
  'ls',
  'cat',
  'echo',
  'wc',
  'git',
  'printf',
  'rm',
  'touch',
  'true',
  'false',
  'read',
  'test',
  'mkdir',
  'cp',
  'mv',
  'tee',
  'date',
  'head',
  'sort',
  'foo',
  '[',
];

export const POLICY: PolicyOptions = {
  rules: [
    {
      operation: 'bash',
      command: ['ls *', 'git status', 'echo *', 'cat *', 'wc *', 'printf *', 'true', 'test *', 'read *'],
      decision: 'allow',
    },
  ],
  default: 'deny',
};
/** What an allowed line may execute: the allowed programs and the wrappers the policy looks through. */
const ALLOWED_RUN = new Set([
  'ls',
  'cat',
  'echo',
  'wc',
  'git',
  'printf',
  'true',
  'test',
  'read',
  'timeout',
  'env',
  'nice',
  'nohup',
  'stdbuf',
  'setsid',
  'ionice',
  'chrt',
  'taskset',
  'prlimit',
  'xargs',
  'sh',
  'bash',
  'dash',
]);
const SHELLS = ['sh', 'bash', 'dash'];
/** The programs whose children the check looks at: bash and the wrappers it runs for real. */
const RUNS_COMMANDS = new Set([...REAL, 'bash']);
/** Real programs that write nothing themselves. */
const QUIET_WRAPPERS = new Set([
  'timeout',
  'env',
  'nice',
  'nohup',
  'stdbuf',
  'setsid',
  'ionice',
  'chrt',
  'taskset',
  'prlimit',
  'setpriv',
  'unshare',
  'xargs',
  'sh',
  'bash',
  'dash',
  'true',
]);

export interface DifferentialReport {
  lines: number;
  claimed: number;
  allowed: number;
  failures: string[];
}

/** Programs and paths the analysis says the line runs. */
function listed(line: string, dir: string): Claim | undefined {
  const analysis = analyzeShell(line, dir);
  if (analysis.opaque || analysis.commands.some((c) => c.opaque)) return undefined;
  const names = new Set<string>();
  const paths = new Set<string>();
  let writes = false;
  for (const c of analysis.commands) {
    if (c.writes.length > 0) writes = true;
    for (const wrapper of c.via) {
      names.add(wrapper.split(' ')[0]!);
      if (wrapper.endsWith(' -c')) for (const shell of SHELLS) names.add(shell);
    }
    const program = c.words[0];
    if (!program || c.neutral) continue;
    if (program.text.includes('/')) paths.add(path.resolve(dir, program.text));
    for (const name of programNames(program, dir, 'possible')) names.add(path.basename(name));
  }
  return { names, paths, writes };
}

interface Claim {
  names: Set<string>;
  paths: Set<string>;
  writes: boolean;
}

/** Decides, runs and checks `lines`; `root` is an empty scratch folder. */
export async function differential(root: string, lines: readonly string[]): Promise<DifferentialReport> {
  const bash = operations.find((o) => o.name === 'bash')!;
  const policy = compilePolicy(POLICY);
  const claims = new Map<string, ReturnType<typeof listed>>();
  const allowed = new Set<string>();
  // Each line runs in root/w/<i>: the analysis is made against that folder as the workspace.
  const runnable: string[] = [];
  for (const line of lines) {
    const dir = path.join(root, 'w', String(runnable.length));
    const claim = listed(line, dir);
    if (!claim) continue;
    claims.set(`${runnable.length}`, claim);
    const decision = await policy.decideCall(bash, { command: line }, { workspaceRoot: dir });
    if (decision.decision === 'allow') allowed.add(`${runnable.length}`);
    runnable.push(line);
  }
  // A program named like an allowed one in every folder: running it is running the workspace.
  const planted = path.join(root, 'planted');
  writeFileSync(planted, '#!/bin/sh\n: > planted-ran\n', { mode: 0o755 });
  runnable.forEach((_, i) => {
    const dir = path.join(root, 'w', String(i));
    mkdirSync(dir, { recursive: true });
    copyFileSync(planted, path.join(dir, 'ls'));
    chmodSync(path.join(dir, 'ls'), 0o755);
  });
  const traces = await traceLines(root, runnable, { real: REAL, noop: NOOP });
  const failures: string[] = [];
  traces.forEach((trace, i) => {
    const problem = check(trace, claims.get(`${i}`)!, allowed.has(`${i}`), root);
    if (problem) failures.push(`${JSON.stringify(trace.line)}: ${problem}`);
  });
  return { lines: lines.length, claimed: runnable.length, allowed: allowed.size, failures };
}

function check(trace: LineTrace, claim: Claim, allowed: boolean, root: string): string | undefined {
  const bin = path.join(root, 'bin') + path.sep;
  for (const exec of trace.execs) {
    // What a program the analysis does not model as running commands runs by itself (a script's
    // interpreter, its helpers) is that program's business, not bash's.
    if (!RUNS_COMMANDS.has(path.basename(exec.by))) continue;
    const file = path.resolve(trace.dir, exec.path);
    const name = path.basename(file);
    const onPath = file.startsWith(bin);
    const inFolder = file.startsWith(trace.dir + path.sep);
    if (inFolder && !claim.paths.has(file))
      return `ran ${exec.path} from the workspace, which the analysis did not list`;
    if (!onPath && !inFolder && !claim.paths.has(file) && !claim.names.has(name))
      return `ran ${exec.path}, which the analysis did not list`;
    if (onPath && !claim.names.has(name))
      return `ran ${name} (${exec.argv.join(' ')}), which the analysis did not list (${[...claim.names].join(', ')})`;
    if (allowed && !ALLOWED_RUN.has(name)) return `the policy allowed it, and it ran ${name} (${exec.argv.join(' ')})`;
  }
  // Only bash's own redirections write, unless a real program that writes files ran (one named by
  // its absolute path, or found through a default PATH after `env -i` or `command -p`).
  const writers = trace.execs.filter((e) => {
    const name = path.basename(e.path);
    return !(path.resolve(trace.dir, e.path).startsWith(bin) && NOOP.includes(name)) && !QUIET_WRAPPERS.has(name);
  });
  if (allowed || (!claim.writes && writers.length === 0)) {
    const why = allowed ? 'the policy allowed it' : 'the analysis saw no write';
    const writes = trace.writes.filter(
      (w) => !/^\/dev\/(null|tty|stdout|stderr|fd\/)/.test(w.path) && !/^\/tmp\/sh-thd/.test(w.path),
    );
    if (writes.length > 0)
      return `${why}, and it tried to write ${writes.map((w) => `${w.path} (${w.syscall} = ${w.result})`).join(', ')}`;
    if (trace.changed.length > 0) return `${why}, and it changed ${trace.changed.join(', ')} in its folder`;
  }
  return undefined;
}
