// Language servers run where they see the workspace only, read-only, with no network, wherever
// bubblewrap works (as grep's rg does). The fake server reports what it could do from inside.
// These run wherever bwrap is installed and always in CI (CI=true), where a missing bwrap fails them.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { codeWorkspace, fakeServer, removeCodeWorkspaces } from '../support/code.js';
import { runSandboxTests, visibleOutsideBase } from '../support/exec-helpers.js';
import { expectOk } from '../support/helpers.js';

const open: Toolkit[] = [];
afterAll(removeCodeWorkspaces);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  while (cleanups.length) await cleanups.pop()!();
});

describe.runIf(runSandboxTests)('a language server in the sandbox', () => {
  it('cannot read outside the workspace, write inside it, or reach the network', async () => {
    const outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-code-outside-'));
    cleanups.push(() => rm(outside, { recursive: true, force: true }));
    const secret = path.join(outside, 'secret.txt');
    await writeFile(secret, 'outside-secret-51c2\n');
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const port = String((server.address() as net.AddressInfo).port);
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const toolkit = createToolkit({
      workspace: root,
      code: { builtinServers: false, servers: [fakeServer('--outside', outside, '--port', port)] },
    });
    open.push(toolkit);
    const probe = expectOk(await toolkit.invoke('code', 'hover', { path: 'a.fake', line: 1, column: 1 }));
    expect(probe.contents).toMatch(/^read outside: failed ENOENT$/m);
    expect(probe.contents).toMatch(/^write workspace: failed (EROFS|EACCES)$/m);
    expect(probe.contents).toMatch(/^connect: failed (ECONNREFUSED|ENETUNREACH|EADDRNOTAVAIL)$/m);
    expect(probe.contents).not.toContain('outside-secret-51c2');
    expect(connections).toBe(0);
    expect(await readdir(root)).not.toContain('written-by-server.txt');
    // Its own PID namespace: its pid there is small, not the host's.
    expect(Number(/^pid: (\d+)$/m.exec(probe.contents)?.[1])).toBeLessThan(10);
  });

  it('without the sandbox the same server does what it likes (what the sandbox takes away)', async () => {
    const outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-code-outside-'));
    cleanups.push(() => rm(outside, { recursive: true, force: true }));
    const secret = path.join(outside, 'secret.txt');
    await writeFile(secret, 'outside-secret-51c2\n');
    const root = await codeWorkspace({ 'a.fake': 'x\n' });
    const toolkit = createToolkit({
      workspace: root,
      exec: { bwrapPath: path.join(root, 'no-bwrap-here') },
      code: { builtinServers: false, servers: [fakeServer('--outside', outside)] },
    });
    open.push(toolkit);
    const probe = expectOk(await toolkit.invoke('code', 'hover', { path: 'a.fake', line: 1, column: 1 }));
    expect(probe.contents).toMatch(/^read outside: outside-secret-51c2$/m);
    expect(probe.contents).toMatch(/^write workspace: ok$/m);
  });
});
