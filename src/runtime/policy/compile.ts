import type { OperationDescriptor, Risk } from '../descriptor.js';
import { RISK_ORDER } from '../descriptor.js';
import { roleIndex } from '../roles.js';
import { applicableFields, hostRuleMatches, mainArgument, pathRuleMatches, ruleMatchesInput, type ArgumentField, type CompiledRule, type DecideContext, type PathSubject } from './arguments.js';
import { PolicyError, didYouMean } from './errors.js';
import { compileCommandPattern } from './shell/match.js';
import { bashParserLoaded, loadBashParser } from './shell/parser.js';
import { compileHostPattern } from './hosts.js';
import { compilePathPatterns } from './paths.js';
import { decideInput } from './decide.js';
import { POLICY_PRESETS, type Decision, type PolicyConfig, type PolicyDecision, type PolicyOptions, type PolicyPreset, type PolicyRule } from './types.js';

export type { DecideContext } from './arguments.js';

const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];
const KINDS: readonly string[] = ['data_source', 'resource', 'interactive'];
const RULE_KEYS: readonly string[] = ['provider', 'operation', 'kind', 'risk', 'command', 'redirects', 'path', 'host', 'examples', 'decision', 'reason'];
const ARGUMENT_FIELDS: readonly ArgumentField[] = ['command', 'path', 'host'];
/** The parameter role each argument field reads. */
const FIELD_ROLES: Record<ArgumentField, string> = { command: 'command', path: 'path', host: 'url' };

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
  const actual = RISK_ORDER.indexOf(risk);
  switch (op) {
    case '>=': return actual >= target;
    case '>': return actual > target;
    case '<=': return actual <= target;
    case '<': return actual < target;
    default: return actual === target;
  }
}

export interface CompiledPolicy {
  /** The decision for an operation without looking at its input (rules with command/path/host are skipped). */
  decide(operation: OperationDescriptor): PolicyDecision;
  /** The decision for one call: argument rules included (shell lines are parsed; paths resolved). */
  decideCall(operation: OperationDescriptor, input: unknown, context: DecideContext): Promise<PolicyDecision>;
  /** True when every possible input of the operation is denied (hosts hide such tools). */
  deniesOutright(operation: OperationDescriptor): boolean;
  /** Whether the operation has rules that look at its input. */
  hasArgumentRules(operation: OperationDescriptor): boolean;
  /** True when some path rule applies to `operation` or to an operation that reads paths (its results are then filtered). */
  filtersPaths(operation: OperationDescriptor): boolean;
  /** True when a path rule does not allow `subject` for `operation` or for an operation that reads paths (results drop it). */
  hidesPath(operation: OperationDescriptor, subject: PathSubject): boolean;
  /** The decision for the host of a URL the operation reaches (every redirect hop is checked with it). */
  decideHost(operation: OperationDescriptor, hostname: string): PolicyDecision;
  /** Whether some host rule applies to the operation. */
  checksHosts(operation: OperationDescriptor): boolean;
  /** The rule list after `extends` (own rules first), for explain and tests. */
  readonly rules: readonly PolicyRule[];
  readonly fallback: Decision;
  readonly preset?: PolicyPreset;
  /** Checks every rule's `examples` (parses shell examples); throws PolicyError on the first failure. */
  checkExamples(): Promise<void>;
  /** Every example with its outcome (for `toolwright policy test`); never throws for a failing one. */
  examineExamples(): Promise<ExampleResult[]>;
}

export interface ExampleResult {
  rule: number;
  list: 'match' | 'not_match';
  index: number;
  input: Record<string, unknown>;
  passed: boolean;
  /** The failure, as checkExamples would report it. */
  message?: string;
}

export interface CompileOptions {
  /** Do not check examples while compiling (`policy test` reports them all instead). */
  deferExamples?: boolean;
}

/** A preset's rule about operations this toolkit does not have: left out, not an error (presets fit any providers). */
class NotHere extends Error {}

/**
 * Validates and compiles policy options against the operations that exist; throws PolicyError (a
 * TypeError) on a malformed policy, naming the rule. The host's own rules must each fit some
 * operation; a preset's rule that fits none of these operations is left out.
 */
