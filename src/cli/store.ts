// `toolwright store migrate [--store URL]`: brings a store's schema up to date and says what it
// applied. Only the command definition loads with the program; the store code loads when it runs.
import type { Command } from 'commander';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/** The --store flag, else TOOLWRIGHT_STORE_URL; undefined when neither is set. */
export function storeSpec(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return flag ?? (env.TOOLWRIGHT_STORE_URL || undefined);
}

/** Opens the store `spec` names (a relative folder is under `workspace`, default the current one); throws why not. */
export async function openStoreAt(spec: string, workspace: string | undefined) {
  const { openStore } = await import('../runtime/store/lazy.js');
  const path = await import('node:path');
  return openStore(spec, { workspace: path.resolve(workspace ?? process.cwd()) });
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
      'the store: postgres://user:password@host:5432/db, a folder, or "embedded" (default: TOOLWRIGHT_STORE_URL)',
    )
    .option(
      '-w, --workspace <dir>',
      'folder a relative store folder (and "embedded") is relative to (default: the current folder)',
    )
    .action(async (flags: { store?: string; workspace?: string }) => {
      const spec = storeSpec(flags.store);
      if (spec === undefined) {
        io.stderr.write('toolwright store migrate: give --store URL or set TOOLWRIGHT_STORE_URL\n');
        exitCode.value = 2;
        return;
      }
      let opened;
      try {
        opened = await openStoreAt(spec, flags.workspace);
      } catch (error) {
        io.stderr.write(`toolwright store migrate: ${(error as Error).message}\n`);
        exitCode.value = 2;
        return;
      }
      try {
        const report = await opened.migrate();
        for (const step of report.applied) io.stdout.write(`applied ${step.version}: ${step.name}\n`);
        io.stdout.write(
          report.applied.length === 0
            ? `${opened.location} is up to date (schema version ${report.version})\n`
            : `${opened.location} is at schema version ${report.version}\n`,
        );
        exitCode.value = 0;
      } catch (error) {
        io.stderr.write(`toolwright store migrate: ${(error as Error).message}\n`);
        exitCode.value = 1;
      } finally {
        await opened.close();
      }
    });
}
