// Deciding one call: every subject of the input (each simple command of a shell line, each path,
// the host) is decided by the first rule that matches it; the call gets the strictest decision.
import path from 'node:path';
import type { OperationDescriptor } from '../descriptor.js';
import { isInside } from '../workspace.js';
import {
  applicableFields,
  commandArguments,
  commandRuleMatches,
  hostOf,
  hostRuleMatches,
  lexicalRelative,
  modelledCommands,
  pathArguments,
  pathRuleMatches,
  shellSubjects,
  urlArguments,
  type CompiledRule,
  type DecideContext,
  type PathSubject,
} from './arguments.js';
import { commandPaths, type NamedSubject } from './command-paths.js';
import type { SimpleCommand } from './shell/split.js';
import { loadShellAnalyser } from './shell/analyser.js';
import { clip } from './shell/words.js';
import type { CommandDecision, Decision, PolicyDecision } from './types.js';

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

interface Verdict {
  decision: Decision;
  rule: CompiledRule | undefined;
  /** Why, when the rule's own reason does not say it (a path a command line reads). */
  reason?: string;
}

/** What path rules of the operations that read paths (read_file, grep, …) keep from them. */
export interface PathReaders {
  /** The first rule that keeps `subject` from some operation that reads paths (deny or ask), if any. */
  hiding(subject: PathSubject): CompiledRule | undefined;
  /** A rule that keeps some path from an operation that reads paths, if any. */
  anyHiding(): CompiledRule | undefined;
}

function first(rules: CompiledRule[], fallback: Decision, matches: (rule: CompiledRule) => boolean): Verdict {
  for (const rule of rules) {
    if (rule.fields.length === 0 || matches(rule)) return { decision: rule.rule.decision, rule };
  }
  return { decision: fallback, rule: undefined };
}

export async function decideInput(
  op: OperationDescriptor,
  rawInput: unknown,
  context: DecideContext,
  rules: CompiledRule[],
  fallback: Decision,
  withPreset: (d: PolicyDecision) => PolicyDecision,
  readers?: PathReaders,
): Promise<PolicyDecision> {
  const input = (typeof rawInput === 'object' && rawInput !== null ? rawInput : {}) as Record<string, unknown>;
  const fields = applicableFields(op);
  const verdicts: (Verdict & { command?: CommandDecision })[] = [];

  // Shell lines are analysed only for command rules (a path rule about a cwd needs no parser).
  const hasCommandRules = fields.includes('command') && rules.some((r) => r.commands);
  if (hasCommandRules) {
    await loadShellAnalyser(); // loaded already by whoever loaded the parser; never decided without it
    const subjects = commandArguments(op, input).flatMap((line) => shellSubjects(line, context.workspaceRoot));
    for (const cmd of subjects) {
      const verdict = decideCommand(cmd, rules, fallback, context.workspaceRoot, true);
      verdicts.push({ ...verdict, command: describe(cmd, verdict) });
    }
  }
  if (fields.includes('path')) {
    for (const given of pathArguments(op, input)) {
      const subject: PathSubject = { given, lexical: lexicalRelative(context.workspaceRoot, given) };
      if (context.resolve) {
        try {
          const resolved = await context.resolve(given);
          subject.real = resolved.relative === '.' ? undefined : resolved.relative;
        } catch {
          /* outside the workspace: the handler refuses it */
        }
      }
      verdicts.push(first(rules, fallback, (r) => pathRuleMatches(r, subject)));
    }
  }
  if (modelledCommands(op) && (rules.some((r) => r.paths) || readers?.anyHiding())) {
    verdicts.push(...(await decideCommandPaths(op, input, context, rules, fallback, readers)));
  }
  if (fields.includes('host')) {
    for (const url of urlArguments(op, input)) {
      const host = hostOf(url);
      verdicts.push(first(rules, fallback, (r) => hostRuleMatches(r, host)));
    }
  }
  if (verdicts.length === 0) verdicts.push(first(rules, fallback, () => false));

  let strictest = verdicts[0]!;
  for (const v of verdicts) if (STRICTNESS[v.decision] > STRICTNESS[strictest.decision]) strictest = v;
  const commands = verdicts.flatMap((v) => (v.command ? [v.command] : []));
  const reason =
    strictest.reason ??
    strictest.rule?.rule.reason ??
    (strictest.command?.opaque && strictest.decision !== 'allow'
      ? `\`${clip(strictest.command.command, 80)}\` cannot be checked before it runs: ${strictest.command.opaque}`
      : undefined);
  return withPreset({
    decision: strictest.decision,
    rule: strictest.rule ? strictest.rule.index : 'default',
    ...(reason ? { reason } : {}),
    ...(hasCommandRules ? { commands } : {}),
  });
}

/**
 * An opaque command could be any command: every ask or deny rule with `command` matches it (a deny
 * rule `rm *` denies it, since it may be rm), no allow rule with `command` does, and a rule without
 * `command` (or the default) decides it as usual, but `ask` at best where command rules exist.
 */