export function compilePolicy(options: PolicyOptions | undefined, operations: readonly OperationDescriptor[], compileOptions: CompileOptions = {}): CompiledPolicy {
  if (!Array.isArray(operations)) throw new TypeError('compilePolicy: operations must be the descriptors the policy is checked against');
  const checkPreset = (name: string): PolicyPreset => {
    if (typeof name !== 'string' || !Object.hasOwn(POLICY_PRESETS, name)) {
      throw new PolicyError(`unknown policy preset "${String(name)}"${didYouMean(String(name), Object.keys(POLICY_PRESETS))} (known: ${Object.keys(POLICY_PRESETS).join(', ')})`);
    }
    return name as PolicyPreset;
  };
  if (options !== undefined && typeof options !== 'string' && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new PolicyError('policy must be a preset name or { rules, default, extends }');
  }
  if (typeof options === 'object') {
    const unknown = Object.keys(options).filter((k) => !['rules', 'default', 'extends'].includes(k));
    if (unknown.length > 0) throw new PolicyError(`policy: unknown field ${unknown.join(', ')}${didYouMean(unknown[0]!, ['rules', 'default', 'extends'])} (fields: rules, default, extends)`);
  }
  const preset = typeof options === 'string' ? checkPreset(options)
    : options?.extends !== undefined ? checkPreset(options.extends) : undefined;
  const own: PolicyConfig = typeof options === 'string' ? {} : options ?? {};
  if (own.rules !== undefined && !Array.isArray(own.rules)) throw new PolicyError('policy rules must be an array');
  const base: PolicyConfig = preset ? POLICY_PRESETS[preset] : {};
  const ownCount = own.rules?.length ?? 0;
  // The host's own rules come first, then the preset's; the host's default wins over the preset's.
  const rules: readonly PolicyRule[] = [...(own.rules ?? []), ...(base.rules ?? [])];
  const fallback = own.default ?? base.default ?? 'allow';
  if (!DECISIONS.includes(fallback)) throw new PolicyError(`policy default must be allow, ask or deny${didYouMean(String(fallback), DECISIONS)}`);
  const providerNames = [...new Set(operations.map((o) => o.provider))];
  const opNames = operations.flatMap((o) => [o.name, o.id]);

  const compileRule = (rule: PolicyRule, index: number): CompiledRule => {
    const fail = (message: string, field?: string): never => {
      const where = index < ownCount ? `policy rule ${index}` : `policy rule ${index} (from preset ${preset})`;
      throw new PolicyError(`${where}: ${message}`, index, field);
    };
    const absent = (message: string, field?: string): never => {
      if (index >= ownCount) throw new NotHere(message);
      return fail(message, field);
    };
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) fail('must be an object');
    const unknown = Object.keys(rule).filter((key) => !RULE_KEYS.includes(key));
    if (unknown.length > 0) {
      fail(`unknown field ${unknown.join(', ')}${didYouMean(unknown[0]!, RULE_KEYS)} (fields: ${RULE_KEYS.join(', ')})`, unknown[0]);
    }
    if (!DECISIONS.includes(rule.decision)) fail(`decision must be allow, ask or deny${didYouMean(String(rule.decision), DECISIONS)}`, 'decision');
    for (const key of ['provider', 'operation'] as const) {
      if (rule[key] !== undefined && (typeof rule[key] !== 'string' || rule[key] === '')) fail(`${key} must be a non-empty pattern`, key);
    }
    if (rule.reason !== undefined && typeof rule.reason !== 'string') fail('reason must be a string', 'reason');
    if (rule.kind !== undefined && rule.kind !== '*' && !KINDS.includes(rule.kind)) {
      fail(`unknown kind "${rule.kind}"${didYouMean(String(rule.kind), KINDS)} (kinds: ${KINDS.join(', ')})`, 'kind');
    }
    const provider = rule.provider ? wildcardToRegExp(rule.provider) : undefined;
    const operation = rule.operation ? wildcardToRegExp(rule.operation) : undefined;
    if (provider && !providerNames.some((p) => provider.test(p))) {
      absent(`no provider matches "${rule.provider}"${didYouMean(rule.provider!, providerNames)} (providers: ${providerNames.join(', ')})`, 'provider');
    }
    if (operation && !opNames.some((o) => operation.test(o))) {
      absent(`no operation matches "${rule.operation}"${didYouMean(rule.operation!, operations.map((o) => o.name))} (operations: ${operations.map((o) => o.name).join(', ')})`, 'operation');
    }
    const kind = rule.kind && rule.kind !== '*' ? rule.kind : undefined;
    if (rule.risk !== undefined) {
      try { riskMatches(String(rule.risk), 'read_only'); } catch (error) { fail((error as Error).message, 'risk'); }
    }
    const selects = (op: OperationDescriptor): boolean =>
      (!provider || provider.test(op.provider)) &&
      (!operation || operation.test(op.name) || operation.test(op.id)) &&
      (!kind || kind === op.kind) &&
      (!rule.risk || riskMatches(rule.risk, op.risk));
    const selected = operations.filter(selects);
    if (selected.length === 0) absent('matches no operation (check provider, operation, kind and risk together)');

    const fields = ARGUMENT_FIELDS.filter((f) => rule[f] !== undefined);
    for (const field of fields) {
      if (!selected.some((op) => applicableFields(op).includes(field))) {
        const role = FIELD_ROLES[field];
        absent(`"${field}" can never apply to ${selected.map((o) => o.name).join(', ')}: ${selected.length === 1 ? 'it has no' : 'none of them has a'} parameter with role ${role} (it applies to: ${operations.filter((o) => applicableFields(o).includes(field)).map((o) => o.name).join(', ') || 'no operation here'})`, field);
      }
    }
    const list = (field: ArgumentField): string[] | undefined => {
      const value = rule[field];
      if (value === undefined) return undefined;
      const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : fail(`${field} must be a string or a list of strings`, field);
      if (items.length === 0) fail(`${field} must not be an empty list`, field);
      for (const item of items) if (typeof item !== 'string' || item.trim() === '') fail(`${field} entries must be non-empty strings`, field);
      return items as string[];
    };
    const commands = list('command')?.map((p) => {
      try { return compileCommandPattern(p); } catch (error) { return fail(`command "${p}" ${(error as Error).message}`, 'command'); }
    });
    const paths = list('path');
    const hosts = list('host')?.map((h) => {
      try { return compileHostPattern(h); } catch (error) { return fail(`host "${h}" ${(error as Error).message}`, 'host'); }
    });
    if (rule.redirects !== undefined && (typeof rule.redirects !== 'boolean' || !commands)) fail('redirects must be true or false, on a rule with command', 'redirects');
    if (rule.examples !== undefined) {
      const ex = rule.examples;
      if (typeof ex !== 'object' || ex === null || Array.isArray(ex) || Object.keys(ex).some((k) => k !== 'match' && k !== 'not_match')) {
        fail('examples must be { match: [...], not_match: [...] }', 'examples');
      }
      for (const key of ['match', 'not_match'] as const) {
        if (ex[key] !== undefined && !Array.isArray(ex[key])) fail(`examples.${key} must be a list of inputs`, 'examples');
      }
    }
    return {
      index,
      rule,
      selects,
      fields,
      ...(commands ? { commands } : {}),
      ...(paths ? { paths: compilePathPatterns(paths, rule.decision !== 'allow') } : {}),
      ...(hosts ? { hosts } : {}),
    };
  };
  const compiled: CompiledRule[] = [];
  rules.forEach((rule, index) => {
    try {
      compiled.push(compileRule(rule, index));
    } catch (error) {
      if (!(error instanceof NotHere)) throw error;
    }
  });

  const rulesFor = new Map<string, CompiledRule[]>();
  const targeting = (op: OperationDescriptor): CompiledRule[] => {
    let found = rulesFor.get(op.id);
    if (!found) {
      const fields = applicableFields(op);
      // A rule whose argument fields cannot apply to this operation does not target it at all.
      found = compiled.filter((r) => r.selects(op) && (r.fields.length === 0 || r.fields.some((f) => fields.includes(f))));
      rulesFor.set(op.id, found);
    }
    return found;
  };
  // What "denied for reading" means: a path rule of an operation that reads paths (a data_source
  // with a path param). Search results leave out what such a rule does not allow.
  const readers = operations.filter((o) => o.kind === 'data_source' && roleIndex(o).path.length > 0);
  const withPreset = (decision: PolicyDecision): PolicyDecision => (preset ? { ...decision, preset } : decision);
  const result = (rule: CompiledRule | undefined): PolicyDecision => withPreset(rule
    ? { decision: rule.rule.decision, rule: rule.index, ...(rule.rule.reason ? { reason: rule.rule.reason } : {}) }
    : { decision: fallback, rule: 'default' });

  let examples: Promise<void> | undefined;
  const checkExamples = () => (examples ??= runExamples(compiled, operations, ownCount));
  if (!compiled.some((r) => r.rule.examples)) examples = Promise.resolve();
  else if (!compileOptions.deferExamples && (!compiled.some((r) => r.commands && r.rule.examples) || bashParserLoaded())) {
    // Without shell examples (or with the parser loaded) they are checked here, synchronously.
    const failure = runExamplesSync(compiled, operations, ownCount);
    if (failure) throw failure;
    examples = Promise.resolve();
  }

  return {
    rules,
    fallback,
    ...(preset ? { preset } : {}),
    checkExamples,
    async examineExamples() {
      if (compiled.some((r) => r.commands && r.rule.examples)) await loadBashParser();
      return compiled.flatMap((rule) => exampleCases(rule, operations).map((c) => {
        const failure = exampleFailure(rule, ownCount, c, ruleMatchesInput(rule, c.op, c.input, { workspaceRoot: '/nonexistent-workspace' }));
        return { rule: rule.index, list: c.list, index: c.index, input: c.input, passed: !failure, ...(failure ? { message: failure.message } : {}) };
      }));
    },
    decide(op) {
      return result(targeting(op).find((r) => r.fields.length === 0));
    },
    async decideCall(op, input, context) {
      const applicable = targeting(op);
      if (!applicable.some((r) => r.fields.length > 0)) return result(applicable[0]);
      if (applicable.some((r) => r.commands)) await loadBashParser();
      await checkExamples();
      return decideInput(op, input, context, applicable, fallback, withPreset);
    },
    deniesOutright(op) {
      for (const rule of targeting(op)) {
        if (rule.fields.length === 0) return rule.rule.decision === 'deny';
        if (rule.rule.decision !== 'deny') return false;
      }
      return fallback === 'deny';
    },
    hidesPath(op, subject) {
      return [op, ...readers].some((o) => {
        for (const rule of targeting(o)) {
          if (rule.fields.length === 0) return false;
          if (rule.paths && pathRuleMatches(rule, subject)) return rule.rule.decision !== 'allow';
        }
        return false;
      });
    },
    decideHost(op, hostname) {
      for (const rule of targeting(op)) {
        if (rule.fields.length === 0 || (rule.hosts && hostRuleMatches(rule, hostname))) return result(rule);
      }
      return result(undefined);
    },
    checksHosts: (op) => targeting(op).some((r) => r.hosts),
    hasArgumentRules: (op) => targeting(op).some((r) => r.fields.length > 0),
    filtersPaths(op) {
      if (!applicableFields(op).includes('path')) return false;
      return [op, ...readers].some((o) => targeting(o).some((r) => r.paths));
    },
  };
}

