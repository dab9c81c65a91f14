import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { processTempFolder } from '../processes/temp-folder.js';
import { confinedArgs, type ConfinedView } from './confined-view.js';
import { closeInheritedFds, withoutInheritedFds } from '../processes/inherited-fds.js';
import {
  drained,
  exitOf,
  firstChild,
  makeFifos,
  openReadEnd,
  unlinkQuietly,
  type ProgramExit,
} from './confined-helper-io.js';

export type { ProgramExit } from './confined-helper-io.js';

/**
 * One long-lived sandbox per workspace that starts programs (rg, git) inside it on request. A bwrap
 * per program costs ~6 ms, more than a small grep itself; bash inside one sandbox forks a program in
 * well under one. Requests go to the helper's stdin, NUL-terminated, as shell words; the program's
 * stdout and stderr are named pipes this process made and reads directly (no copy through the
 * helper); the helper reports each program's sandbox pid and exit status as lines on its stdout.
 * A helper that dies fails its runs as UNAVAILABLE and the next run starts a new one: nothing ever
 * falls back to running unconfined.
 * One file on purpose: the Helper class is one process's lifecycle (start, runs, kills, death), and its
 * pipes and exit reading are already in ./confined-helper-io.ts.
 */

/** Where the helper sees this process's pipe folder. */
const IO_DIR = '/run/toolwright-io';
/** A helper nobody used for this long exits (the next run starts another in ~10 ms). */
const IDLE_MS = 30_000;
const START_TIMEOUT_MS = 10_000;
/** After a program's exit is reported, how long its pipes may still deliver output. */
const DRAIN_MS = 300;
/** A program killed that does not report its end by then means the helper is stuck: it is replaced. */
const KILL_TIMEOUT_MS = 5_000;
/** Exit status of the helper's own setup for a program (its pipes, its cwd): no program ran. */
const SETUP_FAILED = 125;

/**
 * `r ID OUT ERR CWD N VAR=VALUE… PROGRAM ARGS…` runs PROGRAM with its output on the pipes OUT and
 * ERR; `p ID PID` then `x ID STATUS` report it. `k PID` SIGKILLs one program and whatever it
 * started (each runs as a job of its own, in its own process group); `s PID` stops it for a while
 * and `c PID` lets it go on (a non-interactive shell's `wait` returns only at its end).
 */
const HELPER_SCRIPT = `exec 3>&1 >/dev/null 2>/dev/null
${closeInheritedFds(3)}
__run() {
  local id=$1 out=$2 err=$3 cwd=$4 n=$5
  shift 5
  local -a vars=("\${@:1:n}")
  shift "$n"
  (
    set -m
    (
      exec >"$out" 2>"$err" </dev/null 3>&- || exit ${SETUP_FAILED}
      cd -- "$cwd" || exit ${SETUP_FAILED}
      for __v in "\${vars[@]}"; do export "$__v"; done
      exec "$@"
    ) &
    echo "p $id $!" >&3
    wait "$!"
    echo "x $id $?" >&3
  ) &
}
echo ready >&3
while IFS= read -r -d '' __req; do
  eval "set -- $__req"
  case $1 in
    r) shift; __run "$@" ;;
    k) kill -KILL -- "-$2" ;;
    s) kill -STOP -- "-$2" ;;
    c) kill -CONT -- "-$2" ;;
  esac
done`;

export interface ConfinedRequest {
  file: string;
  args: readonly string[];
  /** Real path inside the workspace. */
  cwd: string;
  /** The program's whole environment (the helper's own holds only PATH). */
  env?: Readonly<Record<string, string>>;
}

export interface ConfinedProgram {
  readonly stdout: net.Socket;
  readonly stderr: net.Socket;
  /** Settles once the program ended and its output was read; UNAVAILABLE if the sandbox failed it. */
  readonly exited: Promise<ProgramExit>;
  /** SIGKILLs the program (idempotent; the end still comes through `exited`). */
  readonly kill: () => void;
  /** Stops the program where it is (SIGSTOP), or lets it go on (SIGCONT); a kill still ends it. */
  readonly pause: (paused: boolean) => void;
  /** The program's /proc statm as this process can read it, once it runs (undefined if it cannot be watched). */
  readonly statmPath: () => string | undefined;
}

export interface HelperSpec {
  bwrap: string;
  view: ConfinedView;
  /** PATH inside the sandbox (what `file` is looked up in). */
  pathVar: string;
}

interface Run {
  out: string;
  err: string;
  sockets: net.Socket[];
  pid?: number;
  killWanted: boolean;
  /** Stopped as asked (sent once its pid is known). */
  paused: boolean;
  killTimer?: NodeJS.Timeout;
  onExit(status: number): void;
  onFail(error: ToolError): void;
}

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

class Helper {
  private readonly runs = new Map<number, Run>();
  private readonly fifos: string[] = [];
  private fifoBatch: Promise<void> | undefined;
  private seq = 0;
  private made = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private lineRest = '';
  private dead: ToolError | undefined;
  /** Host pid of the sandbox's pid 1, whose root shows the sandbox's /proc. */
  private initPid: number | undefined;
  readonly ready: Promise<void>;

