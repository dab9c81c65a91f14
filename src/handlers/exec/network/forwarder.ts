// What runs inside the sandbox before the command: a listener on 127.0.0.1 in the sandbox's own
// network namespace (tools expect HTTP_PROXY=http://host:port, not a unix socket) and the proxy
// variables pointing at it. The listener is a few lines of Perl without modules (perl-base is on
// every Debian and Ubuntu system; it starts in a few milliseconds) and dies with the sandbox's PID
// namespace. Two kinds:
// - hand-off (where the system call numbers are known): each accepted connection is passed to the
//   toolkit over the command's IPC channel (SCM_RIGHTS), so the proxy reads and writes the client's
//   own socket and the forwarder is out of the data path;
// - relay (elsewhere): one process pipes each connection to the proxy's unix socket bound into the
//   sandbox.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../../runtime/contract/errors.js';

/**
 * Where the proxy's socket and the CA bundle appear inside the sandbox: in its private /run (or
 * /tmp), a tmpfs bwrap can create mount points in. Undefined when the sandbox has neither.
 */
export function sandboxNetDir(args: readonly string[]): string | undefined {
  const tmpfs = new Set<string>();
  for (let i = 0; i < args.length - 1; i++) if (args[i] === '--tmpfs') tmpfs.add(args[i + 1]!);
  return tmpfs.has('/run') ? '/run/toolwright' : tmpfs.has('/tmp') ? '/tmp/.toolwright' : undefined;
}

// What both forwarders start with: `bye` reports a failure as "!" and the reason on stdout; the
// listener is bound to a port the kernel chooses on 127.0.0.1, which is the first line on stdout
// (bash waits for it), then stdout and stderr are closed. Linux values: AF_INET 2, SOCK_STREAM 1.
const BYE = 'sub bye{print "!@_\\n";exit 1}';
const LISTEN = [
  'socket(my $l,2,1,0)||bye("socket: $!");',
  'bind($l,pack(\'S n C4 x8\',2,0,127,0,0,1))||bye("bind: $!");',
  'listen($l,1024)||bye("listen: $!");',
  "my(undef,$p)=unpack('S n',getsockname($l));",
  '$|=1;print "$p\\n";close STDOUT;open(STDERR,">/dev/null");',
  "$SIG{PIPE}='IGNORE';",
];

// The hand-off: one poll loop on the listener and the channel. An accepted connection is sent as
// Node's own IPC message for a socket (NODE_HANDLE of type net.Socket, with the descriptor as
// SCM_RIGHTS), then closed here. What Node writes back (its acknowledgements) is read and dropped;
// the channel's end means the toolkit is gone, and so is the forwarder. The process makes itself
// non-dumpable first: nothing else in the sandbox (same user) may trace it, read its memory or take
// its descriptors, so the channel carries only what this script writes. The struct layouts are
// those of 64-bit Linux (msghdr 56 bytes, iovec 16, cmsghdr 16 + one int in 24); SOL_SOCKET 1,
// SCM_RIGHTS 1, PR_SET_DUMPABLE 4, EAGAIN 11, EINTR 4.
const HANDOFF = [
  'my($c,$m,$d)=@ARGV;',
  BYE,
  'open(my $h,"+<&=",$c)||bye("channel: $!");',
  'syscall($d,4,0,0,0,0)==0||bye("prctl: $!");',
  ...LISTEN,
  `my $j=qq(${JSON.stringify({ cmd: 'NODE_HANDLE', type: 'net.Socket', msg: { toolwright: 'connection' } })}\\n);`,
  'my $v=pack("P Q",$j,length $j);',
  'while(1){my $r="";vec($r,fileno $l,1)=1;vec($r,$c,1)=1;',
  'next if select($r,undef,undef,undef)<1;',
  'if(vec($r,$c,1)){my $n=sysread($h,my $x,4096);exit 0 if defined $n?!$n:$!!=11&&$!!=4}',
  'if(vec($r,fileno $l,1)&&accept(my $s,$l)){setsockopt($s,6,1,1);',
  'my $k=pack("Q i i i x4",20,1,1,fileno $s);',
  'my $g=pack("Q L x4 P Q P Q i x4",0,0,$v,1,$k,24,0);',
  'until(syscall($m,$c,$g,0)>=0){exit 1 if $!!=11&&$!!=4;my $w="";vec($w,$c,1)=1;select(undef,$w,undef,undef)}',
  'close $s}}',
].join('');

