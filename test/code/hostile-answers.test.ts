// What a hostile language server answers stays inert and bounded on this side: the names in its
// diagnostics, the diagnostics it pushes about files never opened, and location answers of any
// length (cut, within the call's time, without holding the event loop).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LanguageClient } from '../../src/handlers/code/lsp/client.js';
import type { ServerSpec } from '../../src/handlers/code/discovery.js';
import { pace } from '../../src/handlers/code/operation.js';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { codeWorkspace, removeCodeWorkspaces } from '../support/code.js';
import { expectOk } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const HOSTILE_SERVER = fileURLToPath(new URL('./fixtures/hostile-lsp-server.mjs', import.meta.url));
const RAW_CONTROL = ['\u001b', '\u202e', '\u2066'];
const hasRawControl = (text: string) => RAW_CONTROL.some((char) => text.includes(char));

function hostileServer(mode: string) {
  return {
    command: [process.execPath, HOSTILE_SERVER, mode],
    languages: ['hostile'],
    filePatterns: ['**/*.hostile'],
  };
}

const open: Toolkit[] = [];
afterAll(removeCodeWorkspaces);
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

function toolkitWith(root: string, mode: string): Toolkit {
  const toolkit = createToolkit({ workspace: root, code: { builtinServers: false, servers: [hostileServer(mode)] } });
  open.push(toolkit);
  return toolkit;
}

describe("a diagnostic's source and code", () => {
  it('are inert, in the output and in the text', async () => {
    const root = await codeWorkspace({ 'a.hostile': 'hello\n' });
    const result = await toolkitWith(root, 'normal').invoke('code', 'diagnostics', { path: 'a.hostile' });
    const [item] = expectOk(result).diagnostics;
    expect(item.source).toMatch(/^src/);
    expect(item.code).toMatch(/^C/);
    expect(hasRawControl(item.source)).toBe(false);
    expect(hasRawControl(item.code)).toBe(false);
    expect(hasRawControl(item.message)).toBe(false);
    expect(hasRawControl(result.text)).toBe(false);
  });

  it('are cut to the length of a name', async () => {
    const root = await codeWorkspace({ 'a.hostile': 'hello\n' });
    const result = await toolkitWith(root, 'bigsource').invoke('code', 'diagnostics', { path: 'a.hostile' });
    const [item] = expectOk(result).diagnostics;
    expect(item.source.length).toBeLessThan(1_000);
    expect(item.source).toMatch(/characters cut/);
    expect(result.text.length).toBeLessThan(5_000);
  });
});

describe('pushed diagnostics', () => {
  it('are kept only for open documents, and within a bound in all', async () => {
    const root = await codeWorkspace({ 'a.hostile': 'hello\n' });
    const child = spawn(process.execPath, [HOSTILE_SERVER, 'pushflood'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const spec: ServerSpec = {
      key: 'hostile',
      name: 'hostile',
      argv: [process.execPath, HOSTILE_SERVER, 'pushflood'],
      languages: ['hostile'],
      covers: (relative) => relative.endsWith('.hostile'),
      patterns: ['**/*.hostile'],
      readOnly: [],
      fromWorkspace: false,
      flavour: 'generic',
    };
    const client = await LanguageClient.connect(
      spec,
      root,
      { child, confined: false, kill: () => child.kill('SIGKILL') },
      scaled(30_000),
      undefined,
    );
    try {
      const absolute = path.join(root, 'a.hostile');
      client.sync(absolute, 'a.hostile', 'hello\n');
      // The flood comes before the open document's push: once that is in, so is the flood.
      const deadline = Date.now() + scaled(30_000);
      while (!client.pushedFor(absolute) && Date.now() < deadline) await client.nextPush();
      const kept = client.pushedFor(absolute)!.diagnostics;
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(10_000);
      expect(client.pushedFor(path.join(root, 'flood/0.hostile'))).toBeUndefined();
      expect(client.pushedFor(path.join(root, 'flood/1999.hostile'))).toBeUndefined();
      expect(client.heldPushes.files).toBe(1);
      expect(client.heldPushes.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
      client.close(absolute);
      expect(client.heldPushes).toEqual({ files: 0, bytes: 0 });
    } finally {
      await client.stop();
    }
  });
});

describe('a location answer of 300,000 items', () => {
  it('is cut and said to be cut, within the call time', async () => {
    const root = await codeWorkspace({ 'a.hostile': 'hello\n' });
    const toolkit = toolkitWith(root, 'hugerefs');
    expectOk(await toolkit.invoke('code', 'hover', { path: 'a.hostile', line: 1, column: 1 }));
    const started = Date.now();
    const refs = await toolkit.invoke('code', 'references', { path: 'a.hostile', line: 1, column: 1 });
    const output = expectOk(refs);
    expect(output.total).toBe(20_000);
    expect(output.references).toHaveLength(200);
    expect(output.notes).toContainEqual(expect.stringMatching(/the server's answer was cut: 20000 of its 300000/));
    expect(refs.text).toMatch(/the server's answer was cut/);
    const defs = expectOk(await toolkit.invoke('code', 'definition', { path: 'a.hostile', line: 1, column: 1 }));
    expect(defs.definitions).toHaveLength(50);
    expect(defs.notes).toContainEqual(expect.stringMatching(/the server's answer was cut/));
    expect(Date.now() - started).toBeLessThan(scaled(30_000));
  });

  it('is gone through in turns that let other work run, stopped at the call deadline or its cancellation', async () => {
    const past = Date.now() - 1;
    const turns = async (deadline: number, signal?: AbortSignal) => {
      for (let index = 0; index < 100_000; index++) await pace(index, deadline, signal);
    };
    await expect(turns(past)).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(turns(Date.now() + 60_000, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' });
    let turnsGiven = 0;
    let counting = true;
    const count = () => {
      turnsGiven++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await expect(turns(Date.now() + 60_000)).resolves.toBeUndefined();
    counting = false;
    // Other work ran while the 100,000 items were gone through.
    expect(turnsGiven).toBeGreaterThanOrEqual(40);
  });
});