  private constructor(
    readonly key: string,
    private readonly child: ChildProcess,
    private readonly fifoDir: string,
    private readonly onGone: (helper: Helper) => void,
  ) {
    this.ready = this.watch();
  }

  static start(key: string, spec: HelperSpec): Helper {
    const fifoDir = mkdtempSync(path.join(processTempFolder(), 'helper-'));
    const args = [
      ...confinedArgs(spec.view),
      '--ro-bind',
      fifoDir,
      IO_DIR,
      '--clearenv',
      '--setenv',
      'PATH',
      spec.pathVar,
      '--chdir',
      spec.view.workspace,
      '--',
      'bash',
      '-p',
      '-c',
      HELPER_SCRIPT,
    ];
    const [file, argv] = withoutInheritedFds(spec.bwrap, args);
    // Its own session: a Ctrl-C in the host's terminal is the host's to handle, not the helper's.
    const child = spawn(file, argv, { stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });
    return new Helper(
      key,
      child,
      fifoDir,
      (helper) => helpers.get(helper.key) === helper && helpers.delete(helper.key),
    );
  }

  private watch(): Promise<void> {
    const { child } = this;
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      if (stderr.length < 4096) stderr += text;
    });
    child.stdin!.on('error', () => {}); // the helper is gone: its exit fails the runs
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as net.Socket | null)?.unref?.();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new ToolError('UNAVAILABLE', `the confinement sandbox did not start within ${START_TIMEOUT_MS} ms`));
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (text: string) => {
        const lines = (this.lineRest + text).split('\n');
        this.lineRest = lines.pop()!;
        for (const line of lines) {
          if (line === 'ready') {
            clearTimeout(timer);
            this.initPid = firstChild(child.pid);
            resolve();
          } else this.onEvent(line);
        }
      });
      const onEnd = (reason: string) => {
        clearTimeout(timer);
        const said = stderr.trim();
        const error = new ToolError(
          'UNAVAILABLE',
          `the confinement sandbox for rg and git ${reason}${said ? `: ${said}` : ''}; nothing was run outside it`,
          { reason: said || reason },
        );
        this.fail(error);
        reject(error);
      };
      child.once('error', (error) => onEnd(`could not start (${error.message})`));
      child.once('exit', (code, signal) => onEnd(`exited (${signal ?? `exit code ${code}`})`));
    });
  }

  private onEvent(line: string): void {
    const [kind, idText, value] = line.split(' ');
    const run = this.runs.get(Number(idText));
    if (!run) return;
    if (kind === 'p') {
      run.pid = Number(value);
      if (run.killWanted) this.sendKill(run);
      else if (run.paused) this.child.stdin!.write(`s ${run.pid}\0`);
    } else if (kind === 'x') {
      this.forget(Number(idText), run);
      run.onExit(Number(value));
    }
  }

  private sendKill(run: Run): void {
    if (run.pid === undefined || !(run.pid > 1)) return;
    this.child.stdin!.write(`k ${run.pid}\0`);
    run.killTimer ??= setTimeout(() => {
      this.fail(new ToolError('UNAVAILABLE', 'the confinement sandbox did not end a killed program; it was restarted'));
      this.child.kill('SIGKILL');
    }, KILL_TIMEOUT_MS);
  }

  private forget(id: number, run: Run): void {
    clearTimeout(run.killTimer);
    this.runs.delete(id);
    if (this.runs.size === 0) {
      (this.child.stdout as net.Socket).unref();
      this.idleTimer = setTimeout(() => this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Ends every run with `error` and retires the helper (the next run starts a new one). */
  private fail(error: ToolError): void {
    if (this.dead) return;
    this.dead = error;
    this.onGone(this);
    clearTimeout(this.idleTimer);
    for (const [id, run] of [...this.runs]) {
      this.forget(id, run);
      run.onFail(error);
    }
    clearTimeout(this.idleTimer);
    rmSync(this.fifoDir, { recursive: true, force: true });
  }

  close(): void {
    if (this.runs.size > 0) return;
    this.fail(new ToolError('UNAVAILABLE', 'the confinement sandbox was closed'));
    this.child.stdin!.end();
  }

  /** At host exit: SIGKILL (bwrap's --die-with-parent takes the rest) and the pipes folder removed. */
  killNow(): void {
    this.child.kill('SIGKILL');
    rmSync(this.fifoDir, { recursive: true, force: true });
  }

  async run(request: ConfinedRequest): Promise<ConfinedProgram> {
    await this.ready;
    const [out, err] = await this.takeFifos();
    if (this.dead) throw this.dead;
    clearTimeout(this.idleTimer);
    const id = ++this.seq;
    const sockets = [out, err].map(openReadEnd);
    const [stdout, stderr] = sockets as [net.Socket, net.Socket];
    let settle!: (exit: ProgramExit) => void;
    let failWith!: (error: ToolError) => void;
    const exited = new Promise<ProgramExit>((resolve, reject) => {
      settle = resolve;
      failWith = reject;
    });
    const cleanup = () => {
      for (const socket of sockets) socket.destroy();
      for (const fifo of [out, err]) unlinkQuietly(fifo);
    };
    let done = false;
    const end = (outcome: () => void) => {
      if (done) return;
      done = true;
      cleanup();
      outcome();
    };
    const run: Run = {
      out,
      err,
      sockets,
      killWanted: false,
      paused: false,
      onExit: (status) => {
        void drained(sockets, DRAIN_MS).then(() =>
          end(() => {
            if (status === SETUP_FAILED || status === 126) {
              failWith(
                new ToolError(
                  'UNAVAILABLE',
                  `the confinement sandbox could not start ${request.file} (status ${status}); nothing was run outside it`,
                ),
              );
            } else settle(exitOf(status));
          }),
        );
      },
      onFail: (error) => end(() => failWith(error)),
    };
    // A killed program has ended once its stderr reached end-of-file (only the program held it):
    // that comes before the helper's report, which then only retires the run.
    stderr.once('end', () => {
      if (run.killWanted) end(() => settle({ exitCode: null, signal: 'SIGKILL' }));
    });
    this.runs.set(id, run);
    (this.child.stdout as net.Socket).ref();
    const vars = Object.entries(request.env ?? {}).map(([name, value]) => `${name}=${value}`);
    const words = [
      'r',
      String(id),
      path.join(IO_DIR, path.basename(out)),
      path.join(IO_DIR, path.basename(err)),
      request.cwd,
      String(vars.length),
      ...vars,
      request.file,
      ...request.args,
    ];
    this.child.stdin!.write(`${words.map(quote).join(' ')}\0`);
    return {
      stdout,
      stderr,
      exited,
      kill: () => {
        run.killWanted = true;
        if (this.runs.has(id)) this.sendKill(run);
      },
      pause: (paused) => {
        if (run.paused === paused || run.killWanted) return;
        run.paused = paused;
        if (this.runs.has(id) && run.pid !== undefined && run.pid > 1) {
          this.child.stdin!.write(`${paused ? 's' : 'c'} ${run.pid}\0`);
        }
      },
      statmPath: () =>
        run.pid !== undefined && this.initPid !== undefined
          ? `/proc/${this.initPid}/root/proc/${run.pid}/statm`
          : undefined,
    };
  }

  /** Whether the programs' memory can be read from here (through the sandbox's /proc). */
  canWatchMemory(): boolean {
    if (this.initPid === undefined) return false;
    try {
      readFileSync(`/proc/${this.initPid}/root/proc/1/statm`, 'latin1');
      return true;
    } catch {
      return false;
    }
  }

  private async takeFifos(): Promise<[string, string]> {
    while (this.fifos.length < 2) {
      this.fifoBatch ??= makeFifos(this.fifoDir, this.made, 32)
        .then((names) => {
          this.made += names.length;
          this.fifos.push(...names);
        })
        .finally(() => (this.fifoBatch = undefined));
      await this.fifoBatch;
    }
    return [this.fifos.pop()!, this.fifos.pop()!];
  }
}

const helpers = new Map<string, Helper>();
let exitHookInstalled = false;

/** Starts `request.file` in the workspace's confinement sandbox (started on first use, kept while used). */
export async function runConfined(spec: HelperSpec, request: ConfinedRequest): Promise<ConfinedProgram> {
  return helperFor(spec).run(request);
}

/** Whether programs run through `spec`'s helper can have their memory watched (starts the helper). */
export async function confinedMemoryWatchable(spec: HelperSpec): Promise<boolean> {
  const helper = helperFor(spec);
  await helper.ready;
  return helper.canWatchMemory();
}

/** The sandbox layout of a spec, recomputed at most every LAYOUT_TTL_MS or when the workspace folder is another one. */
const layouts = new Map<string, { key: string; at: number; ino: number; dev: number }>();
const LAYOUT_TTL_MS = 1_000;

function layoutKey(spec: HelperSpec): string {
  const id = JSON.stringify([spec.bwrap, spec.pathVar, spec.view]);
  const stats = statSync(spec.view.workspace, { throwIfNoEntry: false });
  const cached = layouts.get(id);
  const now = Date.now();
  if (cached && stats && now - cached.at < LAYOUT_TTL_MS && cached.ino === stats.ino && cached.dev === stats.dev)
    return cached.key;
  // The folder's identity too: one removed and made again at the same path needs a new bind.
  const key = JSON.stringify([spec.bwrap, spec.pathVar, confinedArgs(spec.view), stats?.dev, stats?.ino]);
  if (layouts.size > 100) layouts.clear();
  layouts.set(id, { key, at: now, ino: stats?.ino ?? -1, dev: stats?.dev ?? -1 });
  return key;
}

function helperFor(spec: HelperSpec): Helper {
  // A changed layout (a new .gitignore above the workspace, the folder replaced) gets a new helper.
  const key = layoutKey(spec);
  let helper = helpers.get(key);
  if (!helper) {
    helper = Helper.start(key, spec);
    helpers.set(key, helper);
    helper.ready.catch(() => {}); // reported to the run that waits for it
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', () => {
        for (const each of helpers.values()) each.killNow();
      });
    }
  }
  return helper;
}
