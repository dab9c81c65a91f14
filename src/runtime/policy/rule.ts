// Compiling one policy rule against the operations that exist, in the order its problems are
// reported: its shape, what it selects (provider, operation, kind, risk), whether its argument
// fields can apply to what it selects, and the argument patterns themselves.
import { operationAliases, providerAliases } from '../contract/aliases.js';
import type { OperationDescriptor, Risk } from '../contract/descriptor.js';
import { RISK_ORDER } from '../contract/descriptor.js';
import { hasResultPaths } from './result-paths.js';
import { applicableFields, unmodelledCommands, type ArgumentField, type CompiledRule } from './arguments.js';
import { PolicyError, didYouMean } from './errors.js';
import { compileHostPattern } from './hosts.js';
import { compilePathPatterns } from './paths.js';
import { compileCommandPattern } from '../shell/match.js';
import type { Decision, PolicyPreset, PolicyRule } from './types.js';

export const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];
const KINDS: readonly string[] = ['data_source', 'resource', 'interactive'];
const RULE_KEYS: readonly string[] = [
  'provider',
  'operation',
  'kind',
  'risk',
  'command',
  'redirects',
  'path',
  'host',
  'examples',
  'decision',
  'reason',
];
const ARGUMENT_FIELDS: readonly ArgumentField[] = ['command', 'path', 'host'];
/** The parameter role each argument field reads. */
const FIELD_ROLES: Record<ArgumentField, string> = { command: 'command', path: 'path', host: 'url' };

/** A preset's rule about operations this toolkit does not have: left out, not an error (presets fit any providers). */
export class NotHere extends Error {}

/** The operations a policy is compiled against, with the names its rules are checked against. */
export class RuleScope {
  readonly providerNames: readonly string[];
  readonly opNames: readonly string[];
  constructor(
    readonly operations: readonly OperationDescriptor[],
    readonly ownCount: number,
    readonly preset: PolicyPreset | undefined,
  ) {
    this.providerNames = [...new Set(operations.map((o) => o.provider))];
    this.opNames = operations.flatMap((o) => [o.name, o.id]);
  }
}

/** Where a rule's problems are reported: a host's rule fails the policy; a preset's rule about absent operations is left out. */
class RuleProblems {
  constructor(
    private readonly index: number,
    private readonly scope: RuleScope,
  ) {}

  fail(message: string, field?: string): never {
    const { index, scope } = this;
    const where =
      index < scope.ownCount ? `policy rule ${index + 1}` : `policy rule ${index + 1} (from preset ${scope.preset})`;
    throw new PolicyError(`${where}: ${message}`, index, field);
  }

  absent(message: string, field?: string): never {
    if (this.index >= this.scope.ownCount) throw new NotHere(message);
    return this.fail(message, field);
  }
}

/** Compiles glob-ish `*` patterns to an anchored regular expression. */
export function wildcardToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function riskMatches(spec: string, risk: Risk): boolean {
  if (spec === '*') return true;
  const match = /^(>=|<=|>|<)?(.+)$/.exec(spec);
  const op = match?.[1];
  const target = RISK_ORDER.indexOf(match?.[2] as Risk);
  if (target < 0) throw new TypeError(`unknown risk in policy rule: ${spec}`);
  // An operation's risk outside the vocabulary counts as the highest (toolkits refuse one; this is the last word).
  const known = RISK_ORDER.indexOf(risk);
  const actual = known < 0 ? RISK_ORDER.length - 1 : known;
  switch (op) {
    case '>=':
      return actual >= target;
    case '>':
      return actual > target;
    case '<=':
      return actual <= target;
    case '<':
      return actual < target;
    default:
      return actual === target;
  }
}

