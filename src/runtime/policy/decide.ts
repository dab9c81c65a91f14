// Deciding one call: every subject of the input (each simple command of a shell line, each path,
// the host) is decided by the first rule that matches it; the call gets the strictest decision.
import type { OperationDescriptor } from '../descriptor.js';
import {
  applicableFields,
  commandArguments,
  commandRuleMatches,
  hostOf,
  hostRuleMatches,
  lexicalRelative,
  pathArguments,
  pathRuleMatches,
  shellSubjects,
  urlArguments,
  type CompiledRule,
  type DecideContext,
  type PathSubject,
} from './arguments.js';
import type { SimpleCommand } from './shell/split.js';
import { loadShellAnalyser } from './shell/analyser.js';
import { clip } from './shell/words.js';
import type { CommandDecision, Decision, PolicyDecision } from './types.js';

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

interface Verdict {
  decision: Decision;
  rule: CompiledRule | undefined;
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
