// More of the wrapper table: tracers and debuggers, sandboxes and service managers, network
// wrappers, terminal helpers and multiplexers. Same format as wrapper-table.ts.
import type { WrapperEntry } from './wrapper-entry.js';
import { opts } from './wrapper-table.js';

const HELP = 'help version';
const SHELL = 'without a command starts a shell that reads its input';

export const TOOL_WRAPPERS: readonly WrapperEntry[] = [
  {
    names: ['strace'],
    grammar: opts(
      'AcCdDfFhiknqrtTvVwxyYzZ',
      'abeEIoOpPsSuUX',
      '',
      `output= attach= env= trace= signal= status= quiet? decode-fds? follow-forks output-separately summary-only summary columns= string-limit= user= ${HELP}`,
    ),
    noCommand: ['p', 'attach', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'strace rm x', inner: ['rm x'] },
      { line: 'strace -f -e trace=execve -o log rm', inner: ['rm'] },
      { line: 'strace -p 1', plain: true },
    ],
  },
  {
    names: ['ltrace'],
    grammar: opts('abcCdfhiLrStTVx', 'AaDeFlnopsuwx', '', `demangle library= output= ${HELP}`),
    noCommand: ['p', 'h', 'V', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'ltrace rm x', inner: ['rm x'] },
      { line: 'ltrace -f -o log rm', inner: ['rm'] },
    ],
  },
  {
    names: ['valgrind'],
    grammar: opts('qvhd', '', '', '', { anyLong: true }),
    noCommand: ['h', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'valgrind rm x', inner: ['rm x'] },
      { line: 'valgrind -q --tool=memcheck --leak-check=full rm', inner: ['rm'] },
    ],
  },
  {
    names: ['gdb', 'lldb', 'cgdb'],
    opaque: 'runs commands from its arguments, its input and init files (`-ex`, `!cmd`, `shell`)',
    withoutCommand: 'plain',
    examples: [
      { line: 'gdb --args rm x', opaque: true },
      { line: 'gdb -batch -ex run ./a', opaque: true },
    ],
  },
  {
    names: ['faketime'],
    grammar: opts('fmh', 'p', '', 'exclude-monotonic date-prog= help'),
    before: 1,
    noCommand: ['h', 'help'],
    withoutCommand: 'plain',
    examples: [
      { line: "faketime '2020-01-01' rm x", inner: ['rm x'] },
      { line: 'faketime -f +1d rm', inner: ['rm'] },
    ],
  },
  {
    names: ['firejail'],
    grammar: opts('', '', '', '', { anyLong: true }),
    noCommand: ['help', 'version', 'list', 'tree', 'top'],
    withoutCommand: SHELL,
    decideOuter: true,
    opaqueOptions: { shell: { values: /./, reason: 'runs the command through a shell it names' } },
    examples: [
      { line: 'firejail --net=none rm x', inner: ['rm x'] },
      { line: 'firejail', opaque: true },
    ],
  },
  {
    names: ['bwrap'],
    grammar: opts(
      '',
      '',
      '',
      'unshare-all unshare-user unshare-user-try unshare-ipc unshare-pid unshare-net unshare-uts unshare-cgroup unshare-cgroup-try share-net die-with-parent new-session as-pid-1 clearenv ' +
        'dev= proc= tmpfs= dir= chdir= unsetenv= hostname= uid= gid= remount-ro= mqueue= perms= size= chmod== ' +
        `bind== ro-bind== dev-bind== bind-try== ro-bind-try== dev-bind-try== symlink== setenv== ${HELP}`,
      { exactLong: true },
    ),
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'bwrap --ro-bind / / --dev /dev rm x', inner: ['rm x'] },
      { line: 'bwrap --unshare-all --bind /a /b -- rm', inner: ['rm'] },
      { line: 'bwrap --args 3 rm', opaque: true },
    ],
  },
  {
    names: ['systemd-run'],
    grammar: opts(
      'GdtPqSrh',
      'pEuM',
      '',
      `unit= property= description= slice= scope user system wait pipe pty quiet collect service-type= uid= gid= nice= working-directory= same-dir setenv= machine= host= no-block shell no-ask-password ${HELP}`,
    ),
    opaqueOptions: { S: 'starts an interactive shell', shell: 'starts an interactive shell' },
    noCommand: ['h', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'systemd-run --user --wait rm x', inner: ['rm x'] },
      { line: 'systemd-run -p MemoryMax=1G -t rm', inner: ['rm'] },
      { line: 'systemd-run --shell', opaque: true },
    ],
  },
  {
    names: ['ssh'],
    grammar: opts('46AaCfGgKkMNnqsTtVvXxYy', 'BbcDEeFIiJLlmOoPpQRSWw'),
    before: 1,
    remote: "runs its command through the remote host's shell, which the policy cannot check",
    opaqueOptions: {
      o: {
        values: /^\s*(proxycommand|localcommand|permitlocalcommand|knownhostscommand|remotecommand|match|include)/i,
        reason: 'makes ssh run a local command',
      },
      F: 'reads a configuration file that may make it run local commands',
    },
    withoutCommand: 'plain',
    examples: [
      { line: 'ssh host rm x', opaque: true },
      { line: 'ssh -p 22 host', plain: true },
      { line: "ssh -o 'ProxyCommand=rm x' host", opaque: true },
    ],
  },
  {
    names: ['parallel', 'sem'],
    opaque: 'runs its command through a shell with its input substituted',
    withoutCommand: 'plain',
    examples: [{ line: 'parallel rm ::: a b', opaque: true }],
  },
  {
    names: ['screen', 'tmux', 'byobu', 'dtach', 'abduco'],
    opaque: 'runs commands in a terminal session through a shell',
    withoutCommand: 'plain',
    examples: [{ line: 'tmux new-session rm', opaque: true }],
  },
  {
    names: ['sudoedit', 'newgrp', 'schroot', 'fakeroot-ng', 'expect'],
    opaque: 'starts a shell or an editor that reads commands the policy cannot see',
    withoutCommand: 'plain',
    examples: [{ line: 'newgrp staff', opaque: true }],
  },
  {
    names: ['caffeinate'],
    grammar: opts('dimsu', 'tw'),
    withoutCommand: 'plain',
    examples: [
      { line: 'caffeinate -i rm x', inner: ['rm x'] },
      { line: 'caffeinate -t 5 rm', inner: ['rm'] },
    ],
  },
  {
    names: ['catchsegv'],
    withoutCommand: 'plain',
    examples: [{ line: 'catchsegv rm x', inner: ['rm x'] }],
  },
  {
    names: ['numactl'],
    grammar: opts(
      'alsHbh',
      'iNmpCP',
      '',
      `all interleave= cpunodebind= membind= preferred= preferred-many= physcpubind= localalloc show hardware balancing ${HELP}`,
    ),
    noCommand: ['s', 'show', 'H', 'hardware', 'h', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'numactl -N 0 rm x', inner: ['rm x'] },
      { line: 'numactl --interleave=all rm', inner: ['rm'] },
      { line: 'numactl -s', plain: true },
    ],
  },
  {
    names: ['cgexec'],
    grammar: opts('h', 'g', '', 'sticky'),
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'cgexec -g cpu:/a rm x', inner: ['rm x'] },
      { line: 'cgexec --sticky -g cpu:a rm', inner: ['rm'] },
    ],
  },
  {
    names: ['torsocks'],
    grammar: opts('iqdh6', 'uapP', '', `user= pass= address= port= isolate quiet debug ${HELP}`),
    opaqueOptions: { shell: 'starts a shell' },
    noCommand: ['h', 'help', 'version'],
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [
      { line: 'torsocks rm x', inner: ['rm x'] },
      { line: 'torsocks -i -P 9050 rm', inner: ['rm'] },
    ],
  },
  {
    names: ['proxychains', 'proxychains4'],
    grammar: opts('q', 'f'),
    withoutCommand: 'plain',
    decideOuter: true,
    examples: [{ line: 'proxychains4 -q -f p.conf rm x', inner: ['rm x'] }],
  },
  {
    names: ['dbus-launch'],
    grammar: opts('', '', '', '', { anyLong: true }),
    noCommand: ['help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'dbus-launch --exit-with-session rm x', inner: ['rm x'] },
      { line: 'dbus-launch --sh-syntax', plain: true },
    ],
  },
  {
    names: ['xvfb-run'],
    grammar: opts(
      'alh',
      'efnpsw',
      '',
      `auto-servernum error-file= auth-file= server-num= listen-tcp xauth-protocol= server-args= wait= ${HELP}`,
    ),
    noCommand: ['h', 'help'],
    withoutCommand: 'plain',
    examples: [
      { line: 'xvfb-run -a rm x', inner: ['rm x'] },
      { line: "xvfb-run -s '-screen 0 1x1x8' rm", inner: ['rm'] },
    ],
  },
  {
    names: ['unbuffer'],
    grammar: opts('p'),
    withoutCommand: 'plain',
    examples: [{ line: 'unbuffer -p rm x', inner: ['rm x'] }],
  },
  {
    names: ['rlwrap'],
    grammar: opts(
      'AcEhiInNrRUvX',
      'bCDefFgHlMoOPqsStwz',
      'amp',
      `always-readline complete-filenames help version ${HELP}`,
    ),
    noCommand: ['h', 'v', 'help', 'version'],
    withoutCommand: 'plain',
    examples: [
      { line: 'rlwrap -c rm x', inner: ['rm x'] },
      { line: 'rlwrap -f words rm', inner: ['rm'] },
    ],
  },
  {
    names: ['entr'],
    grammar: opts('acdnprsz'),
    shellString: { mode: 'single', when: 's' },
    withoutCommand: 'plain',
    examples: [
      { line: 'entr rm x', inner: ['rm x'] },
      { line: "entr -s 'rm x; ls'", inner: ['sh -c: rm x; ls'] },
      { line: 'entr -rc rm', inner: ['rm'] },
    ],
  },
  {
    names: ['busybox'],
    grammar: opts('', '', '', 'list list-full install help'),
    noCommand: ['list', 'list-full', 'help'],
    opaqueOptions: { install: 'installs applet links' },
    withoutCommand: 'plain',
    examples: [
      { line: 'busybox rm x', inner: ['rm x'] },
      { line: "busybox sh -c 'rm x'", inner: ['sh -c rm x'] },
      { line: 'busybox --list', plain: true },
    ],
  },
];