/** Compiles rule `index`; throws PolicyError for a malformed rule, NotHere for a preset's rule that fits nothing here. */
export function compileRule(rule: PolicyRule, index: number, scope: RuleScope): CompiledRule {
  const problems = new RuleProblems(index, scope);
  checkRuleShape(rule, problems);
  const { selects, selected } = compileSelector(rule, scope, problems);
  const fields = checkFieldsApply(rule, selected, scope.operations, problems);
  const { commands, paths, hosts } = compileArgumentPatterns(rule, problems);
  checkExamplesShape(rule, problems);
  return {
    index,
    rule,
    selects,
    fields,
    ...(commands ? { commands } : {}),
    ...(paths ? { paths: compilePathPatterns(paths, rule.decision !== 'allow') } : {}),
    ...(hosts ? { hosts } : {}),
  };
}

function checkRuleShape(rule: PolicyRule, problems: RuleProblems): void {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) problems.fail('must be an object');
  const unknown = Object.keys(rule).filter((key) => !RULE_KEYS.includes(key));
  if (unknown.length > 0) {
    problems.fail(
      `unknown field ${unknown.join(', ')}${didYouMean(unknown[0]!, RULE_KEYS)} (fields: ${RULE_KEYS.join(', ')})`,
      unknown[0],
    );
  }
  if (!DECISIONS.includes(rule.decision))
    problems.fail(`decision must be allow, ask or deny${didYouMean(String(rule.decision), DECISIONS)}`, 'decision');
  for (const key of ['provider', 'operation'] as const) {
    if (rule[key] !== undefined && (typeof rule[key] !== 'string' || rule[key] === ''))
      problems.fail(`${key} must be a non-empty pattern`, key);
  }
  if (rule.reason !== undefined && typeof rule.reason !== 'string') problems.fail('reason must be a string', 'reason');
  if (rule.kind !== undefined && rule.kind !== '*' && !KINDS.includes(rule.kind)) {
    problems.fail(
      `unknown kind "${rule.kind}"${didYouMean(String(rule.kind), KINDS)} (kinds: ${KINDS.join(', ')})`,
      'kind',
    );
  }
}

/** What the rule selects by provider, operation, kind and risk; each must name something that exists. */
function compileSelector(
  rule: PolicyRule,
  scope: RuleScope,
  problems: RuleProblems,
): { selects: (op: OperationDescriptor) => boolean; selected: OperationDescriptor[] } {
  const { operations, providerNames, opNames } = scope;
  const provider = rule.provider ? wildcardToRegExp(rule.provider) : undefined;
  const operation = rule.operation ? wildcardToRegExp(rule.operation) : undefined;
  if (provider && !providerNames.some((p) => provider.test(p))) {
    problems.absent(
      `no provider matches "${rule.provider}"${didYouMean(rule.provider!, providerNames, providerAliases(operations))} (providers: ${providerNames.join(', ')})`,
      'provider',
    );
  }
  if (operation && !opNames.some((o) => operation.test(o))) {
    problems.absent(
      `no operation matches "${rule.operation}"${didYouMean(
        rule.operation!,
        operations.map((o) => o.name),
        operationAliases(operations),
      )} (operations: ${operations.map((o) => o.name).join(', ')})`,
      'operation',
    );
  }
  const kind = rule.kind && rule.kind !== '*' ? rule.kind : undefined;
  if (rule.risk !== undefined) {
    try {
      riskMatches(String(rule.risk), 'read_only');
    } catch (error) {
      problems.fail((error as Error).message, 'risk');
    }
  }
  const selects = (op: OperationDescriptor): boolean =>
    (!provider || provider.test(op.provider)) &&
    (!operation || operation.test(op.name) || operation.test(op.id)) &&
    (!kind || kind === op.kind) &&
    (!rule.risk || riskMatches(rule.risk, op.risk));
  const selected = operations.filter(selects);
  if (selected.length === 0)
    problems.absent('matches no operation (check provider, operation, kind and risk together)');
  return { selects, selected };
}

