// `toolwright audit [--store URL] [-w DIR] [--since 1h|ISO] [--principal P] [--operation O] [--json] [--limit N]`:
// the newest audit entries of a store (default: the workspace's own store, in its state folder),
// oldest first, as a table or as JSON lines. Only the command definition loads with the program;
// the store code loads when it runs.
import type { Command } from 'commander';
import { inertJson, inertText } from '../runtime/text/control-text.js';
import { textTable } from './table.js';
import { openStoreAt, STORE_WORKSPACE_HELP, storeSpec } from './store.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

interface AuditFlags {
  store?: string;
  workspace?: string;
  since?: string;
  principal?: string;
  operation?: string;
  json?: boolean;
  limit?: string;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `15m`, `1h`, `7d` before `now`, or an ISO 8601 time; undefined when it is neither. */
export function parseSince(value: string, now = Date.now()): Date | undefined {
  const relative = /^(\d+)([smhd])$/.exec(value);
  if (relative) return new Date(now - Number(relative[1]) * UNITS[relative[2]!]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** A message quoting flags, paths or a store's error: inert, whatever they hold. */
function complain(io: IO, message: string): void {
  io.stderr.write(`toolwright audit: ${inertText(message)}\n`);
}

function usage(io: IO, exitCode: { value: number }, message: string): void {
  complain(io, message);
  exitCode.value = 2;
}

async function runAudit(io: IO, exitCode: { value: number }, flags: AuditFlags): Promise<void> {
  const spec = storeSpec(flags.store);
  const since = flags.since === undefined ? undefined : parseSince(flags.since);
  if (flags.since !== undefined && since === undefined)
    return usage(
      io,
      exitCode,
      `--since ${flags.since}: give a duration (30m, 1h, 7d) or an ISO time (2026-01-31T12:00Z)`,
    );
  const limit = flags.limit === undefined ? 100 : Number(flags.limit);
  if (!/^\d+$/.test(flags.limit ?? '100') || limit < 1 || limit > 10_000)
    return usage(io, exitCode, `--limit ${flags.limit}: give a whole number between 1 and 10000`);
  if (flags.operation !== undefined && !/^[^.\s]+\.[^.\s]+$/.test(flags.operation))
    return usage(io, exitCode, `--operation ${flags.operation}: give provider.operation, e.g. filesystem.read_file`);
  let opened;
  try {
    const found = await openStoreAt(spec, flags.workspace, true);
    if (found.missing !== undefined) {
      // Reading the audit never creates a store.
      complain(
        io,
        `no store at ${found.missing}${spec === undefined ? `, the default store of ${found.workspace}` : ''}: nothing was recorded there yet` +
          `${spec === undefined ? ' (give --store URL or set TOOLWRIGHT_STORE_URL for another store)' : ''}`,
      );
      exitCode.value = 1;
      return;
    }
    opened = found.store;
  } catch (error) {
    return usage(io, exitCode, (error as Error).message);
  }
  try {
    const records = await opened.audit.query({
      ...(since ? { since } : {}),
      ...(flags.principal !== undefined ? { principal: flags.principal } : {}),
      ...(flags.operation !== undefined ? { operation: flags.operation } : {}),
      limit,
      last: true,
    });
    if (flags.json) io.stdout.write(records.map((r) => `${inertJson(JSON.stringify(r))}\n`).join(''));
    else if (records.length === 0) complain(io, `no entries match in ${opened.location}`);
    else {
      // Loaded here: the cells' cut comes with the result cap's code, which the program's start does not need.
      const { AUDIT_HEADER, auditRows } = await import('./audit-table.js');
      io.stdout.write(textTable(AUDIT_HEADER, auditRows(records)));
    }
    exitCode.value = 0;
  } catch (error) {
    complain(io, (error as Error).message);
    exitCode.value = 1;
  } finally {
    await opened.close();
  }
}

export function registerAuditCommand(program: Command, io: IO, exitCode: { value: number }): void {
  program
    .command('audit')
    .description("Show a store's audit log: the newest calls (oldest first), as a table or JSON lines")
    .option(
      '--store <url>',
      'the store: postgres://user:password@host:5432/db, a folder outside the workspace, or "embedded" (default: TOOLWRIGHT_STORE_URL, else the workspace\'s default store)',
    )
    .option('-w, --workspace <dir>', STORE_WORKSPACE_HELP)
    .option('--since <when>', 'entries from this long ago (30m, 1h, 7d) or this ISO time on')
    .option('--principal <name>', 'entries of this principal only')
    .option('--operation <id>', 'entries of this operation only (provider.operation, e.g. exec.bash)')
    .option('--limit <n>', 'the newest n entries that match (default 100, at most 10000)')
    .option('--json', 'one JSON object a line (every field, the whole input)')
    .action((flags: AuditFlags) => runAudit(io, exitCode, flags));
}
