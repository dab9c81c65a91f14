// What `command`, `path` and `host` rules look at in a call's input, and whether one rule matches.
import type { OperationDescriptor } from '../descriptor.js';
import { patchPathsOf } from '../patch-envelope.js';
import { roleIndex } from '../roles.js';
import type { ResolvedPath } from '../workspace.js';
import type { HostPattern } from './hosts.js';
import { namedPathsAsWritten } from './command-paths.js';
import { lexicalRelative, type PathPatterns, type PathSubject } from './paths.js';
import { shellAnalyser } from './shell/analyser.js';
import type { CommandPattern } from './shell/match.js';
import type { SimpleCommand } from './shell/split.js';
import type { PolicyRule } from './types.js';

export type ArgumentField = 'command' | 'path' | 'host';

export interface CompiledRule {
  index: number;
  rule: PolicyRule;
  selects(op: OperationDescriptor): boolean;
  fields: ArgumentField[];
  commands?: CommandPattern[];
  paths?: PathPatterns;
  hosts?: HostPattern[];
}

export interface DecideContext {
  /** The workspace root (a real path): `./ls` and absolute programs inside it are not the programs they name. */
  workspaceRoot: string;
  /** Resolves a user path to its real target inside the workspace (symlinks followed). */
  resolve?: (userPath: string) => Promise<ResolvedPath>;
}

/**
 * The argument fields a rule may use on this operation: those its params' roles call for. `path`
 * applies to an operation with a `command` param only where the catalog declares its lines'
 * paths modelled: elsewhere a line reaches any path, and a rule that saw only `cwd` would mislead.
 */
export function applicableFields(op: OperationDescriptor): ArgumentField[] {
  const roles = roleIndex(op);
  const fields: ArgumentField[] = [];
  if (roles.command.length > 0) fields.push('command');
  if ((roles.path.length > 0 || roles.patch.length > 0 || op.commandPaths === 'modelled') && !unmodelledCommands(op))
    fields.push('path');
  if (roles.url.length > 0) fields.push('host');
  return fields;
}

/** The operation runs command lines whose paths nothing models (bash): path rules cannot see what they touch. */
export function unmodelledCommands(op: OperationDescriptor): boolean {
  return roleIndex(op).command.length > 0 && op.commandPaths !== 'modelled';
}

/** The operation's command lines are read by the read-only shell model: path rules apply to the paths they name. */
export function modelledCommands(op: OperationDescriptor): boolean {
  return roleIndex(op).command.length > 0 && op.commandPaths === 'modelled';
}

/** The parameter a string example stands for: the shell line, else the URL, else the path. */
export function mainArgument(op: OperationDescriptor): string | undefined {
  const roles = roleIndex(op);
  return roles.command[0] ?? roles.url[0] ?? roles.path[0];
}

/** The strings given for the params of one role (a list param gives each of its strings). */
function stringsOf(names: readonly string[], input: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const name of names) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') found.push(v);
  }
  return found;
}

/**
 * Paths given in the input, for every `path`-role param (an absent one decides nothing), and every
 * path a `patch`-role param's patch names.
 */
export function pathArguments(op: OperationDescriptor, input: Record<string, unknown>): string[] {
  const roles = roleIndex(op);
  const paths = stringsOf(roles.path, input);
  for (const name of roles.patch) if (Object.hasOwn(input, name)) paths.push(...patchPathsOf(input[name]));
  return paths;
}

/** Shell lines given in the input, for every `command`-role param. */
export function commandArguments(op: OperationDescriptor, input: Record<string, unknown>): string[] {
  return stringsOf(roleIndex(op).command, input);
}

/** The values given for every `url`-role param (a value that is no URL has no host). */
export function urlArguments(op: OperationDescriptor, input: Record<string, unknown>): unknown[] {
  return roleIndex(op)
    .url.filter((name) => Object.hasOwn(input, name) && input[name] !== undefined)
    .map((name) => input[name]);
}

