// The command's proxy listener, made from outside the sandbox: a TCP socket on 127.0.0.1 in the
// sandbox's own network namespace (tools expect HTTP_PROXY=http://host:port, not a unix socket),
// created by a small Perl process of the toolkit's own before the command starts, and handed to
// the proxy, which then accepts every connection of the command itself. Nothing of it runs in the
// sandbox: no process, no channel, nothing a command could reach. One helper per proxy, started
// on first use with an empty environment: it enters the namespace, makes the listener and passes
// it over its IPC channel (SCM_RIGHTS, as Node's own NODE_HANDLE message for a net.Server).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:net';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { SandboxTarget } from '../process/spawn.js';

/** How long one listener may take before the command is refused. */
const LISTENER_TIMEOUT_MS = 10_000;

// Linux values: CLONE_NEWUSER 0x10000000, CLONE_NEWNET 0x40000000, NS_GET_USERNS 0xb701, EPERM 1,
// AF_INET 2, SOCK_STREAM 1, IPPROTO_IP 0, IP_FREEBIND 15 (bwrap may not have brought the loopback
// up yet: the address is bound before it exists), SOL_SOCKET 1, SCM_RIGHTS 1, EAGAIN 11, EINTR 4.
// The struct layouts are those of 64-bit Linux (msghdr 56 bytes, iovec 16, cmsghdr 16 + one int
// in 24). A request is one JSON line the toolkit sends; anything else on the channel (Node's
// acknowledgements) is dropped. The namespace must be the one bwrap reported for the process (its
// inode), never the helper's own: a process that died and whose number was taken again gets no
// listener, and neither does the host's network.
// Root enters the namespace and comes back (its own held open; the helper ends if it cannot
// return). Another user must enter the user namespace that owns it, which cannot be left: that is
// done by a spare, a child forked ahead while the helper is idle (a fork costs milliseconds), which
// handles one request and ends.
const HELPER = [
  'my($c,$s,$m)=@ARGV;',
  'open(my $h,"+<&=",$c)||exit 1;',
  "$SIG{CHLD}='IGNORE';$SIG{PIPE}='IGNORE';",
  'open(my $home,"<","/proc/self/ns/net")||exit 1;',
  'my($a,$y)=((stat($home))[1],(stat("/proc/self/ns/user"))[1]);',
  'my($i,$away,$z);my $direct=$>==0;',
  'sub reply{my $e=join("",@_);$e=~s/[^ -~]|["\\\\]//g;syswrite($h,qq({"toolwright":"listener","id":$i,"error":"$e"}\\n))}',
  // The listener in the namespace of process $p (inode $t) on port $o; dies with the reason.
  'sub make{my($p,$t,$o,$user)=@_;',
  'open(my $n,"<","/proc/$p/ns/net")||die "the sandbox process is gone: $!\\n";',
  '(stat($n))[1]==$t||die "process $p is no longer the sandbox\\n";',
  '$a!=$t||die "the namespace is the host\'s own\\n";',
  'if($user){my $u=ioctl($n,0xb701,0);defined $u||die "the namespace\'s owner: $!\\n";',
  'open(my $w,"<&=",0+$u)||die "the namespace\'s owner: $!\\n";',
  'if((stat($w))[1]!=$y){syscall($s,fileno $w,0x10000000)==0||die "entering the user namespace: $!\\n"}}',
  'syscall($s,fileno $n,0x40000000)==0||die(($!==1?"EPERM ":"")."entering the network namespace: $!\\n");',
  '$away=1;socket(my $l,2,1,0)||die "socket: $!\\n";',
  'setsockopt($l,0,15,1)||die "IP_FREEBIND: $!\\n";',
  'bind($l,pack("S n C4 x8",2,$o,127,0,0,1))||die "bind: $!\\n";',
  'listen($l,1024)||die "listen: $!\\n";$l}',
  // Sent as Node's message for a net.Server, the descriptor as SCM_RIGHTS.
  'sub hand{my $l=shift;',
  'my $j=qq({"cmd":"NODE_HANDLE","type":"net.Server","msg":{"toolwright":"listener","id":$i}}\\n);',
  'my $v=pack("P Q",$j,length $j);my $k=pack("Q i i i x4",20,1,1,fileno $l);',
  'my $g=pack("Q L x4 P Q P Q i x4",0,0,$v,1,$k,24,0);',
  'until(syscall($m,$c,$g,0)>=0){exit 1 if $!!=11&&$!!=4;my $x="";vec($x,$c,1)=1;select(undef,$x,undef,undef)}}',
  'sub spare{pipe(my $r,my $w)||return undef;my $f=fork;return undef unless defined $f;',
  'if(!$f){close $w;my $q=<$r>;exit 0 unless defined $q;chomp $q;my @q=split(/ /,$q);$i=$q[0];',
  'my $l=eval{make(@q[1..3],1)};$l?hand($l):reply($@=~s/^EPERM //r);exit 0}',
  'close $r;return $w}',
  'my $b="";',
  'while(1){my $r="";vec($r,$c,1)=1;my $e=select($r,undef,undef,$z||$direct?undef:0.05);',
  '$z//=spare() if $e==0;next if $e<1;',
  'my $n=sysread($h,$b,65536,length $b);',
  'if(!defined $n){next if $!==11||$!==4;exit 0}exit 0 if !$n;',
  'while($b=~s/^([^\\n]*)\\n//){my $q=$1;',
  'next unless $q=~/^\\{"toolwright":"listen","id":(\\d+),"pid":(\\d+),"net":(\\d+),"port":(\\d+)\\}$/;',
  'my @q=($1,$2,$3,$4);$i=$q[0];',
  'if($direct){my $l=eval{make(@q[1..3],0)};my $w=$@;',
  'if($away){syscall($s,fileno $home,0x40000000)==0||exit 1;(stat("/proc/self/ns/net"))[1]==$a||exit 1;$away=0}',
  'if($l){hand($l);close $l;next}',
  'if($w!~/^EPERM /){reply($w);next}$direct=0}',
  '$z//=spare();if(!$z){reply("fork: $!");next}',
  'syswrite($z,"@q\\n");close $z;$z=undef}}',
].join('');

