// Helpers for the code-intelligence tests: workspaces for the real servers (a TypeScript project
// holding the JavaScript typescript 5.x package, as a real one does), the fake server's config, and
// the processes a server left.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolkit, type Toolkit, type ToolkitOptions } from '../../src/index.js';
import { scaled } from './time.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
/** The typescript 5.x package of tools/language-servers (the repository's own is TypeScript 7). */
export const TYPESCRIPT_5 = path.join(repo, 'tools/language-servers/node_modules/typescript');
export const FAKE_SERVER = path.join(repo, 'test/fixtures/fake-lsp-server.mjs');
/** Long enough for a cold server on a loaded machine; a bound on a hang, never a speed check. */
export const START_MS = scaled(240_000);

const made: string[] = [];

/** Removes the workspaces codeWorkspace made (call from afterAll: they outlive a test). */
export async function removeCodeWorkspaces(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A workspace with `files`; `typescript: true` links the typescript package into its node_modules. */
export async function codeWorkspace(files: Record<string, string>, typescript = false): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolwright-code-')));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  if (typescript) {
    await mkdir(path.join(root, 'node_modules'), { recursive: true });
    await symlink(TYPESCRIPT_5, path.join(root, 'node_modules/typescript'));
  }
  return root;
}

/** A toolkit whose language servers start within START_MS: the first diagnostics call waits for that. */
export async function warmToolkit(
  root: string,
  warmPath: string,
  options: Omit<ToolkitOptions, 'workspace'> = {},
): Promise<Toolkit> {
  const toolkit = createToolkit({
    ...options,
    workspace: root,
    code: { editDiagnosticsMs: scaled(60_000), ...options.code },
  });
  const warm = await toolkit.invoke('code', 'diagnostics', { path: warmPath, timeout_ms: Math.min(START_MS, 300_000) });
  if (!warm.ok) throw new Error(`the server did not start: ${warm.error.code} ${warm.error.message}`);
  return toolkit;
}

/** The fake server (test/fixtures/fake-lsp-server.mjs) for files `*.fake`. */
export function fakeServer(...args: string[]) {
  return { command: [process.execPath, FAKE_SERVER, ...args], languages: ['fake'], filePatterns: ['**/*.fake'] };
}

/** Every process descending from `pid` (itself included), read from /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Whether a process runs (zombies count as gone). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

export async function until(check: () => boolean | Promise<boolean>, ms = scaled(30_000)): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
