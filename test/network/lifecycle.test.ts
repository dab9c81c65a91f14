// The proxy's life: made on the first command that needs it (never for one that does not), one per
// toolkit serving all its calls (foreground and background), a listener per command removed when
// the command ends (the relay's socket and forwarder, or the listener made in its namespace), and
// nothing left after close(): no folder, no socket, no listener, no forwarder, no helper. A background
// job's refusals are its notes; refused and allowed connections are audit entries of the call.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { listenerSyscalls, useRelayForwarder } from '../../src/handlers/exec/network/listener.js';
import { openStore } from '../../src/index.js';
import type { BashOutputResult } from '../../src/generated/types.js';
import { runSandboxTests, waitFor } from '../support/exec-helpers.js';
import { httpServer, tableResolver } from '../support/network.js';
import { scaled } from '../support/time.js';
import { netToolkit, proxyFolders, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const loopback = tableResolver({ 'api.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
const network = { allow: ['api.test'], allowPrivate: true };

/** Whether something listens on a unix socket. */
function listening(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = connect(socket);
    client.once('connect', () => (client.destroy(), resolve(true)));
    client.once('error', () => resolve(false));
  });
}

function read(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return '';
  }
}

/**
 * Pids of the perl processes running below a process whose command line holds `mark` (the bwrap of
 * one command: other test files' commands run at the same time): the relay's forwarder.
 */
function perlsBelow(mark: string): string[] {
  const below = (pid: string): boolean => {
    for (let depth = 0; depth < 8 && pid !== '0' && pid !== ''; depth++) {
      if (read(pid, 'cmdline').includes(mark)) return true;
      pid = /^PPid:\s+(\d+)/m.exec(read(pid, 'status'))?.[1] ?? '';
    }
    return false;
  };
  return readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && read(pid, 'comm').trim() === 'perl' && below(pid));
}

/** Pids of this process's listener helpers (perl, outside every sandbox). */
function listenerHelpers(): string[] {
  return readdirSync('/proc').filter(
    (pid) =>
      /^\d+$/.test(pid) &&
      read(pid, 'comm').trim() === 'perl' &&
      read(pid, 'cmdline').includes('"toolwright":"listen"') &&
      /^PPid:\s+(\d+)/m.exec(read(pid, 'status'))?.[1] === String(process.pid),
  );
}

afterEach(() => useRelayForwarder(false));

