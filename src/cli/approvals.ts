// `toolwright approvals list|show ID|approve ID|deny ID [--reason TEXT] [--as NAME]` with the store
// flags of the other store verbs: the calls parked for an operator's decision, and deciding them.
// A decision made here is made as `cli:<os user>` (or --as NAME) and audited as such. Every value
// shown is inert (controls and invisible characters escaped). Only the command definition loads
// with the program; the store code loads when it runs.
import type { Command } from 'commander';
import { userInfo } from 'node:os';
import { inertJson, inertLine, inertText } from '../runtime/text/control-text.js';
import { textTable } from './table.js';
import type { ApprovalRecord, Store } from '../runtime/store/types.js';
import { openStoreAt, STORE_WORKSPACE_HELP, storeSpec } from './store.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

interface ApprovalsFlags {
  store?: string;
  workspace?: string;
  json?: boolean;
  all?: boolean;
  reason?: string;
  as?: string;
}

const STORE_HELP =
  'the store: postgres://user:password@host:5432/db, a folder outside the workspace, or "embedded" (default: TOOLWRIGHT_STORE_URL, else the workspace\'s default store)';

/** Who a decision made here is made by. */
export function cliDecider(as: string | undefined): string {
  if (as !== undefined) return as;
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? 'unknown';
  }
  return `cli:${name}`;
}

function approvalsTable(records: readonly ApprovalRecord[]): string {
  const rows = records.map((a) =>
    [
      a.id,
      a.status,
      a.principal,
      a.operation,
      a.created_at,
      a.status === 'pending' ? a.expires_at : (a.decided_by ?? ''),
    ].map(inertLine),
  );
  return textTable(['ID', 'STATUS', 'CALLER', 'OPERATION', 'PARKED', 'EXPIRES / DECIDED BY'], rows);
}

/** The whole record for `show`: its fields, then the text the approver decides on (already escaped). */
function approvalDetail(a: ApprovalRecord): string {
  const fields: [string, string | null][] = [
    ['id', a.id],
    ['status', a.status],
    ['caller', a.principal],
    ['scope', a.scope],
    ['operation', a.operation],
    ['parked', a.created_at],
    ['expires', a.expires_at],
    ['decided', a.decided_at],
    ['decided by', a.decided_by],
    ['reason', a.reason],
  ];
  const head = fields
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}: ${inertLine(value!)}`)
    .join('\n');
  // The text is approvalText's: hidden characters escaped already, newlines kept for reading.
  return `${head}\n\n${a.text.split('\n').map(inertLine).join('\n')}\n`;
}

type Verb = 'list' | 'show' | 'approve' | 'deny';

async function runApprovals(
  io: IO,
  exitCode: { value: number },
  verb: Verb,
  id: string | undefined,
  flags: ApprovalsFlags,
) {
  const fail = (message: string, code = 1) => {
    // Messages quote ids, paths and a store's errors: inert, whatever they hold.
    io.stderr.write(`toolwright approvals ${verb}: ${inertText(message)}\n`);
    exitCode.value = code;
  };
  if (flags.as !== undefined && (flags.as.length === 0 || flags.as.length > 256 || /[\p{Cc}\p{Cf}]/u.test(flags.as)))
    return fail('--as NAME: give a name of at most 256 characters without control or invisible characters', 2);
  if (flags.reason !== undefined && flags.reason.length > 2000)
    return fail('--reason: at most 2000 characters are kept', 2);
  if (flags.reason !== undefined && /[\p{Cc}\p{Cf}]/u.test(flags.reason))
    return fail(
      '--reason: write it without control or invisible characters (other approvers and the caller read it)',
      2,
    );
  let store: Store;
  try {
    const found = await openStoreAt(storeSpec(flags.store), flags.workspace, true);
    if (found.missing !== undefined) return fail(`no store at ${found.missing}: nothing was parked there`);
    store = found.store;
  } catch (error) {
    return fail((error as Error).message, 2);
  }
  try {
    // What nobody decided in time (its waiter gone) is marked expired first, and audited so.
    await store.approvals.expire();
    if (verb === 'list') {
      const records = await store.approvals.list(flags.all ? { limit: 200 } : { status: 'pending' });
      if (flags.json) io.stdout.write(records.map((r) => `${inertJson(JSON.stringify(r))}\n`).join(''));
      else if (records.length === 0)
        io.stderr.write(`toolwright approvals: nothing waits for approval in ${inertText(store.location)}\n`);
      else io.stdout.write(approvalsTable(records));
      exitCode.value = 0;
      return;
    }
    const approval = await store.approvals.get(id!);
    if (!approval) return fail(`no approval ${inertLine(id!)} in ${store.location}`);
    if (verb === 'show') {
      io.stdout.write(flags.json ? `${inertJson(JSON.stringify(approval))}\n` : approvalDetail(approval));
      exitCode.value = 0;
      return;
    }
    const by = cliDecider(flags.as);
    const outcome = await store.approvals.decide(approval.id, {
      status: verb === 'approve' ? 'approved' : 'denied',
      by,
      ...(flags.reason !== undefined ? { reason: flags.reason } : {}),
    });
    if (!outcome) return fail(`no approval ${inertLine(id!)} in ${store.location}`);
    if (!outcome.applied) {
      const now = outcome.approval;
      if (now.status === 'pending')
        return fail(`approval ${now.id} expired at ${now.expires_at}: nobody can decide it now`);
      return fail(
        `approval ${now.id} was already ${now.status}${now.decided_by ? ` by ${inertLine(now.decided_by)}` : ''}${now.decided_at ? ` at ${now.decided_at}` : ''}`,
      );
    }
    io.stdout.write(
      `${outcome.approval.status} ${inertLine(outcome.approval.id)} (${inertLine(approval.operation)} of ${inertLine(approval.principal)}) as ${inertLine(by)}\n`,
    );
    exitCode.value = 0;
  } catch (error) {
    fail((error as Error).message);
  } finally {
    await store.close();
  }
}

export function registerApprovalsCommand(program: Command, io: IO, exitCode: { value: number }): void {
  const approvals = program
    .command('approvals')
    .description('List, show, approve or deny the calls parked for an operator (mcp --approvals)');
  const withStore = (command: Command) =>
    command.option('--store <url>', STORE_HELP).option('-w, --workspace <dir>', STORE_WORKSPACE_HELP);
  withStore(
    approvals.command('list').description('The calls waiting for a decision (with --all, the recent decisions too)'),
  )
    .option('--all', 'the recently decided ones too')
    .option('--json', 'one JSON object a line')
    .action((flags: ApprovalsFlags) => runApprovals(io, exitCode, 'list', undefined, flags));
  withStore(
    approvals.command('show').description('One parked call: who made it and its whole input, escaped').argument('<id>'),
  )
    .option('--json', 'the record as JSON')
    .action((id: string, flags: ApprovalsFlags) => runApprovals(io, exitCode, 'show', id, flags));
  for (const verb of ['approve', 'deny'] as const)
    withStore(
      approvals
        .command(verb)
        .description(`${verb === 'approve' ? 'Let' : 'Refuse'} a parked call${verb === 'approve' ? ' run' : ''}`)
        .argument('<id>'),
    )
      .option('--reason <text>', 'why (the caller is told on a denial; audited)')
      .option('--as <name>', 'who decides (default cli:<your user name>)')
      .action((id: string, flags: ApprovalsFlags) => runApprovals(io, exitCode, verb, id, flags));
}
