// What the sandbox test files share: a fresh workspace and a folder outside it (neither under /tmp
// nor a home folder, so visible read-only inside the sandbox) for every test, the tagged processes
// to kill after it, and bash calls through a toolkit over that workspace.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ExecOptions, ToolkitOptions } from '../../src/runtime/contract/types.js';
import type { BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import { killTagged, visibleOutsideBase } from '../support/exec-helpers.js';

/** The workspace of the running test. */
export let ws: string;
/** A folder outside the workspace and outside /tmp and the home folders (so not hidden, only read-only). */
export let outside: string;
/** Tags of processes a test started; killed after it. */
export const tags: string[] = [];

/** Creates ws and outside before each test of the calling file, and cleans up after it. */
export function useSandboxWorkspace(): void {
  beforeEach(async () => {
    ws = await tempDir('toolwright-sandbox-');
    outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-sandbox-outside-'));
  });

  afterEach(async () => {
    for (const t of tags.splice(0)) await killTagged(t);
    await rm(outside, { recursive: true, force: true });
  });
}

export async function run(
  command: string,
  exec: ExecOptions = { sandbox: 'workspace-write' },
  extra: Partial<ToolkitOptions> = {},
  input: Record<string, unknown> = {},
) {
  const toolkit = createToolkit({ workspace: ws, exec, ...extra });
  return toolkit.invoke('exec', 'bash', { command, ...input });
}

export async function ok(
  command: string,
  exec?: ExecOptions,
  input: Record<string, unknown> = {},
): Promise<BashResult> {
  const result = await run(command, exec, {}, input);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as BashResult;
}
