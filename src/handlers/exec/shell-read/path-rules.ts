// Path rules for what a shell_read line reaches beyond the paths it names (the policy decided
// those before the call): the folders its programs walk or list, and what its git commands may
// print of the repository. Nothing a rule hides may be printed, and the output cannot be filtered
// after the fact, so such a line is refused, with the paths (counted), the rule and what to do.
// A path a rule asks about is refused too: only a path the line names can be put to a human.
import path from 'node:path';
import { ToolError } from '../../../runtime/errors.js';
import { expandGlob } from '../../../runtime/policy/expand-glob.js';
import type { FolderUse } from '../../../runtime/policy/shell/read-only-model.js';
import type { GitRead, ReadUse } from '../../../runtime/policy/shell/read-only.js';
import type { PolicyDecision } from '../../../runtime/policy/types.js';
import type { HandlerContext } from '../../../runtime/types.js';
import { GitPathsUnknown, gitReach } from './git-paths.js';
import type { GitScanner } from './git-repositories.js';
import { WalkTooLarge, walkFolder, type Reached, type WalkBudget } from './walk-paths.js';
import { isInside } from '../../../runtime/workspace.js';

const MAX_WALK_ENTRIES = 200_000;
const WALK_MS = 5_000;
const SHOWN = 5;

type HiddenPaths = NonNullable<HandlerContext['hiddenPaths']>;

export interface LineReach {
  command: string;
  reads: readonly ReadUse[];
  git: readonly GitRead[];
  root: string;
  /** The top of the repository git reads, when the line runs git in one. */
  top: string | undefined;
  /** Runs git as shell_read's checks do; required when the line runs git. */
  scanner?: () => GitScanner;
  /** Runs a program (rg) the same way, to list what its walks reach. */
  lister?: (program: string) => GitScanner;
}

/** Refuses the line when a folder it walks or what its git prints holds a path a rule hides. */
export async function checkReach(line: LineReach, hiddenPaths: HiddenPaths, signal: AbortSignal): Promise<void> {
  const budget = { entries: MAX_WALK_ENTRIES, deadline: Date.now() + WALK_MS, signal };
  const commands = new Map<number, ReadUse[]>();
  for (const use of line.reads) {
    if (!use.folder || use.cwd === undefined) continue;
    commands.set(use.command, [...(commands.get(use.command) ?? []), use]);
  }
  for (const uses of commands.values()) await checkWalks(line, uses, hiddenPaths, budget);
  if (line.git.some((g) => g.reads !== 'none') && line.top !== undefined && line.scanner) {
    const git = line.scanner();
    for (const read of line.git) {
      let reach;
      try {
        reach = await gitReach(read, line.top, line.root, git);
      } catch (error) {
        if (!(error instanceof GitPathsUnknown)) throw error;
        throw refusal(line.command, `${error.message}, so the path rules cannot be checked`);
      }
      if (!reach || reach.paths.size === 0) continue;
      const hidden = await hiddenPaths([...reach.paths], { real: true });
      if (hidden.length === 0) continue;
      throw refusal(
        line.command,
        `git ${read.subcommand} may print ${describe(hidden)} from ${reach.source}; give it pathspecs that leave them out (git ${read.subcommand} … -- src)${read.objects ? ', and name files as REV:PATH rather than by object id' : ''}`,
        hidden[0]!.decision,
      );
    }
  }
}

/**
 * The folders one command walks: walked here as the program would (a superset where the program
 * also skips ignored files); where that finds a hidden path and the program can list what it
 * reaches itself (rg), its own list decides.
 */
async function checkWalks(
  line: LineReach,
  uses: readonly ReadUse[],
  hiddenPaths: HiddenPaths,
  budget: WalkBudget,
): Promise<void> {
  const first = uses[0]!;
  const { program } = first;
  const folder = first.folder!;
  // A program that lists what it reaches (rg --files, its ignore files applied) says it exactly.
  const listed = first.listing && line.lister ? await listReached(line, uses, line.lister(program)) : undefined;
  if (listed !== undefined)
    return refuseHidden(line, program, folder, await hiddenPaths(listed, { real: !folder.follows }));
  const reached: Reached = { plain: [], linked: [] };
  let tooLarge: ReadUse | undefined;
  try {
    for (const use of uses) {
      tooLarge = use;
      const starts = use.glob ? await globStarts(use) : [path.resolve(use.cwd!, use.text)];
      for (const start of starts) await walkFolder(start, folder, line.root, budget, reached);
    }
    tooLarge = undefined;
  } catch (error) {
    if (!(error instanceof WalkTooLarge)) throw error;
  }
  if (tooLarge) {
    throw refusal(
      line.command,
      `${program} ${tooLarge.implicit ? 'walks the folder it runs in' : `walks ${tooLarge.raw}`}, which holds more than ${MAX_WALK_ENTRIES} entries to check against the path rules in ${WALK_MS / 1000} s; name a narrower folder`,
    );
  }
  const printed = printedBy(folder);
  refuseHidden(line, program, folder, [
    ...(await hiddenPaths(reached.plain.filter(printed), { real: true })),
    ...(await hiddenPaths(reached.linked.filter(printed))),
  ]);
}

