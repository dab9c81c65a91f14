// The exec tracer's attribution of processes to lines, on strace output written out: a pid used
// again (pid_max is 32768 on small machines) must not inherit the line of the process it had
// before, even when that one's exit was never printed as one and the new process's first events
// come before its parent's clone returns.
import { describe, expect, it } from 'vitest';
import { attributeTrace } from './trace.js';

const DRIVER = '100 execve("/bin/bash", ["/bin/bash", "--norc", "--noprofile", "/r/driver.sh"], 0x1 /* 4 vars */) = 0';
const programs = (trace: ReturnType<typeof attributeTrace>[number]) => trace.execs.map((e) => e.argv.join(' '));

describe('the tracer attributes each process to the line it descends from', () => {
  it('gives a reused pid whose first events come before its creation returns to its new line', () => {
    const text = [
      DRIVER,
      '100 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD) = 200',
      '200 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD) = 300',
      '300 execve("/usr/bin/script", ["script", "-qc", "ls"], 0x2 /* 4 vars */) = 0',
      // 300's end is printed as no exit (a thread superseded by an execve elsewhere).
      '300 +++ superseded by execve in pid 301 +++',
      '200 +++ exited with 0 +++',
      '100 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD) = 201',
      '201 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD <unfinished ...>',
      '300 execve("/usr/bin/git", ["git", "status", "--short"], 0x3 /* 4 vars */) = 0',
      '201 <... clone resumed>) = 300',
      '300 openat(AT_FDCWD, "out.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3',
      '300 +++ exited with 0 +++',
      '201 +++ exited with 0 +++',
    ].join('\n');
    const [first, second] = attributeTrace(text, [0, 1], ['script -qc ls', 'git status --short > out.txt']);
    expect(programs(first!)).toEqual(['script -qc ls']);
    expect(programs(second!)).toEqual(['git status --short']);
    expect(second!.writes.map((w) => w.path)).toEqual(['out.txt']);
    expect(first!.writes).toEqual([]);
  });

  it('keeps the events of a child printed before its clone returns with its own line', () => {
    const text = [
      DRIVER,
      '100 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD <unfinished ...>',
      '200 execve("/usr/bin/ls", ["ls"], 0x2 /* 4 vars */) = 0',
      '100 <... clone resumed>) = 200',
      '200 +++ exited with 0 +++',
      '100 clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD) = 201',
      '201 execve("/usr/bin/cat", ["cat", "victim"], 0x2 /* 4 vars */) = 0',
    ].join('\n');
    const [first, second] = attributeTrace(text, [0, 1], ['ls', 'cat victim']);
    expect(programs(first!)).toEqual(['ls']);
    expect(programs(second!)).toEqual(['cat victim']);
  });
});
