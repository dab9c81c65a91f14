// Shared helpers for hand-written tests.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { createToolkit, type InvokeResult, type Toolkit, type ToolkitOptions } from '../../src/index.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh temporary folder (real path), removed after the test. */
export async function tempDir(prefix = 'toolwright-test-'): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const fileCleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (fileCleanups.length) await fileCleanups.pop()!();
});

/**
 * A fresh temporary folder (real path), removed once the file's tests are done: for tests that run
 * concurrently, where one test's end must not remove another's folder.
 */
export async function fileTempDir(prefix = 'toolwright-test-'): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  fileCleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A toolkit over a fresh workspace. Its edits do not wait for language servers' diagnostics unless
 * `options.code` says otherwise: an edit of a .py file would start pyright (seconds of CPU) in a
 * test about something else. test/code/ tests the diagnostics.
 */
export async function workspaceToolkit(
  options: Omit<ToolkitOptions, 'workspace'> = {},
): Promise<{ root: string; toolkit: Toolkit }> {
  const root = await tempDir();
  return {
    root,
    toolkit: createToolkit({ ...options, code: { ...NO_EDIT_DIAGNOSTICS, ...options.code }, workspace: root }),
  };
}

/** `code` options for a test's toolkit whose edits need no language server (see workspaceToolkit). */
export const NO_EDIT_DIAGNOSTICS = { editDiagnostics: false } as const;

export function expectOk<T = any>(result: InvokeResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.output as T;
}

export function errorCode(result: InvokeResult): string {
  return result.ok ? 'OK' : result.error.code;
}