/** System call numbers (setns, sendmsg) by Node's name of the architecture: 64-bit Linux only. */
const LISTENER_SYSCALLS: Readonly<Record<string, readonly [number, number]>> = {
  x64: [308, 46],
  arm64: [268, 211],
  riscv64: [268, 211],
  loong64: [268, 211],
};

let relayOnly = false;
let numbers: readonly [number, number] | undefined;

/** The system call numbers the helper needs here, or undefined where only the relay works. */
export function listenerSyscalls(): readonly [number, number] | undefined {
  return relayOnly || process.platform !== 'linux' ? undefined : (numbers ?? LISTENER_SYSCALLS[process.arch]);
}

/** Gives the helper other system call numbers (tests: a helper that fails), or the real ones again. */
export function useListenerSyscalls(given: readonly [number, number] | undefined): void {
  numbers = given;
}

/** The helper's Perl text (tests run it as another user). */
export function listenerHelperScript(): string {
  return HELPER;
}

/** Makes every command use the relay, as on an architecture without the helper (tests of the relay, the bench). */
export function useRelayForwarder(on: boolean): void {
  relayOnly = on;
}

interface Pending {
  resolve(server: Server): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The toolkit's helper making listeners in sandboxes' network namespaces. */
export class ListenerMaker {
  readonly #perl: string;
  readonly #syscalls: readonly [number, number];
  readonly #pending = new Map<number, Pending>();
  #helper: ChildProcess | undefined;
  #next = 0;
  #closed = false;

  constructor(perl: string, syscalls: readonly [number, number]) {
    this.#perl = perl;
    this.#syscalls = syscalls;
  }

  /** A listener on 127.0.0.1:`port` in the namespace of `target`; rejects with the reason it cannot be made. */
  listen(target: SandboxTarget, port: number): Promise<Server> {
    if (this.#closed)
      return Promise.reject(new ToolError('UNAVAILABLE', 'the toolkit is closed; its network proxy is gone'));
    const helper = this.#start();
    const id = ++this.#next;
    return new Promise<Server>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`no listener after ${LISTENER_TIMEOUT_MS / 1000} s`));
        // A helper that does not answer is not asked again: the next request starts another.
        if (this.#helper === helper) {
          helper.kill('SIGKILL');
          this.#helper = undefined;
          for (const other of [...this.#pending.keys()]) this.#settle(other, new Error('the listener helper hung'));
        }
      }, LISTENER_TIMEOUT_MS);
      this.#pending.set(id, { resolve, reject, timer });
      helper.channel?.ref();
      helper.send(
        {
          toolwright: 'listen',
          id,
          pid: Math.trunc(target.pid),
          net: Math.trunc(target.netns),
          port: Math.trunc(port),
        },
        (error) => {
          if (error) this.#settle(id, error);
        },
      );
    });
  }

  close(): void {
    this.#closed = true;
    this.#helper?.kill('SIGKILL');
    this.#helper = undefined;
    for (const id of [...this.#pending.keys()]) this.#settle(id, new Error('the toolkit was closed'));
  }

  #start(): ChildProcess {
    if (this.#helper) return this.#helper;
    // No environment (PERL5OPT, PERL5LIB: nothing loads into it); the channel on descriptor 3.
    const helper = spawn(this.#perl, ['-e', HELPER, '3', String(this.#syscalls[0]), String(this.#syscalls[1])], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {},
      windowsHide: true,
    });
    this.#helper = helper;
    helper.on('message', (message: unknown, handle: unknown) => {
      const reply = message as { toolwright?: unknown; id?: unknown; error?: unknown } | null;
      const server = isServer(handle) ? handle : undefined;
      if (reply?.toolwright !== 'listener' || typeof reply.id !== 'number' || !this.#pending.has(reply.id)) {
        server?.close();
        return;
      }
      if (server) this.#settle(reply.id, undefined, server);
      else this.#settle(reply.id, new Error(typeof reply.error === 'string' ? reply.error : 'no listener came back'));
    });
    const gone = (why: string) => {
      if (this.#helper !== helper) return;
      this.#helper = undefined;
      for (const id of [...this.#pending.keys()]) this.#settle(id, new Error(why));
    };
    helper.on('error', (error) => gone(`the listener helper (perl) could not run: ${error.message}`));
    helper.on('exit', (code, signal) => gone(`the listener helper (perl) ended (${signal ?? `exit ${code}`})`));
    helper.unref();
    helper.channel?.unref();
    return helper;
  }

  #settle(id: number, error: Error | undefined, server?: Server): void {
    const pending = this.#pending.get(id);
    if (!pending) {
      server?.close();
      return;
    }
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    this.#idle();
    if (server) pending.resolve(server);
    else pending.reject(error ?? new Error('no listener came back'));
  }

  /** With nothing pending, the helper holds the host's event loop open no more. */
  #idle(): void {
    if (this.#pending.size === 0) this.#helper?.channel?.unref();
  }
}

function isServer(handle: unknown): handle is Server {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Server).listen === 'function' &&
    typeof (handle as Server).close === 'function'
  );
}