/** System call numbers (sendmsg, prctl) by Node's name of the architecture: 64-bit Linux only. */
const HANDOFF_SYSCALLS: Readonly<Record<string, readonly [number, number]>> = {
  x64: [46, 157],
  arm64: [211, 167],
  riscv64: [211, 167],
  loong64: [211, 167],
};

let relayOnly = false;

/** The system call numbers the hand-off needs here, or undefined where only the relay works. */
export function handoffSyscalls(): readonly [number, number] | undefined {
  return relayOnly || process.platform !== 'linux' ? undefined : HANDOFF_SYSCALLS[process.arch];
}

/**
 * Whether the command's bash runs nothing but the toolkit's own script before the hand-off's
 * prelude has closed the channel: no startup file (BASH_ENV, ENV), no function from the
 * environment (it could stand in for a builtin the prelude calls), no shell options from it
 * (SHELLOPTS with xtrace expands PS4, command substitutions included), nothing for the dynamic
 * loader (LD_PRELOAD and the rest), iconv or the locale. Where something could, the command gets the relay:
 * code that ran there would hold the channel, and what it wrote on it Node would parse.
 */
export function shellStartsClean(env: Readonly<Record<string, string>>): boolean {
  for (const [name, value] of Object.entries(env)) {
    if (/^(BASH_ENV|ENV|SHELLOPTS|BASHOPTS|GCONV_PATH|LOCPATH)$|^LD_|^BASH_FUNC_/.test(name)) return false;
    // Functions as bash before 4.3 exported them.
    if (value.startsWith('() {')) return false;
  }
  return true;
}

/** Makes every command use the relay, as on an architecture without the hand-off (tests of the relay). */
export function useRelayForwarder(on: boolean): void {
  relayOnly = on;
}

// The relay: one process, one poll loop (select), no process per connection: a connection costs an
// accept and a connect to the unix socket, nothing more. Sockets are read only when select says so
// and written with MSG_DONTWAIT, so nothing blocks the loop; bytes read from one side wait in a
// buffer of the other until it takes them (reading stops while that buffer holds 1 MiB); an end of
// input is passed on as a half-close once its buffer is written; an error on either side closes
// both. No module is loaded (each costs start-up time). Linux values: AF_INET 2, AF_UNIX 1,
// SOCK_STREAM 1, IPPROTO_TCP 6, TCP_NODELAY 1 (small writes go at once: Nagle against the client's
// delayed ACK costs 40 ms a request), MSG_DONTWAIT 64, EAGAIN 11.
const FORWARDER = [
  'my $s=shift;',
  BYE,
  ...LISTEN,
  // By descriptor: its handle, its peer, the bytes waiting to be written to it, input ended, output shut.
  'my(%h,%o,%b,%e,%x);',
  'sub drop{for(@_){next unless $h{$_};close $h{$_};delete $h{$_};delete $o{$_};delete $b{$_};delete $e{$_};delete $x{$_}}}',
  'sub out{my $f=shift;while(length $b{$f}){my $w=send($h{$f},$b{$f},64);return $!==11?1:0 unless defined $w;substr($b{$f},0,$w,"")}',
  'if($e{$o{$f}}&&!$x{$f}){$x{$f}=1;shutdown($h{$f},1)}1}',
  'while(1){my($r,$w)=("","");vec($r,fileno $l,1)=1;',
  'for(keys %h){vec($r,$_,1)=1 if !$e{$_}&&length($b{$o{$_}})<1048576;vec($w,$_,1)=1 if length $b{$_}}',
  'next if select($r,$w,undef,undef)<1;',
  'if(vec($r,fileno $l,1)&&accept(my $c,$l)){setsockopt($c,6,1,1);my $u;',
  'if(socket($u,1,1,0)&&connect($u,pack(\'S a*\',1,"$s\\0"))){my($i,$j)=(fileno $c,fileno $u);$h{$i}=$c;$h{$j}=$u;$o{$i}=$j;$o{$j}=$i;$b{$i}=$b{$j}=""}',
  'else{close $c}}',
  'for my $f(keys %h){next unless $h{$f};my $q=$o{$f};',
  'if(vec($w,$f,1)&&!out($f)){drop($f,$q);next}',
  'if(vec($r,$f,1)){my $n=sysread($h{$f},my $d,65536);',
  'if($n){$b{$q}.=$d;out($q)||drop($f,$q)}elsif(defined $n){$e{$f}=1;out($q)||drop($f,$q)}else{drop($f,$q)}}',
  'drop($f,$q) if $h{$f}&&$e{$f}&&$e{$q}&&$x{$f}&&$x{$q}}}',
].join('');

