// Programs that run their arguments as a command (GTFOBins' "shell" and "command" classes), as
// data: each entry says how the program's options are parsed, where the command it runs starts,
// and carries examples that are checked when the table loads. An option an entry does not list
// makes the line opaque.
import type { Arity, OptionGrammar } from './getopt.js';
import type { WrapperEntry } from './wrapper-entry.js';

/**
 * A getopt grammar: short flags, short options with a value, short options with an optional glued
 * value, then long options as `name` (flag), `name=` (value), `name?` (optional `=value`), `name==` (two words).
 */
export function opts(
  flags: string,
  values = '',
  glued = '',
  long = '',
  extra: Partial<OptionGrammar> = {},
): OptionGrammar {
  const short: Record<string, Arity> = {};
  for (const l of flags) short[l] = 'flag';
  for (const l of values) short[l] = 'value';
  for (const l of glued) short[l] = 'glued';
  const longs: Record<string, Arity> = {};
  for (const item of long.split(/\s+/).filter(Boolean)) {
    const m = /^([^=?]+)(==|=|\?)?$/.exec(item)!;
    longs[m[1]!] = m[2] === '==' ? 'value2' : m[2] === '=' ? 'value' : m[2] === '?' ? 'glued' : 'flag';
  }
  return { short, long: longs, ...extra };
}

const HELP = 'help version';