export { lexicalRelative, type PathSubject } from './paths.js';

export function pathRuleMatches(rule: CompiledRule, subject: PathSubject): boolean {
  if (!rule.paths) return false;
  const lexical = subject.lexical !== undefined && rule.paths.matches(subject.lexical);
  const real = subject.real !== undefined && rule.paths.matches(subject.real);
  if (rule.rule.decision === 'allow') return lexical && (subject.real === undefined || real);
  return lexical || real;
}

/** An opaque command may be any command: ask and deny rules match it, allow rules never do. */
export function commandRuleMatches(rule: CompiledRule, cmd: SimpleCommand, workspaceRoot: string): boolean {
  if (!rule.commands) return false;
  if (cmd.opaque) return rule.rule.decision !== 'allow';
  const { commandMatches } = shellAnalyser();
  if (rule.rule.decision === 'allow') {
    if (cmd.writes.length > 0 && rule.rule.redirects !== true) return false;
    return rule.commands.some((p) => commandMatches(p, cmd, 'certain', workspaceRoot));
  }
  return rule.commands.some((p) => commandMatches(p, cmd, 'possible', workspaceRoot));
}

export function hostRuleMatches(rule: CompiledRule, host: string | undefined): boolean {
  if (!rule.hosts) return false;
  if (host === undefined) return rule.rule.decision !== 'allow';
  return rule.hosts.some((h) => h.matches(host));
}

export function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url.trim()).hostname;
  } catch {
    return undefined;
  }
}

/** The simple commands a rule is decided on (neutral ones that write nothing do not count). */
export function shellSubjects(line: string, workspaceRoot: string): SimpleCommand[] {
  const analysis = shellAnalyser().analyzeShell(line, workspaceRoot);
  const commands = analysis.commands.filter((c) => !(c.neutral && c.writes.length === 0));
  if (analysis.opaque && !commands.some((c) => c.opaque)) {
    commands.push({ text: line, words: [], assignments: [], writes: [], via: [], opaque: analysis.opaque });
  }
  return commands;
}

/**
 * Whether this rule alone matches the input (for `examples`): an allow rule must match every
 * subject (each simple command, each path); an ask or deny rule matches when any subject does.
 * Paths are matched as given (no file system).
 */
export function ruleMatchesInput(
  rule: CompiledRule,
  op: OperationDescriptor,
  input: Record<string, unknown>,
  ctx: DecideContext,
): boolean {
  if (!rule.selects(op)) return false;
  if (rule.fields.length === 0) return true;
  const all = rule.rule.decision === 'allow';
  const fields = applicableFields(op);
  if (rule.commands && fields.includes('command')) {
    const subjects = commandArguments(op, input).flatMap((line) => shellSubjects(line, ctx.workspaceRoot));
    const hits = subjects.map((c) => commandRuleMatches(rule, c, ctx.workspaceRoot));
    return subjects.length > 0 && (all ? hits.every(Boolean) : hits.some(Boolean));
  }
  if (rule.paths && fields.includes('path')) {
    const given = pathArguments(op, input);
    if (modelledCommands(op)) {
      // The paths the lines name, as written (a line the model does not read names any path).
      for (const line of commandArguments(op, input)) {
        const named = namedPathsAsWritten(line, ctx.workspaceRoot);
        if (named === undefined) return !all;
        given.push(...named);
      }
    }
    const hits = given.map((p) => pathRuleMatches(rule, { given: p, lexical: lexicalRelative(ctx.workspaceRoot, p) }));
    return hits.length > 0 && (all ? hits.every(Boolean) : hits.some(Boolean));
  }
  if (rule.hosts && fields.includes('host')) {
    const hits = urlArguments(op, input).map((url) => hostRuleMatches(rule, hostOf(url)));
    return hits.length > 0 && (all ? hits.every(Boolean) : hits.some(Boolean));
  }
  return false;
}
