// The command's listener, made from outside its sandbox: a TCP listener in the sandbox's own
// network namespace, made by the toolkit's helper before the command starts (bwrap holds it back),
// served by the proxy in this process; never in the host's network, never in a namespace other
// than the one bwrap reported for the sandbox (a process gone and its number taken again), also
// when the toolkit does not run as root. Where it cannot be made, the command runs with the relay.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findPerl } from '../../src/handlers/exec/network/forwarder.js';
import {
  ListenerMaker,
  listenerHelperScript,
  listenerSyscalls,
  useListenerSyscalls,
} from '../../src/handlers/exec/network/listener.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, tableResolver } from '../support/network.js';
import { scaled } from '../support/time.js';
import { netToolkit, sh, useNetworkWorkspace } from './sandbox-network.js';

useNetworkWorkspace();

const makers: ListenerMaker[] = [];
afterEach(() => {
  for (const maker of makers.splice(0)) maker.close();
  useListenerSyscalls(undefined);
});

/** A port nothing listens on in this host's network (bound and let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a connection to 127.0.0.1:`port` in this host's network is accepted. */
function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A sandbox held back by bwrap (`--block-fd`) whose command connects to 127.0.0.1:`port` and
 * prints the first line it reads; its report (`--info-fd`) parsed.
 */
async function heldSandbox(port: number): Promise<{
  child: ChildProcess;
  target: { pid: number; netns: number };
  release(): Promise<string>;
}> {
  const child = spawn(
    'bwrap',
    [
      '--info-fd',
      '3',
      '--block-fd',
      '4',
      '--unshare-all',
      '--die-with-parent',
      '--ro-bind',
      '/',
      '/',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      'bash',
      '-c',
      `exec 5<>/dev/tcp/127.0.0.1/${port} && head -1 <&5`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'] },
  );
  const report = await new Promise<Record<string, number>>((resolve, reject) => {
    let text = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      text += String(chunk);
      try {
        resolve(JSON.parse(text) as Record<string, number>);
      } catch {
        /* not whole yet */
      }
    });
    child.once('exit', () => reject(new Error(`bwrap ended without a report: ${text}`)));
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (out += String(chunk)));
  return {
    child,
    target: { pid: report['child-pid']!, netns: report['net-namespace']! },
    release: async () => {
      (child.stdio[4] as NodeJS.WritableStream).end('1');
      await new Promise((resolve) => child.once('exit', resolve));
      return out;
    },
  };
}

function answering(server: Server, line: string): void {
  server.on('connection', (socket) => socket.end(`${line}\n`));
}