/** Example inputs as the rule's operation takes them. */
function exampleCases(rule: CompiledRule, operations: readonly OperationDescriptor[]) {
  const ex = rule.rule.examples;
  if (!ex) return [];
  const op = operations.find((o) => rule.selects(o) && (rule.fields.length === 0 || rule.fields.some((f) => applicableFields(o).includes(f))));
  if (!op) return [];
  const cases: { op: OperationDescriptor; input: Record<string, unknown>; list: 'match' | 'not_match'; index: number }[] = [];
  for (const list of ['match', 'not_match'] as const) {
    (ex[list] ?? []).forEach((item, index) => {
      const input = typeof item === 'string' ? { [mainArgument(op) ?? 'input']: item } : (item as Record<string, unknown>);
      cases.push({ op, input, list, index });
    });
  }
  return cases;
}

function exampleFailure(rule: CompiledRule, ownCount: number, c: { input: Record<string, unknown>; list: 'match' | 'not_match'; index: number }, matched: boolean): PolicyError | undefined {
  if (matched === (c.list === 'match')) return undefined;
  const where = rule.index < ownCount ? `policy rule ${rule.index}` : `policy rule ${rule.index} (preset)`;
  const shown = JSON.stringify(Object.keys(c.input).length === 1 ? Object.values(c.input)[0] : c.input);
  return new PolicyError(
    `${where}: example ${c.list}[${c.index}] ${shown} ${matched ? 'is matched by the rule but is listed under not_match' : 'is not matched by the rule'}`,
    rule.index, 'examples', { list: c.list, index: c.index },
  );
}

function runExamplesSync(compiled: CompiledRule[], operations: readonly OperationDescriptor[], ownCount: number): PolicyError | undefined {
  for (const rule of compiled) {
    for (const c of exampleCases(rule, operations)) {
      const failure = exampleFailure(rule, ownCount, c, ruleMatchesInput(rule, c.op, c.input, { workspaceRoot: '/nonexistent-workspace' }));
      if (failure) return failure;
    }
  }
  return undefined;
}

async function runExamples(compiled: CompiledRule[], operations: readonly OperationDescriptor[], ownCount: number): Promise<void> {
  if (compiled.some((r) => r.commands && r.rule.examples)) await loadBashParser();
  const failure = runExamplesSync(compiled, operations, ownCount);
  if (failure) throw failure;
}
