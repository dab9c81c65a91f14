import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Descriptors this process got from its own parent without close-on-exec (a shell's `exec 251<file`
 * before starting node) would reach every program it starts: Node opens its own descriptors with
 * O_CLOEXEC and cannot clear the flag on others, so programs are started through bash, which
 * closes them first. Bash commands close them in their own script; other programs (rg, git, bwrap,
 * mkfifo) are wrapped only while such a descriptor exists, which costs them nothing otherwise.
 */

/**
 * Shell text (one line, no fork) closing every descriptor above `highest` (but `kept`) before what
 * follows runs.
 */
export function closeInheritedFds(highest: number, kept?: number): string {
  const keep = kept === undefined ? '' : ` && [ "$__fd" != ${Math.trunc(kept)} ]`;
  return `for __fd in /proc/self/fd/*; do __fd=\${__fd##*/}; [ "$__fd" -gt ${highest} ] 2>/dev/null${keep} && eval "exec $__fd>&-" 2>/dev/null; done; unset __fd;`;
}

/** O_CLOEXEC in /proc/self/fdinfo's octal `flags:`. */
const O_CLOEXEC = 0o2000000;

/** Close-on-exec of the descriptors seen so far, by number (every one Node opens has it). */
const known = new Map<number, boolean>();

/**
 * Whether a descriptor above 2 would be inherited by a child. Only numbers not seen at the last look
 * have their flags read, so the usual cost is one listing of /proc/self/fd (tens of microseconds).
 */
export function hasInheritableFds(): boolean {
  let names: string[];
  try {
    names = readdirSync('/proc/self/fd');
  } catch {
    return false; // no /proc (not Linux): nothing to list, and the bash loop could not close them either
  }
  const present = new Set<number>();
  let inheritable = false;
  for (const name of names) {
    const fd = Number(name);
    if (!(fd > 2)) continue;
    present.add(fd);
    let cloexec = known.get(fd);
    if (cloexec === undefined) {
      cloexec = readCloexec(fd);
      // The listing's own descriptor is gone by now: not remembered, so a later open of that number is read.
      if (cloexec !== undefined) known.set(fd, cloexec);
    }
    if (cloexec === false) inheritable = true;
  }
  for (const fd of known.keys()) if (!present.has(fd)) known.delete(fd);
  return inheritable;
}

/** Records a descriptor this process opened without close-on-exec (a native module's), so the next look sees it whatever was cached for its number. */
export function markInheritable(fd: number): void {
  known.set(fd, false);
}

function readCloexec(fd: number): boolean | undefined {
  try {
    const match = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'));
    return match ? (parseInt(match[1]!, 8) & O_CLOEXEC) !== 0 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file and arguments that start `file args` with every descriptor above `keep` closed (those up
 * to `keep` are the child's stdio, which spawn sets up): unchanged when no descriptor would leak.
 */
export function withoutInheritedFds(file: string, args: readonly string[], keep = 2): [string, string[]] {
  if (!hasInheritableFds()) return [file, [...args]];
  // -p: no BASH_ENV file and no functions from the environment (an exported `eval` would run instead).
  // By absolute path: the child's PATH (exec.env, a test's shims) need not hold bash.
  return [hostBash(), ['-p', '-c', `${closeInheritedFds(keep)} exec "$@"`, 'toolwright-exec', file, ...args]];
}

let bashFile: string | undefined;

/** bash as this process finds it (its own PATH, then the usual places), looked up once. */
function hostBash(): string {
  if (bashFile === undefined) {
    const dirs = [...(process.env.PATH ?? '').split(':').filter((dir) => path.isAbsolute(dir)), '/bin', '/usr/bin'];
    bashFile = 'bash';
    for (const dir of dirs) {
      try {
        accessSync(path.join(dir, 'bash'), constants.X_OK);
        bashFile = path.join(dir, 'bash');
        break;
      } catch {
        /* not here */
      }
    }
  }
  return bashFile;
}
