// `toolwright store migrate [--store URL] [-w DIR]`: brings a store's schema up to date and says
// what it applied. Without --store (or TOOLWRIGHT_STORE_URL) the store is the workspace's default
// one, in its state folder. Only the command definition loads with the program; the store code
// loads when it runs.
import type { Command } from 'commander';
import type { Store } from '../runtime/store/types.js';
import { inertText } from '../runtime/text/control-text.js';
import { workspaceFolder } from './toolkit-flags.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/** The --store flag, else TOOLWRIGHT_STORE_URL; undefined when neither is set. */
export function storeSpec(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return flag ?? (env.TOOLWRIGHT_STORE_URL || undefined);
}

/** The help of the store verbs' --workspace flag. */
export const STORE_WORKSPACE_HELP =
  'the workspace whose store is meant: without --store, its default store (in its state folder, outside it); a relative store folder is relative to it (default: the current folder)';

/**
 * Opens the store `spec` names, else the workspace's default store (`embedded`, in its state
 * folder); throws why not (a workspace that is no folder, a store folder inside the workspace).
 * With `mustExist`, an embedded store whose folder does not exist yet (and no old store in the
 * workspace to move there) is not created: the result says where it was looked for instead.
 */
export async function openStoreAt(spec: string | undefined, workspaceFlag: string | undefined): Promise<OpenedStore>;
export async function openStoreAt(
  spec: string | undefined,
  workspaceFlag: string | undefined,
  mustExist: true,
): Promise<OpenedStore | { missing: string; workspace: string; store?: undefined }>;
export async function openStoreAt(spec: string | undefined, workspaceFlag: string | undefined, mustExist = false) {
  const workspace = workspaceFolder({ ...(workspaceFlag !== undefined ? { workspace: workspaceFlag } : {}) });
  const [{ openStore }, { parseStoreUrl }, { existsSync }] = await Promise.all([
    import('../runtime/store/lazy.js'),
    import('../runtime/store/url.js'),
    import('node:fs'),
  ]);
  const chosen = spec ?? 'embedded';
  const target = parseStoreUrl(chosen, workspace, workspace);
  if (
    mustExist &&
    target.engine === 'embedded' &&
    !existsSync(target.folder) &&
    !(target.legacy && existsSync(target.legacy))
  )
    return { missing: target.folder, workspace };
  return { store: openStore(chosen, { workspace }), workspace, missing: undefined };
}

interface OpenedStore {
  store: Store;
  workspace: string;
  missing?: undefined;
}

export function registerStoreCommand(program: Command, io: IO, exitCode: { value: number }): void {
  const store = program
    .command('store')
    .description('Manage the store that keeps tasks, jobs, MCP tasks and the audit log');
  store
    .command('migrate')
    .description(
      'Apply the schema migrations the store lacks (safe to run from several places at once); prints what it applied',
    )
    .option(
      '--store <url>',
      'the store: postgres://user:password@host:5432/db, a folder outside the workspace, or "embedded" (default: TOOLWRIGHT_STORE_URL, else the workspace\'s default store)',
    )
    .option('-w, --workspace <dir>', STORE_WORKSPACE_HELP)
    .action(async (flags: { store?: string; workspace?: string }) => {
      const spec = storeSpec(flags.store);
      let opened;
      try {
        ({ store: opened } = await openStoreAt(spec, flags.workspace));
      } catch (error) {
        io.stderr.write(`toolwright store migrate: ${inertText((error as Error).message)}\n`);
        exitCode.value = 2;
        return;
      }
      try {
        const report = await opened.migrate();
        for (const step of report.applied) io.stdout.write(`applied ${step.version}: ${step.name}\n`);
        io.stdout.write(
          report.applied.length === 0
            ? `${inertText(opened.location)} is up to date (schema version ${report.version})\n`
            : `${inertText(opened.location)} is at schema version ${report.version}\n`,
        );
        exitCode.value = 0;
      } catch (error) {
        io.stderr.write(`toolwright store migrate: ${inertText((error as Error).message)}\n`);
        exitCode.value = 1;
      } finally {
        await opened.close();
      }
    });
}