function refuseHidden(
  line: LineReach,
  program: string,
  folder: FolderUse,
  hidden: readonly { path: string; decision: PolicyDecision }[],
): void {
  if (hidden.length === 0) return;
  const verb = folder.reads === 'names' ? 'lists' : 'reads';
  const exclude = program === 'rg' ? ", or leave them out (rg -g '!PATH')" : '';
  throw refusal(
    line.command,
    `${program} ${verb} ${describe(hidden)} in the folders it walks; name the files or folders to ${verb === 'lists' ? 'list' : 'read'} instead${exclude}${hidden.some((h) => h.decision.decision === 'ask') ? ' (a path a rule asks about can be approved when the line names it)' : ''}`,
    hidden[0]!.decision,
  );
}

/** The files the program lists itself (workspace-relative), or undefined when it cannot. */
async function listReached(line: LineReach, uses: readonly ReadUse[], run: GitScanner): Promise<string[] | undefined> {
  const found = new Set<string>();
  for (const cwd of new Set(uses.map((u) => u.cwd!))) {
    let pending = '';
    const take = (record: string) => {
      if (record === '') return;
      const absolute = path.resolve(cwd, record);
      if (isInside(line.root, absolute) && absolute !== line.root) found.add(path.relative(line.root, absolute));
    };
    const result = await run(uses[0]!.listing!, cwd, (chunk) => {
      const records = (pending + chunk).split('\0');
      pending = records.pop()!;
      records.forEach(take);
      return true;
    });
    take(pending);
    // rg exits 1 when it finds no file at all.
    if (result.code !== 0 && !(result.code === 1 && result.stderr.trim() === '')) return undefined;
  }
  return [...found];
}

/** Whether the program prints an entry it reaches (find with -name prints only the names that match). */
function printedBy(folder: FolderUse): (relative: string) => boolean {
  if (!folder.names) return () => true;
  const tests = folder.names.map(({ glob, ignoreCase }) => fnmatch(glob, ignoreCase));
  return (relative) => {
    const name = path.basename(relative);
    return tests.every((test) => test(name));
  };
}

/** find's -name matching, as a superset: `*` and `?` as usual (dots too), a bracket as any one character. */
function fnmatch(glob: string, ignoreCase: boolean): (name: string) => boolean {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) source += escapeRegExp(glob[++i]!);
    else if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        source += '.';
        i = close;
      }
    } else source += escapeRegExp(c);
  }
  const regex = new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
  return (name) => regex.test(name);
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function globStarts(use: ReadUse): Promise<string[]> {
  const expansion = await expandGlob(use.raw, use.cwd!);
  if ('tooMany' in expansion) return [];
  return expansion.paths;
}

/** `3 paths a rule hides (.env: rule 0 denies it (why); …)`. */
function describe(hidden: readonly { path: string; decision: PolicyDecision }[]): string {
  const shown = hidden.slice(0, SHOWN).map(({ path: p, decision }) => {
    const verb = decision.decision === 'deny' ? 'denies it' : 'asks before it is read';
    return `${p} (rule ${decision.rule} ${verb}${decision.reason ? `: ${decision.reason}` : ''})`;
  });
  const more = hidden.length > SHOWN ? `, and ${hidden.length - SHOWN} more` : '';
  return `${hidden.length} path${hidden.length === 1 ? '' : 's'} a path rule keeps from reads: ${shown.join(', ')}${more}`;
}

function refusal(command: string, reason: string, decision?: PolicyDecision): ToolError {
  return new ToolError('DENIED_BY_POLICY', `shell_read was not run: \`${command}\`: ${reason}`, {
    command,
    reason,
    ...(decision ? { policy: decision } : {}),
  });
}
