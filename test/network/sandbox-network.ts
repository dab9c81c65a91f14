// What the network test files share: a workspace per test, toolkits over it whose sandboxed bash
// goes through the proxy (resolver and upstream CA given), closed after the test. Each file gets a
// temporary folder of its own (TMPDIR, read by the proxy when it makes its folder), so the proxy
// folders a test looks for are its own, not those of another file running beside it.
import { copyFile } from 'node:fs/promises';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { BashResult } from '../../src/generated/types.js';
import type { ExecOptions, ToolkitOptions } from '../../src/runtime/types.js';
import { tempDir } from '../support/helpers.js';
import { upstreamCa, upstreamCaFile } from '../support/network.js';

export let ws: string;
const toolkits: Toolkit[] = [];

/** Gives this test file a temporary folder of its own (TMPDIR) for its life. */
export function usePrivateTmpdir(): void {
  let saved: string | undefined;
  let own: string;
  beforeAll(() => {
    saved = process.env.TMPDIR;
    own = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-nettmp-')));
    process.env.TMPDIR = own;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(own, { recursive: true, force: true });
  });
}

export function useNetworkWorkspace(): void {
  usePrivateTmpdir();
  beforeEach(async () => {
    ws = await tempDir('tw-nettest-');
    // For commands that verify the test server themselves (tunnels, not intercepted).
    await copyFile(upstreamCaFile, path.join(ws, 'upstream-ca.pem'));
  });
  afterEach(async () => {
    for (const toolkit of toolkits.splice(0)) await toolkit.close();
  });
}

/** A toolkit whose bash runs in the workspace-write sandbox with `exec` (resolver and upstream CA given). */
export function netToolkit(
  exec: ExecOptions,
  lookup: NonNullable<ExecOptions['upstream']>['lookup'],
  extra: Partial<ToolkitOptions> = {},
): Toolkit {
  const toolkit = createToolkit({
    workspace: ws,
    exec: { sandbox: 'workspace-write', upstream: { lookup, ca: upstreamCa }, ...exec },
    ...extra,
  });
  toolkits.push(toolkit);
  return toolkit;
}

/** Runs a command; fails the test unless the call succeeded. */
export async function sh(
  toolkit: Toolkit,
  command: string,
  input: Record<string, unknown> = {},
): Promise<BashResult & { text: string }> {
  const result = await toolkit.invoke('exec', 'bash', { command, ...input });
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return { ...result.output, text: result.text };
}

/** The proxies' private folders that exist now (in this file's temporary folder). */
export function proxyFolders(): string[] {
  return readdirSync(tmpdir())
    .filter((name) => name.startsWith('toolwright-net-'))
    .map((name) => path.join(tmpdir(), name));
}
