// The proxy variables of a sandboxed command, and the relay: where the toolkit cannot make the
// command's listener from outside (listener.ts: an architecture whose system call numbers it does
// not know, a kernel or bwrap that will not let it enter the namespace), a few lines of Perl
// without modules (perl-base is on every Debian and Ubuntu system) listen on 127.0.0.1 inside the
// sandbox before the command and pipe each connection to the proxy's unix socket bound into it;
// the relay dies with the sandbox's PID namespace.
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

// The relay: one process, one poll loop (select), no process per connection: a connection costs an
// accept and a connect to the unix socket, nothing more. Sockets are read only when select says so
// and written with MSG_DONTWAIT, so nothing blocks the loop; bytes read from one side wait in a
// buffer of the other until it takes them (reading stops while that buffer holds 1 MiB); an end of
// input is passed on as a half-close once its buffer is written; an error on either side closes
// both. No module is loaded (each costs start-up time). Linux values: AF_INET 2, AF_UNIX 1,
// SOCK_STREAM 1, IPPROTO_TCP 6, TCP_NODELAY 1 (small writes go at once: Nagle against the client's
// delayed ACK costs 40 ms a request), MSG_DONTWAIT 64, EAGAIN 11. The port (chosen by the kernel)
// is the first line on stdout (bash waits for it); a failure is "!" and the reason.
const FORWARDER = [
  'my $s=shift;',
  'sub bye{print "!@_\\n";exit 1}',
  'socket(my $l,2,1,0)||bye("socket: $!");',
  'bind($l,pack(\'S n C4 x8\',2,0,127,0,0,1))||bye("bind: $!");',
  'listen($l,1024)||bye("listen: $!");',
  "my(undef,$p)=unpack('S n',getsockname($l));",
  '$|=1;print "$p\\n";close STDOUT;open(STDERR,">/dev/null");',
  "$SIG{PIPE}='IGNORE';",
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

/** The variables that point tools at the proxy, by name: the usual ones and npm's. */
const PROXY_URL_VARIABLES = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'npm_config_proxy',
  'npm_config_https_proxy',
];

/** The variables pointing tools at the relay's port (`$__twp`), exported. */
function exportProxy(): string {
  return `export ${PROXY_URL_VARIABLES.map((name) => `${name}=http://127.0.0.1:$__twp`).join(' ')};`;
}

/**
 * Shell text (bash) that starts the relay script, waits until it listens and exports the proxy
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
      "exec.network with an allow list needs perl (Debian/Ubuntu: perl-base) to make the command's listener, and it is not installed, so the command was not run",
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

/**
 * A sandboxed command's network environment: the proxy at `port` when it is known before the
 * command starts (the listener made from outside), else the relay's prelude exports it.
 */
export function proxyEnvironment(env: Record<string, string>, port?: number): void {
  for (const name of Object.keys(env)) if (isProxyVariable(name)) delete env[name];
  if (port !== undefined) for (const name of PROXY_URL_VARIABLES) env[name] = `http://127.0.0.1:${port}`;
  env.NO_PROXY = '';
  env.no_proxy = '';
  // Node reads the proxy variables for fetch() only with this (Node 24, 22.21 and later); older Node ignores them.
  env.NODE_USE_ENV_PROXY = '1';
}