export const WRAPPERS: readonly WrapperEntry[] = [
  {
    names: ['timeout'],
    grammar: opts('v', 'ks', '', `foreground preserve-status verbose kill-after= signal= ${HELP}`),
    before: 1,
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'timeout 5 rm x', inner: ['rm x'] },
      { line: 'timeout -s KILL -k1 5 rm x', inner: ['rm x'] },
      { line: 'timeout --sig=TERM 5 rm', inner: ['rm'] },
      { line: 'timeout -z 5 rm', opaque: true },
      { line: 'timeout 5', plain: true },
    ],
  },
  {
    names: ['nice'],
    grammar: opts('', 'n', '', `adjustment= ${HELP}`, { numeric: true }),
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'nice rm x', inner: ['rm x'] },
      { line: 'nice -n 5 rm x', inner: ['rm x'] },
      { line: 'nice -5 rm', inner: ['rm'] },
      { line: 'nice -n5 rm', inner: ['rm'] },
      { line: 'nice', plain: true },
    ],
  },
  {
    names: ['nohup'],
    grammar: opts('', '', '', HELP),
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'nohup rm x', inner: ['rm x'] },
      { line: 'nohup -- rm x', inner: ['rm x'] },
      { line: 'nohup -x rm', opaque: true },
    ],
  },
  {
    names: ['stdbuf'],
    grammar: opts('', 'ioe', '', `input= output= error= ${HELP}`),
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'stdbuf -oL rm x', inner: ['rm x'] },
      { line: 'stdbuf -i 0 -e0 rm', inner: ['rm'] },
      { line: 'stdbuf --output=0 rm', inner: ['rm'] },
    ],
  },
  {
    names: ['setsid'],
    grammar: opts('cfwhV', '', '', `ctty fork wait ${HELP}`),
    noCommand: ['h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'setsid rm x', inner: ['rm x'] },
      { line: 'setsid -fw rm', inner: ['rm'] },
      { line: 'setsid --wait rm', inner: ['rm'] },
    ],
  },
  {
    names: ['ionice'],
    grammar: opts('thV', 'cnpPu', '', `class= classdata= pid= pgid= uid= ignore ${HELP}`),
    noCommand: ['p', 'P', 'u', 'pid', 'pgid', 'uid', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'ionice -c3 rm x', inner: ['rm x'] },
      { line: 'ionice -c 2 -n 7 rm', inner: ['rm'] },
      { line: 'ionice -p 1', plain: true },
    ],
  },
  {
    names: ['chrt'],
    grammar: opts(
      'bdfioraRmpvhV',
      'TPD',
      '',
      `batch deadline fifo idle other rr reset-on-fork all-tasks max pid verbose sched-runtime= sched-period= sched-deadline= ${HELP}`,
    ),
    before: 1,
    noCommand: ['m', 'p', 'max', 'pid', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'chrt 1 rm x', inner: ['rm x'] },
      { line: 'chrt -o 0 rm', inner: ['rm'] },
      { line: 'chrt -rR 5 rm', inner: ['rm'] },
      { line: 'chrt -p 5 123', plain: true },
      { line: 'chrt 5', plain: true },
    ],
  },
  {
    names: ['taskset'],
    grammar: opts('apchV', '', '', `all-tasks pid cpu-list ${HELP}`),
    before: 1,
    noCommand: ['p', 'pid', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'taskset 1 rm x', inner: ['rm x'] },
      { line: 'taskset -c 0-3 rm', inner: ['rm'] },
      { line: 'taskset -p 1 123', plain: true },
    ],
  },
  {
    names: ['prlimit'],
    grammar: opts(
      'hV',
      'po',
      'cdefilmnqrstuvxy',
      `pid= output= noheadings raw verbose core? data? nice? fsize? sigpending? memlock? rss? nofile? msgqueue? rtprio? stack? cpu? nproc? as? locks? rttime? ${HELP}`,
    ),
    noCommand: ['p', 'pid', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'prlimit --nofile=100 rm x', inner: ['rm x'] },
      { line: 'prlimit -n rm', inner: ['rm'] },
      { line: 'prlimit -n100 -t rm', inner: ['rm'] },
    ],
  },
  {
    names: ['flock'],
    grammar: opts(
      'sexunoFhV',
      'wEc',
      '',
      `shared exclusive unlock nonblock nb close no-fork verbose timeout= wait= conflict-exit-code= command= ${HELP}`,
    ),
    before: 1,
    commandWords: ['-c', '--command'],
    noCommand: ['h', 'V', 'help', 'version'],
    opaqueOptions: {
      c: 'before the lock file is not how flock reads a command',
      command: 'before the lock file is not how flock reads a command',
    },
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'flock lk rm x', inner: ['rm x'] },
      { line: "flock -n lk -c 'rm x; ls'", inner: ['sh -c: rm x; ls'] },
      { line: 'flock -w 5 lk --command ls', inner: ['sh -c: ls'] },
      { line: 'flock 9', plain: true },
      { line: 'flock -c ls lk', opaque: true },
    ],
  },
  {
    names: ['unshare'],
    grammar: opts(
      'fcrhV',
      'RwSG',
      'muinpUCT',
      `fork map-root-user map-current-user map-auto keep-caps mount? uts? ipc? net? pid? user? cgroup? time? map-user= map-group= map-users= map-groups= kill-child? mount-proc? propagation= setgroups= root= wd= setuid= setgid= monotonic= boottime= load-interp= ${HELP}`,
    ),
    noCommand: ['h', 'V', 'help', 'version'],
    withoutCommand: 'without a command starts a shell that reads its input',
    decideOuter: true,
    examples: [
      { line: 'unshare -r rm x', inner: ['rm x'] },
      { line: 'unshare -m -- rm', inner: ['rm'] },
      { line: 'unshare --net=/run/n -f rm', inner: ['rm'] },
      { line: 'unshare -r', opaque: true },
    ],
  },
  {
    names: ['nsenter'],
    grammar: opts(
      'aFZhV',
      'tSGW',
      'muinpCUTrw',
      `all target= mount? uts? ipc? net? pid? cgroup? user? time? setuid= setgid= preserve-credentials root? wd? wdns= no-fork follow-context user-parent keep-caps ${HELP}`,
    ),
    noCommand: ['h', 'V', 'help', 'version'],
    withoutCommand: 'without a command starts a shell that reads its input',
    decideOuter: true,
    examples: [
      { line: 'nsenter -t 1 -m rm x', inner: ['rm x'] },
      { line: 'nsenter -a -t1 rm', inner: ['rm'] },
      { line: 'nsenter -t 1', opaque: true },
    ],
  },
  {
    names: ['setpriv'],
    grammar: opts(
      'dhV',
      '',
      '',
      `dump nnp no-new-privs ambient-caps= inh-caps= bounding-set= ruid= euid= rgid= egid= reuid= regid= clear-groups keep-groups init-groups groups= securebits= pdeathsig= selinux-label= apparmor-profile= landlock-access= landlock-rule= reset-env ${HELP}`,
    ),
    noCommand: ['d', 'dump', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'setpriv --reuid=1000 rm x', inner: ['rm x'] },
      { line: 'setpriv --nnp rm', inner: ['rm'] },
      { line: 'setpriv -d', plain: true },
    ],
  },
  {
    names: ['script'],
    grammar: opts(
      'aefqhVk',
      'cIOBTmEo',
      't',
      `append command= echo= return flush force log-in= log-out= log-io= log-timing= logging-format= output-limit= quiet timing? ${HELP}`,
      { permute: true },
    ),
    scriptOptions: ['c', 'command'],
    noCommand: ['h', 'V', 'help', 'version'],
    withoutCommand: 'without -c starts a shell that reads its input',
    decideOuter: true,
    examples: [
      { line: "script -qc 'rm x' /dev/null", inner: ['sh -c: rm x'] },
      { line: "script /dev/null -c 'rm x'", inner: ['sh -c: rm x'] },
      { line: 'script --comm=ls out', inner: ['sh -c: ls'] },
      { line: 'script out', opaque: true },
    ],
  },
  {
    names: ['watch'],
    grammar: opts(
      'bceghptwxv',
      'nq',
      'd',
      `beep color errexit chgexit equexit= interval= precise no-title no-wrap exec differences? no-color no-linewrap shotsdir= ${HELP}`,
    ),
    shellString: { mode: 'joined', unless: 'x' },
    noCommand: ['h', 'v', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'watch -n1 rm x', inner: ['sh -c: rm x'] },
      { line: "watch 'ls; rm x'", inner: ['sh -c: ls; rm x'] },
      { line: 'watch -x rm x', inner: ['rm x'] },
    ],
  },
  {
    names: ['sg'],
    before: 1,
    commandWords: ['-c'],
    shellString: { mode: 'single' },
    withoutCommand: 'without a command starts a shell that reads its input',
    decideOuter: true,
    examples: [
      { line: "sg staff -c 'rm x'", inner: ['sh -c: rm x'] },
      { line: "sg staff 'rm x'", inner: ['sh -c: rm x'] },
      { line: 'sg staff rm x', opaque: true },
      { line: 'sg staff', opaque: true },
    ],
  },
  {
    names: ['chroot'],
    grammar: opts('', '', '', `userspec= groups= skip-chdir ${HELP}`),
    before: 1,
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'chroot /srv rm x', inner: ['rm x'] },
      { line: 'chroot --userspec=1:1 /srv rm', inner: ['rm'] },
    ],
  },
  {
    names: ['env'],
    grammar: opts(
      'i0v',
      'uCS',
      '',
      `ignore-environment null unset= chdir= split-string= block-signal? default-signal? ignore-signal? list-signal-handling debug ${HELP}`,
      { loneDash: true },
    ),
    assignments: 'any',
    noCommand: ['help', 'version'],
    opaqueOptions: { S: 'splits a string into a command line', 'split-string': 'splits a string into a command line' },
    withoutCommand: 'plain',
    examples: [
      { line: 'env rm x', inner: ['rm x'] },
      { line: 'env -i FOO=1 rm x', inner: ['rm x'] },
      { line: 'env -u HOME -C /tmp rm', inner: ['rm'] },
      { line: "env -S 'rm x'", opaque: true },
      { line: 'env -iS rm', opaque: true },
      { line: 'env - rm', inner: ['rm'] },
      { line: 'env FOO=1', plain: true },
      { line: 'env =-i a.b=1 rm', inner: ['rm'] },
    ],
  },
  {
    names: ['sudo'],
    grammar: opts(
      'AbEHKkNnPSVvl',
      'aCcDgpRrTtUu',
      'h',
      `askpass background close-from= chdir= preserve-env? edit group= set-home host= login remove-timestamp reset-timestamp list non-interactive no-update preserve-groups prompt= chroot= role= stdin shell type= command-timeout= other-user= user= validate ${HELP}`,
    ),
    assignments: 'names',
    decideOuter: true,
    noCommand: ['l', 'list', 'v', 'validate', 'V', 'K', 'remove-timestamp', 'help', 'version'],
    opaqueOptions: {
      e: 'edits files with an editor it chooses',
      edit: 'edits files with an editor it chooses',
      i: 'runs the command through a login shell and its startup files',
      login: 'runs the command through a login shell and its startup files',
      s: 'runs the command through a shell',
      shell: 'runs the command through a shell',
    },
    withoutCommand: 'plain',
    examples: [
      { line: 'sudo rm x', inner: ['rm x'] },
      { line: 'sudo -u root -g wheel rm x', inner: ['rm x'] },
      { line: 'sudo -nu root FOO=1 rm', inner: ['rm'] },
      { line: 'sudo =x rm', opaque: true },
      { line: 'sudo -i rm', opaque: true },
      { line: 'sudo -l', plain: true },
      { line: 'sudo --user=root rm', inner: ['rm'] },
    ],
  },
  {
    names: ['doas'],
    grammar: opts('Lns', 'Cu'),
    decideOuter: true,
    noCommand: ['L', 'C'],
    opaqueOptions: { s: 'runs a shell that reads its input' },
    withoutCommand: 'plain',
    examples: [
      { line: 'doas rm x', inner: ['rm x'] },
      { line: 'doas -u root -n rm', inner: ['rm'] },
      { line: 'doas -s', opaque: true },
    ],
  },
  {
    names: ['pkexec'],
    grammar: opts('', '', '', `user= disable-internal-agent keep-cwd ${HELP}`),
    decideOuter: true,
    noCommand: ['help', 'version'],
    withoutCommand: 'without a program starts a shell',
    examples: [
      { line: 'pkexec rm x', inner: ['rm x'] },
      { line: 'pkexec --user root rm', inner: ['rm'] },
      { line: 'pkexec', opaque: true },
    ],
  },
];