export function decideCommand(
  cmd: SimpleCommand,
  rules: CompiledRule[],
  fallback: Decision,
  root: string,
  hasCommandRules: boolean,
): Verdict {
  if (cmd.opaque) {
    const verdict = first(rules, fallback, (r) => commandRuleMatches(r, cmd, root));
    if (verdict.decision === 'allow' && hasCommandRules) return { decision: 'ask', rule: verdict.rule };
    return verdict;
  }
  return first(rules, fallback, (r) => commandRuleMatches(r, cmd, root));
}

function describe(cmd: SimpleCommand, verdict: Verdict): CommandDecision {
  return {
    command: cmd.opaque || cmd.words.length === 0 ? cmd.text : cmd.words.map((w) => w.text).join(' '),
    decision: verdict.decision,
    rule: verdict.rule ? verdict.rule.index : 'default',
    ...(cmd.opaque ? { opaque: cmd.opaque } : {}),
    ...(cmd.via.length > 0 ? { via: cmd.via } : {}),
    ...(cmd.writes.length > 0 ? { writes: cmd.writes } : {}),
  };
}

/** The folder a modelled line runs in: its one path param (resolved), else the workspace root. */
async function lineFolder(
  op: OperationDescriptor,
  input: Record<string, unknown>,
  context: DecideContext,
): Promise<string | undefined> {
  const given = pathArguments(op, input)[0];
  if (given === undefined) return context.workspaceRoot;
  if (!context.resolve) {
    const absolute = path.resolve(context.workspaceRoot, given);
    return isInside(context.workspaceRoot, absolute) ? absolute : undefined;
  }
  try {
    return (await context.resolve(given)).absolute;
  } catch {
    return undefined; // outside the workspace (the runtime refuses such a call before its handler runs)
  }
}

/**
 * Every path a modelled command line names, decided as a path argument is; a path no rule of the
 * operation decides but a path rule keeps from another reader is kept from this one too. What the
 * line reads but cannot be named is matched by every deny and ask path rule (never by an allow).
 */
async function decideCommandPaths(
  op: OperationDescriptor,
  input: Record<string, unknown>,
  context: DecideContext,
  rules: CompiledRule[],
  fallback: Decision,
  readers: PathReaders | undefined,
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const cwd = await lineFolder(op, input, context);
  if (cwd === undefined) {
    const rule = rules.find((r) => r.paths && r.rule.decision !== 'allow') ?? readers?.anyHiding();
    return [
      { decision: 'deny', rule, reason: `the folder the line would run in is outside the workspace${ruleNote(rule)}` },
    ];
  }
  for (const line of commandArguments(op, input)) {
    const found = await commandPaths(line, cwd, context.workspaceRoot);
    for (const named of found.subjects) verdicts.push(decideNamedPath(named, rules, fallback, readers));
    if (found.unmodelled) {
      // The handler runs no line its model does not read; with path rules it is refused outright.
      const rule = rules.find((r) => r.paths && r.rule.decision !== 'allow') ?? readers?.anyHiding();
      verdicts.push({
        decision: 'deny',
        rule,
        reason: `${found.unmodelled}; path rules cannot tell which files such a line reads${ruleNote(rule)}`,
      });
    }
    for (const why of found.unknown) {
      const verdict = first(rules, fallback, (r) => r.paths !== undefined && r.rule.decision !== 'allow');
      const hiding = verdict.decision === 'allow' && !verdict.rule?.paths ? readers?.anyHiding() : undefined;
      const decided = hiding ? { decision: hiding.rule.decision, rule: hiding } : verdict;
      if (decided.decision === 'allow') continue;
      verdicts.push({
        ...decided,
        reason: `${why}: path rules cannot see which files that is${ruleNote(decided.rule)}`,
      });
    }
  }
  return verdicts;
}

function decideNamedPath(
  named: NamedSubject,
  rules: CompiledRule[],
  fallback: Decision,
  readers: PathReaders | undefined,
): Verdict {
  const verdict = first(rules, fallback, (r) => pathRuleMatches(r, named));
  // A rule of this operation about the path decides; otherwise what the readers' rules keep from
  // them (as grep leaves it out of its results) is kept from this line too.
  const hiding = verdict.decision === 'allow' && !verdict.rule?.paths ? readers?.hiding(named) : undefined;
  const decided = hiding ? { decision: hiding.rule.decision, rule: hiding } : verdict;
  if (decided.decision === 'allow' || !decided.rule?.paths) return decided;
  const what = decided.decision === 'deny' ? 'denies it' : 'asks before it is read';
  return {
    ...decided,
    reason: `${named.program} reads ${named.given}: rule ${decided.rule.index} ${what}${decided.rule.rule.reason ? ` (${decided.rule.rule.reason})` : ''}`,
  };
}

/** ` (rule 2: its reason)`: the path rule a line is refused under. */
function ruleNote(rule: CompiledRule | undefined): string {
  if (!rule) return '';
  return ` (rule ${rule.index}${rule.rule.reason ? `: ${rule.rule.reason}` : ''})`;
}
