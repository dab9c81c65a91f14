// Runs many shell lines under real bash, each in its own scratch folder, inside one bubblewrap
// sandbox (the rest of the file system read-only, no network) traced by `strace -f`: every program
// each line executed (any path, any way: PATH lookup, absolute path, exec from a wrapper) and every
// file system write it attempted, attributed to the line by the process tree.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A program executed; `by` is the program the process was running before (what started it). */
export interface Exec {
  path: string;
  argv: string[];
  by: string;
}
export interface WriteAttempt {
  syscall: string;
  path: string;
  result: string;
}

export interface LineTrace {
  line: string;
  /** The scratch folder the line ran in (its HOME is `<dir>/home`). */
  dir: string;
  execs: Exec[];
  writes: WriteAttempt[];
  /** Files in the folder after the run that differ from the ones put there. */
  changed: string[];
}

export const CANARY = 'victim contents\n';

/**
 * Whether the differential checks run: where strace and bwrap work, and always under CI=true, where
 * a missing tool fails them rather than skipping them (.ci/run installs both).
 */
export function runTracingTests(): boolean {
  return process.env.CI === 'true' || tracingAvailable();
}

export function tracingAvailable(): boolean {
  const ok = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  return (
    process.platform === 'linux' &&
    ok('strace', ['-V']) &&
    ok('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '/bin/true'])
  );
}

/**
 * A static x86-64 program that only exits 0 (an ELF header, one program header, `exit(0)`): a
 * program that does nothing, for the names whose exec is all the check needs to see. A dynamically
 * linked program costs milliseconds to start under strace; this one costs microseconds.
 */
const NOOP_ELF =
  '7f454c4602010100000000000000000002003e0001000000780040000000000040000000000000000000000000000000000000004000380001000000000000000100000005000000000000000000000000004000000000000000400000000000810000000000000081000000000000000010000000000000b83c00000031ff0f05';

/**
 * Programs put on the lines' PATH: `real` ones link to the installed program (wrappers and shells,
 * which must really run what they wrap); `noop` ones do nothing (on x86-64; elsewhere they are real too).
 * Any other name is "command not found".
 */
export function linkPrograms(bin: string, real: readonly string[], noop: readonly string[] = []): void {
  mkdirSync(bin, { recursive: true });
  const fake = path.join(bin, '.noop');
  const useNoop = process.arch === 'x64' && process.platform === 'linux';
  if (useNoop) writeFileSync(fake, Buffer.from(NOOP_ELF, 'hex'), { mode: 0o755 });
  for (const name of [...real, ...(useNoop ? [] : noop)]) {
    const found = spawnSync('/bin/bash', ['-c', `command -v -- ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/')) symlinkSync(found, path.join(bin, name));
  }
  if (useNoop) for (const name of noop) symlinkSync(fake, path.join(bin, name));
}

// Each line runs in a subshell of one driver bash (fork, no exec: fast), through eval, which parses
// and runs it as `bash -c` does; a CPU-time limit ends a line that loops.
const DRIVER = `
exec 8< "$BATCH/index"
while IFS= read -r -d '' line; do
  read -r i <&8
  ( ulimit -t "$LIMIT"; cd "$ROOT/w/$i" && export HOME="$ROOT/w/$i/home" && eval "$line" ) </dev/null >/dev/null 2>&1 8<&-
done < "$BATCH/lines"
`;

/**
 * Runs `lines` (one bash process each, in `root/w/<index>`) and returns what each executed and
 * wrote. `root` must be an empty scratch folder; nothing outside it is writable to the lines.
 */
export async function traceLines(
  root: string,
  lines: readonly string[],
  programs: { real: readonly string[]; noop?: readonly string[] },
  limitSeconds = 1,
  batches = 2,
): Promise<LineTrace[]> {
  const bin = path.join(root, 'bin');
  linkPrograms(bin, programs.real, programs.noop);
  lines.forEach((_, i) => {
    const dir = path.join(root, 'w', String(i));
    mkdirSync(path.join(dir, 'home'), { recursive: true });
    writeFileSync(path.join(dir, 'victim'), CANARY);
  });
  const initial = lines.map((_, i) => new Set(readdirSync(path.join(root, 'w', String(i)))));
  writeFileSync(path.join(root, 'driver.sh'), DRIVER);
  // Batches run side by side, each a driver over every `batches`-th line.
  const runs = Array.from({ length: Math.min(batches, lines.length) }, async (_, batch) => {
    const mine = lines.flatMap((line, i) => (i % batches === batch ? [i] : []));
    const dir = path.join(root, `batch${batch}`);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'lines'), mine.map((i) => `${lines[i]}\0`).join(''));
    writeFileSync(path.join(dir, 'index'), mine.map((i) => `${i}\n`).join(''));
    await runDriver(root, dir, bin, limitSeconds, lines.length);
    return { mine, events: parseTrace(readFileSync(path.join(dir, 'trace'), 'utf8')) };
  });
  const traces: LineTrace[] = lines.map((line, i) => ({
    line,
    dir: path.join(root, 'w', String(i)),
    execs: [],
    writes: [],
    changed: [],
  }));
  for (const { mine, events } of await Promise.all(runs)) attribute(events, mine, traces);
  traces.forEach((t, i) => {
    t.changed = readdirSync(t.dir).filter((n) => !initial[i]!.has(n));
    if (!existsSync(path.join(t.dir, 'victim')) || readFileSync(path.join(t.dir, 'victim'), 'utf8') !== CANARY)
      t.changed.push('victim');
    if (readdirSync(path.join(t.dir, 'home')).length > 0) t.changed.push('home/*');
  });
  return traces;
}

function runDriver(root: string, dir: string, bin: string, limitSeconds: number, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'strace',
      [
        '-f',
        '-q',
        '--seccomp-bpf',
        '-s',
        '65535',
        '-e',
        'signal=none',
        '-o',
        path.join(dir, 'trace'),
        '-e',
        'trace=execve,execveat,clone,clone3,fork,vfork,openat,open,creat,mkdir,mkdirat,unlink,unlinkat,rename,renameat,renameat2,rmdir,symlink,symlinkat,link,linkat,truncate,chmod,fchmodat',
        'bwrap',
        '--ro-bind',
        '/',
        '/',
        '--tmpfs',
        '/tmp',
        '--bind',
        root,
        root,
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--unshare-net',
        '--unshare-ipc',
        '--die-with-parent',
        '--new-session',
        '--clearenv',
        '--setenv',
        'PATH',
        bin,
        '--setenv',
        'ROOT',
        root,
        '--setenv',
        'BATCH',
        dir,
        '--setenv',
        'LIMIT',
        String(limitSeconds),
        '--setenv',
        'LANG',
        'C.UTF-8',
        '/bin/bash',
        '--norc',
        '--noprofile',
        path.join(root, 'driver.sh'),
      ],
      { stdio: 'ignore' },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000 + count * 200);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** What each line ran and wrote, from one driver's strace output (`mine[k]`: the k-th subshell's line). */
export function attributeTrace(text: string, mine: readonly number[], lines: readonly string[]): LineTrace[] {
  const traces = lines.map((line): LineTrace => ({ line, dir: '', execs: [], writes: [], changed: [] }));
  attribute(parseTrace(text), mine, traces);
  return traces;
}

/** A finished system call; `seq` is where in the trace it started (before an "unfinished" split). */
interface Event {
  pid: number;
  syscall: string;
  args: string;
  result: string;
  seq: number;
}

/** One event per finished system call (strace -f splits some into "unfinished" and "resumed"). */
function parseTrace(text: string): Event[] {
  const events: Event[] = [];
  const pending = new Map<string, { args: string; seq: number }>();
  let seq = 0;
  for (const raw of text.split('\n')) {
    seq++;
    const m = /^(\d+) +(.*)$/.exec(raw);
    if (!m) continue;
    const pid = Number(m[1]);
    let body = m[2]!;
    if (/^\+\+\+ (exited|killed)/.test(body)) {
      events.push({ pid, syscall: 'exit', args: '', result: '', seq });
      continue;
    }
    const unfinished = /^(\w+)\((.*) <unfinished \.\.\.>$/.exec(body);
    if (unfinished) {
      pending.set(`${pid}:${unfinished[1]}`, { args: unfinished[2]!, seq });
      continue;
    }
    let start = seq;
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(body);
    if (resumed) {
      const begun = pending.get(`${pid}:${resumed[1]}`);
      body = `${resumed[1]}(${begun?.args ?? ''}${resumed[2]}`;
      start = begun?.seq ?? seq;
    }
    const call = /^(\w+)\((.*)\) += (.*)$/.exec(body);
    if (call) events.push({ pid, syscall: call[1]!, args: call[2]!, result: call[3]!, seq: start });
  }
  return events;
}

/** The C-escaped strings of an strace argument list, in order. */
function strings(args: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '"') continue;
    let s = '';
    for (i++; i < args.length && args[i] !== '"'; i++) {
      if (args[i] !== '\\') {
        s += args[i];
        continue;
      }
      const e = args[++i]!;
      if (e === 'x') {
        s += String.fromCharCode(parseInt(args.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (/[0-7]/.test(e)) {
        const oct = /^[0-7]{1,3}/.exec(args.slice(i))![0];
        s += String.fromCharCode(parseInt(oct, 8));
        i += oct.length - 1;
      } else
        s += ({ n: '\n', t: '\t', r: '\r', v: '\v', f: '\f', a: '\x07', b: '\b' } as Record<string, string>)[e] ?? e;
    }
    out.push(s);
  }
  return out;
}

const WRITE_FLAGS = /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/;

/**
 * Adds each event to the line whose driver subshell it descends from (`mine[k]` is the k-th
 * subshell's line). Process ids are reused over a long run (pid_max may be 32768), so the line of a
 * process is that of the creation it came from: the last clone returning its pid that began before
 * the event. An exit strace does not print as one (a thread superseded by an `execve`) cannot leave
 * a stale line to a later process with the same pid. A child's events that strace prints before
 * its parent's clone returns wait for it.
 */
function attribute(events: Event[], mine: readonly number[], traces: LineTrace[]): void {
  const driver = events.find(
    (e) =>
      e.syscall === 'execve' && e.result === '0' && e.args.startsWith('"/bin/bash"') && e.args.includes('driver.sh'),
  )?.pid;
  if (driver === undefined) throw new Error('the trace has no driver process');
  const isClone = (e: Event) => /^(clone|clone3|fork|vfork)$/.test(e.syscall) && /^\d+/.test(e.result);
  // Where each creation of a pid began (its clone's first line), in trace order.
  const created = new Map<number, number[]>();
  for (const e of events)
    if (isClone(e)) {
      const child = parseInt(e.result, 10);
      if (!created.has(child)) created.set(child, []);
      created.get(child)!.push(e.seq);
    }
  created.forEach((starts) => starts.sort((a, b) => a - b));
  /** The start of the creation `pid`'s event at `seq` belongs to (-1: none seen). */
  const creationOf = (pid: number, seq: number) => {
    let found = -1;
    for (const start of created.get(pid) ?? []) if (start < seq) found = start;
    return found;
  };
  // A process's line, with the creation it was given for.
  const lineOf = new Map<number, { at: number; born: number }>();
  const image = new Map<number, string>([[driver, '/bin/bash']]);
  const waiting = new Map<number, Event[]>();
  let started = 0;
  const record = (e: Event, at: number) => {
    if (e.syscall === 'execve' || e.syscall === 'execveat') {
      if (e.result !== '0') return;
      const [file, ...argv] = strings(e.args);
      traces[at]!.execs.push({ path: file!, argv, by: image.get(e.pid) ?? '?' });
      image.set(e.pid, file!);
    } else if (!/^(clone|clone3|fork|vfork|exit)$/.test(e.syscall)) {
      if (/^(openat|open)$/.test(e.syscall) && !WRITE_FLAGS.test(e.args)) return;
      traces[at]!.writes.push({ syscall: e.syscall, path: strings(e.args).at(-1) ?? '', result: e.result });
    }
  };
  for (const e of events) {
    if (e.pid === driver) {
      if (isClone(e)) adopt(parseInt(e.result, 10), mine[started++], e.seq, driver);
      continue;
    }
    const known = lineOf.get(e.pid);
    // Given for an earlier process with this pid: this one's creation has not returned yet.
    if (known === undefined || known.born !== creationOf(e.pid, e.seq)) {
      lineOf.delete(e.pid);
      if (!waiting.has(e.pid)) waiting.set(e.pid, []);
      waiting.get(e.pid)!.push(e);
      continue;
    }
    record(e, known.at);
    if (isClone(e)) adopt(parseInt(e.result, 10), known.at, e.seq, e.pid);
    if (e.syscall === 'exit') lineOf.delete(e.pid);
  }

  /** `child` was created by a call that started at `since`: its events printed early (and only those) are its own. */
  function adopt(child: number, at: number | undefined, since: number, parent: number): void {
    const early = (waiting.get(child) ?? []).filter((e) => e.seq > since);
    waiting.delete(child);
    if (at === undefined) return;
    lineOf.set(child, { at, born: since });
    image.set(child, image.get(parent) ?? '?');
    for (const e of early) {
      record(e, at);
      if (isClone(e)) adopt(parseInt(e.result, 10), at, e.seq, child);
      if (e.syscall === 'exit') {
        lineOf.delete(child);
        break;
      }
    }
  }
}