/** The variables pointing tools at the forwarder's port (`$__twp`), exported. */
function exportProxy(): string {
  const url = 'http://127.0.0.1:$__twp';
  const exports = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy']
    .map((name) => `${name}=${url}`)
    .concat(['npm_config_proxy=' + url, 'npm_config_https_proxy=' + url]);
  return `export ${exports.join(' ')};`;
}

/**
 * Shell text (bash) that starts a forwarder script, waits until it listens and exports the proxy
 * variables. Perl gets no environment (`exec -c`): PERL5OPT or PERL5LIB set for the command must
 * not load anything into it; `redirects` are the descriptors it gets or loses.
 */
function startPrelude(perl: string, script: string, args: string, redirects: string): string {
  const quoted = `'${script.replace(/'/g, `'\\''`)}'`;
  return [
    `{ read -r __twp; } < <(exec -c ${perl} -e ${quoted} ${args} ${redirects} </dev/null 2>&1);`,
    `case "$__twp" in ''|*[!0-9]*) printf '%s\\n' "toolwright: the sandbox's network forwarder did not start (\${__twp:-no answer}); the command was not run" >&2; exit 125;; esac;`,
    exportProxy(),
    'unset __twp;',
  ].join(' ');
}

/** Shell text (bash) starting the relay to the proxy's unix socket at `socket` (inside the sandbox). */
export function forwarderPrelude(perl: string, socket: string): string {
  return startPrelude(perl, FORWARDER, socket, '3<&- 4>&-');
}

/**
 * Shell text (bash) starting the hand-off on the IPC channel at descriptor `channel`, which only
 * the forwarder keeps: the shell closes it, and the command never sees Node's channel variables.
 */
export function handoffPrelude(perl: string, channel: number, syscalls: readonly [number, number]): string {
  return [
    startPrelude(
      perl,
      HANDOFF,
      `${channel} ${syscalls[0]} ${syscalls[1]}`,
      [3, 4]
        .filter((fd) => fd !== channel)
        .map((fd) => `${fd}<&-`)
        .join(' '),
    ),
    `exec ${channel}>&-;`,
    'unset NODE_CHANNEL_FD NODE_CHANNEL_SERIALIZATION_MODE;',
  ].join(' ');
}

let perlFile: string | null | undefined;

/** The perl binary (a system one, which the sandbox shows read-only); UNAVAILABLE when there is none. */
export function findPerl(): string {
  if (perlFile === undefined) {
    perlFile = null;
    for (const file of ['/usr/bin/perl', '/bin/perl', '/usr/local/bin/perl']) {
      try {
        accessSync(file, constants.X_OK);
        if (statSync(file).isFile()) {
          perlFile = path.resolve(file);
          break;
        }
      } catch {
        /* not here */
      }
    }
  }
  if (perlFile === null)
    throw new ToolError(
      'UNAVAILABLE',
      'exec.network with an allow list needs perl (Debian/Ubuntu: perl-base) for the forwarder inside the sandbox, and it is not installed, so the command was not run',
    );
  return perlFile;
}

/**
 * Variables that point tools at some other proxy, or exempt hosts from it, whatever their case
 * (npm_config_proxy, PIP_PROXY, NO_PROXY, GIT_PROXY_COMMAND …): left out so that tools use ours.
 */
export function isProxyVariable(name: string): boolean {
  return /proxy/i.test(name);
}

/** The static part of a sandboxed command's network environment (the port-bound part is exported by the prelude). */
export function proxyEnvironment(env: Record<string, string>): void {
  for (const name of Object.keys(env)) if (isProxyVariable(name)) delete env[name];
  env.NO_PROXY = '';
  env.no_proxy = '';
  // Node reads the proxy variables for fetch() only with this (Node 24, 22.21 and later); older Node ignores them.
  env.NODE_USE_ENV_PROXY = '1';
}