/** The rule's argument fields; each must apply (by parameter role) to some operation it selects. */
function checkFieldsApply(
  rule: PolicyRule,
  selected: readonly OperationDescriptor[],
  operations: readonly OperationDescriptor[],
  problems: RuleProblems,
): ArgumentField[] {
  const fields = ARGUMENT_FIELDS.filter((f) => rule[f] !== undefined);
  // A path rule also applies to an operation whose result names paths: it hides them there.
  const applies = (op: OperationDescriptor, field: ArgumentField) =>
    applicableFields(op).includes(field) || (field === 'path' && hasResultPaths(op));
  for (const field of fields) {
    if (selected.some((op) => applies(op, field))) continue;
    const role = FIELD_ROLES[field];
    const appliesTo =
      operations
        .filter((o) => applies(o, field))
        .map((o) => o.name)
        .join(', ') || 'no operation here';
    const unmodelled = field === 'path' ? selected.filter(unmodelledCommands) : [];
    if (unmodelled.length > 0) {
      const names = unmodelled.map((o) => o.name).join(', ');
      problems.absent(
        `"path" can never apply to ${names}: ${unmodelled.length === 1 ? 'its' : 'their'} command lines are not modelled, so a path rule would see only the folder a line runs in while the line itself may read or write any path. Keep such commands from paths with the exec sandbox, or with command rules (or deny ${names}); path rules apply to: ${appliesTo}`,
        field,
      );
    }
    problems.absent(
      `"${field}" can never apply to ${selected.map((o) => o.name).join(', ')}: ${selected.length === 1 ? 'it has no' : 'none of them has a'} parameter with role ${role}${field === 'path' ? ' (nor a result field)' : ''} (it applies to: ${appliesTo})`,
      field,
    );
  }
  return fields;
}

function patternList(rule: PolicyRule, field: ArgumentField, problems: RuleProblems): string[] | undefined {
  const value = rule[field];
  if (value === undefined) return undefined;
  const items =
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value
        : problems.fail(`${field} must be a string or a list of strings`, field);
  if (items.length === 0) problems.fail(`${field} must not be an empty list`, field);
  for (const item of items)
    if (typeof item !== 'string' || item.trim() === '')
      problems.fail(`${field} entries must be non-empty strings`, field);
  return items as string[];
}

function compileArgumentPatterns(rule: PolicyRule, problems: RuleProblems) {
  const commands = patternList(rule, 'command', problems)?.map((p) => {
    try {
      return compileCommandPattern(p);
    } catch (error) {
      return problems.fail(`command "${p}" ${(error as Error).message}`, 'command');
    }
  });
  const paths = patternList(rule, 'path', problems);
  const hosts = patternList(rule, 'host', problems)?.map((h) => {
    try {
      return compileHostPattern(h);
    } catch (error) {
      return problems.fail(`host "${h}" ${(error as Error).message}`, 'host');
    }
  });
  if (rule.redirects !== undefined && (typeof rule.redirects !== 'boolean' || !commands))
    problems.fail('redirects must be true or false, on a rule with command', 'redirects');
  if (rule.redirects !== undefined && rule.decision !== 'allow')
    problems.fail(
      `redirects changes only what an allow rule allows; on a ${rule.decision} rule it never changes a decision (a ${rule.decision} rule matches a command whatever it redirects to)`,
      'redirects',
    );
  const given = ARGUMENT_FIELDS.filter((f) => rule[f] !== undefined);
  if (given.length > 1)
    problems.fail(
      `a rule looks at one kind of argument, and this one has ${given.join(' and ')}: each field would match on its own (a call whose ${given.join(' or ')} matches), never both together; write one rule per field`,
      given[1],
    );
  return { commands, paths, hosts };
}

function checkExamplesShape(rule: PolicyRule, problems: RuleProblems): void {
  if (rule.examples === undefined) return;
  const ex = rule.examples;
  if (
    typeof ex !== 'object' ||
    ex === null ||
    Array.isArray(ex) ||
    Object.keys(ex).some((k) => k !== 'match' && k !== 'not_match')
  ) {
    problems.fail('examples must be { match: [...], not_match: [...] }', 'examples');
  }
  for (const key of ['match', 'not_match'] as const) {
    if (ex[key] !== undefined && !Array.isArray(ex[key]))
      problems.fail(`examples.${key} must be a list of inputs`, 'examples');
  }
}