describe.runIf(runSandboxTests && listenerSyscalls() !== undefined)(
  'the listener made from outside the sandbox',
  () => {
    it("listens in the sandbox's namespace only: the command reaches it, the host's network does not", async () => {
      const maker = new ListenerMaker(findPerl(), listenerSyscalls()!);
      makers.push(maker);
      const port = await freePort();
      const sandbox = await heldSandbox(port);
      const server = await maker.listen(sandbox.target, port);
      answering(server, 'hello from the proxy');
      expect(await reachable(port)).toBe(false);
      expect(await sandbox.release()).toBe('hello from the proxy\n');
      server.close();
      // A second sandbox gets its own, on the same port: namespaces do not share one.
      const again = await heldSandbox(port);
      const second = await maker.listen(again.target, port);
      answering(second, 'second');
      expect(await again.release()).toBe('second\n');
      second.close();
    });

    it('makes none in a namespace other than the one bwrap reported, in the host, or for a process gone', async () => {
      const maker = new ListenerMaker(findPerl(), listenerSyscalls()!);
      makers.push(maker);
      const port = await freePort();
      const sandbox = await heldSandbox(port);
      const own = statSync('/proc/self/ns/net').ino;
      const refusals = await Promise.all(
        [
          // The sandbox's process, but another namespace than reported (its number taken by another).
          { pid: sandbox.target.pid, netns: sandbox.target.netns + 1 },
          // This process, whose namespace is the host's: named as reported, still refused.
          { pid: process.pid, netns: own },
          // A process that does not exist.
          { pid: 2 ** 22 + 17, netns: sandbox.target.netns },
        ].map((target) =>
          maker.listen(target, port).then(
            (server) => (server.close(), 'made'),
            (error: Error) => error.message,
          ),
        ),
      );
      expect(refusals[0]).toMatch(/no longer the sandbox/);
      expect(refusals[1]).toMatch(/host's own/);
      expect(refusals[2]).toMatch(/process is gone/);
      expect(await reachable(port)).toBe(false);
      // The helper still serves: the real sandbox gets its listener.
      const server = await maker.listen(sandbox.target, port);
      answering(server, 'still');
      expect(await sandbox.release()).toBe('still\n');
      server.close();
    });

    it.runIf(process.getuid?.() === 0)(
      'works for a toolkit that is not root (the namespace entered through the user namespace that owns it)',
      async () => {
        // A node process as nobody starts the sandbox and the helper, and serves the one connection.
        const script = `
        const { spawn } = require('child_process');
        const [perl, setns, sendmsg, port] = process.argv.slice(1);
        const sandbox = spawn('bwrap', ['--info-fd', '3', '--block-fd', '4', '--unshare-all', '--die-with-parent',
          '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', 'bash', '-c',
          'exec 5<>/dev/tcp/127.0.0.1/' + port + ' && head -1 <&5'], { stdio: ['ignore', 'inherit', 'inherit', 'pipe', 'pipe'] });
        let text = '';
        sandbox.stdio[3].on('data', (chunk) => {
          text += chunk;
          let report;
          try { report = JSON.parse(text); } catch { return; }
          const helper = spawn(perl, ['-e', process.env.HELPER, '3', setns, sendmsg], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: {} });
          helper.on('message', (message, server) => {
            if (!server) { console.log('refused: ' + message.error); sandbox.kill('SIGKILL'); helper.kill('SIGKILL'); process.exit(0); }
            server.on('connection', (socket) => socket.end('uid ' + process.getuid() + '\\n'));
            sandbox.stdio[4].end('1');
            sandbox.on('exit', () => { server.close(); helper.kill(); });
          });
          helper.send({ toolwright: 'listen', id: 1, pid: report['child-pid'], net: report['net-namespace'], port: Number(port) });
        });
      `;
        const [setns, sendmsg] = listenerSyscalls()!;
        const child = spawn(
          process.execPath,
          ['-e', script, findPerl(), String(setns), String(sendmsg), String(await freePort())],
          {
            uid: 65534,
            gid: 65534,
            cwd: '/',
            env: { PATH: '/usr/bin:/bin', HELPER: listenerHelperScript() },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
        child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
        await new Promise((resolve) => child.once('exit', resolve));
        expect(out).toBe('uid 65534\n');
      },
      scaled(30_000),
    );

    it(
      'gives the command the relay where the listener cannot be made, and the toolkit keeps to it',
      async () => {
        // A system call number that is none: entering the namespace fails as on a kernel that refuses it.
        useListenerSyscalls([999_999, listenerSyscalls()![1]]);
        const server = await httpServer();
        const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
        const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, lookup);
        const perls = 'for p in /proc/[0-9]*; do [ "$(cat $p/comm 2>/dev/null)" = perl ] && echo perl; done';
        const first = await sh(toolkit, `curl -sS http://api.test:${server.port}/first; ${perls}`);
        const second = await sh(toolkit, `curl -sS http://api.test:${server.port}/second; ${perls}`);
        // The relay's forwarder runs inside each sandbox; the command ran once.
        expect(first.stdout).toBe('hello GET /first\nperl\n');
        expect(second.stdout).toBe('hello GET /second\nperl\n');
        expect(server.seen.map((request) => request.url)).toEqual(['/first', '/second']);
      },
      scaled(30_000),
    );
  },
);