describe.runIf(runSandboxTests)('the proxy: lazily made, one per toolkit, gone after close()', () => {
  it.each([...(listenerSyscalls() ? ['listener'] : []), 'relay'])(
    'starts on the first command that needs it, serves every call and job, and leaves nothing after close() (%s)',
    async (mode) => {
      useRelayForwarder(mode === 'relay');
      const server = await httpServer();
      const before = new Set(proxyFolders());
      const helpersBefore = new Set(listenerHelpers());
      const offline = netToolkit({ network: 'none' }, loopback.lookup);
      await sh(offline, 'true');
      expect(proxyFolders().filter((dir) => !before.has(dir))).toEqual([]);

      const toolkit = netToolkit({ network }, loopback.lookup);
      expect(proxyFolders().filter((dir) => !before.has(dir))).toEqual([]);
      const first = await sh(toolkit, `curl -sS http://api.test:${server.port}/one`);
      const second = await sh(toolkit, `curl -sS http://api.test:${server.port}/two`);
      expect(first.stdout + second.stdout).toBe('hello GET /one\nhello GET /two\n');
      const folders = proxyFolders().filter((dir) => !before.has(dir));
      expect(folders).toHaveLength(1);
      // Each command's listener is gone once it ended.
      expect(readdirSync(folders[0]!).filter((name) => name.endsWith('.sock'))).toEqual([]);

      // A background job holds its listener while it runs.
      const job = await toolkit.invoke('exec', 'bash', {
        command: `curl -sS http://api.test:${server.port}/job; curl -sS http://other.test:${server.port}/; sleep 30`,
        run_in_background: true,
      });
      expect(job.ok).toBe(true);
      await waitFor(async () => server.seen.length === 3, scaled(20_000), 'the job reaching the server');
      const sockets = readdirSync(folders[0]!).filter((name) => name.endsWith('.sock'));
      const started = perlsBelow(`/job; curl -sS http://other.test:${server.port}/`);
      const helpers = listenerHelpers().filter((pid) => !helpersBefore.has(pid));
      // The relay: a socket of the command's own and its forwarder inside; the listener made from
      // outside: nothing in the sandbox, the toolkit's one helper outside.
      expect([sockets.length, started.length, helpers.length]).toEqual(mode === 'relay' ? [1, 1, 0] : [0, 0, 1]);
      const socket = sockets.length ? path.join(folders[0]!, sockets[0]!) : undefined;
      if (socket) expect(await listening(socket)).toBe(true);

      await toolkit.close();
      expect(existsSync(folders[0]!)).toBe(false);
      if (socket) expect(await listening(socket)).toBe(false);
      await waitFor(
        async () => [...started, ...helpers].every((pid) => !existsSync(`/proc/${pid}`)),
        scaled(10_000),
        'the forwarder and the helper to end',
      );
      // A command after close() is refused, not run without its proxy.
      const late = await toolkit.invoke('exec', 'bash', { command: 'true' });
      expect(late.ok ? 'ran' : late.error.code).toBe('UNAVAILABLE');
    },
  );

  it('leaves no folder behind when its process exits without close()', async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const toolkitModule = path.join(import.meta.dirname, '../..', 'src', 'index.ts');
    const script = `const { createToolkit } = await import(${JSON.stringify(toolkitModule)});
      const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
      const toolkit = createToolkit({ workspace: ${JSON.stringify(ws)}, exec: { sandbox: 'workspace-write', network: { allow: ['api.test'] }, upstream: { lookup } } });
      const r = await toolkit.invoke('exec', 'bash', { command: 'echo "$HTTP_PROXY"' });
      const fs = await import('node:fs');
      const mine = fs.readdirSync(process.env.TMPDIR).filter((n) => n.startsWith('toolwright-net-' + process.pid + '-'));
      process.stdout.write(JSON.stringify({ proxy: r.ok ? r.output.stdout.trim() : r.text, mine }));`;
    const before = new Set(proxyFolders());
    const child = await promisify(execFile)(process.execPath, ['--import', tsx, '--input-type=module', '-e', script]);
    const said = JSON.parse(child.stdout) as { proxy: string; mine: string[] };
    expect(said.proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // It had its folder, named by its process, while it ran; nothing of it is left.
    expect(said.mine).toHaveLength(1);
    expect(proxyFolders().filter((dir) => !before.has(dir))).toEqual([]);
  });

  it("a background job's refusals are its notes once it ended", async () => {
    const server = await httpServer();
    const toolkit = netToolkit({ network }, loopback.lookup);
    const started = await toolkit.invoke('exec', 'bash', {
      command: `curl -sS http://other.test:${server.port}/`,
      run_in_background: true,
    });
    const id = started.ok ? (started.output as { job_id: string }).job_id : '';
    let read: BashOutputResult | undefined;
    let output = '';
    await waitFor(
      async () => {
        const result = await toolkit.invoke('exec', 'bash_output', { job_id: id, wait_ms: 1000 });
        read = result.ok ? result.output : undefined;
        output += read?.output ?? '';
        return read?.status === 'exited';
      },
      scaled(20_000),
      'the job to end',
    );
    expect(output).toContain('toolwright: other.test is not in exec.network.allow');
    expect(read!.notes?.map((n) => [n.code, n.path])).toEqual([['NETWORK_REFUSED', `other.test:${server.port}`]]);
    expect(server.seen).toHaveLength(0);
  });

  it('records every connection under the call that made it: allowed with bytes, refused with the reason', async () => {
    const server = await httpServer();
    const store = openStore(path.join(ws, '..', `${path.basename(ws)}-store`), { workspace: ws });
    const toolkit = netToolkit({ network }, loopback.lookup, { store, principal: 'ann' });
    const command = `curl -sS http://api.test:${server.port}/a; curl -sS http://other.test:${server.port}/b; curl -sS -X POST -d 12345 http://api.test:${server.port}/c`;
    await sh(toolkit, command);
    await toolkit.close();
    const entries = await store.audit.query({ limit: 100 });
    const connections = entries.filter((e) => e.operation === 'exec.bash.connection');
    expect(
      connections.map((e) => {
        const input = e.input as Record<string, unknown>;
        return [
          e.principal,
          e.decision,
          e.error_code,
          input.host,
          input.method,
          input.path ?? null,
          input.reason ?? null,
        ];
      }),
    ).toEqual([
      ['ann', 'allowed', null, 'api.test', 'GET', '/a', null],
      ['ann', 'refused', 'DENIED_BY_POLICY', 'other.test', 'GET', null, 'not-allowed'],
      ['ann', 'allowed', null, 'api.test', 'POST', '/c', null],
    ]);
    const post = connections[2]!.input as Record<string, number | string>;
    expect(post.bytes_sent).toBe(5);
    expect(post.bytes_received).toBe('hello POST /c\n'.length);
    expect(post.command).toBe(command.slice(0, 200));
    expect(connections[0]!.rule).toBe('api.test');
    // The call itself is in the audit too.
    expect(entries.filter((e) => e.operation === 'exec.bash')).toHaveLength(1);
  });
});
