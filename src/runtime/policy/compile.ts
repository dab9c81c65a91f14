// A compiled policy: `new Policy(options, operations)` checks the rules against the operations that
// exist and answers, per operation, what the rules decide (`decide`, and `check` for one call's
// arguments), and what search results and redirect hops may show.
import type { OperationDescriptor } from '../contract/descriptor.js';
import { hasResultPaths } from './result-paths.js';
import { roleIndex } from '../contract/roles.js';
import {
  applicableFields,
  hostRuleMatches,
  modelledCommands,
  pathRuleMatches,
  type CompiledRule,
  type DecideContext,
  type PathSubject,
} from './arguments.js';
import { PolicyError, didYouMean } from './errors.js';
import {
  checkAllExamples,
  exampleResults,
  firstExampleFailure,
  examplesReady,
  type ExampleResult,
} from './examples.js';
import { loadBashParser } from '../shell/analyser.js';
import { decideInput, type PathReaders } from './decide.js';
import { DECISIONS, NotHere, RuleScope, compileRule } from './rule.js';
import {
  POLICY_PRESETS,
  type Decision,
  type PolicyConfig,
  type PolicyDecision,
  type PolicyOptions,
  type PolicyPreset,
  type PolicyRule,
} from './types.js';

export type { DecideContext } from './arguments.js';
export type { ExampleResult } from './examples.js';
export { wildcardToRegExp } from './rule.js';

export interface CompiledPolicy {
  /** The decision for an operation without looking at its input (rules with command/path/host are skipped). */
  decide(operation: OperationDescriptor): PolicyDecision;
  /**
   * The decision for one call. Synchronous when no rule of the operation looks at arguments (the
   * same as `decide`); otherwise a promise (shell lines are parsed, paths resolved).
   */
  check(
    operation: OperationDescriptor,
    input: unknown,
    context: DecideContext,
  ): PolicyDecision | Promise<PolicyDecision>;
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
  /** The decision of the rule that hides `subject` (as hidesPath), or undefined when none does. */
  hidingDecision(operation: OperationDescriptor, subject: PathSubject): PolicyDecision | undefined;
  /**
   * For a path the operation was given (its own path rules decided it at input): the decision of
   * the rule of an operation that reads paths that keeps it from reading, unless a path rule that
   * names the operation itself (no wildcard) matches it: that rule decides.
   */
  keptFromReading(operation: OperationDescriptor, subject: PathSubject): PolicyDecision | undefined;
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
  examples(): Promise<ExampleResult[]>;
  /** The same as `examples()`. */
  examineExamples(): Promise<ExampleResult[]>;
}

export interface CompileOptions {
  /** Do not check examples while compiling (`policy test` reports them all instead). */
  deferExamples?: boolean;
}

/** What a policy option says once `extends` is applied: the rules in order and the default. */
interface PolicyPlan {
  preset: PolicyPreset | undefined;
  rules: readonly PolicyRule[];
  /** How many of `rules` are the host's own (they come first). */
  ownCount: number;
  fallback: Decision;
}

const POLICY_FIELDS = ['rules', 'default', 'extends'];

function checkPreset(name: unknown): PolicyPreset {
  if (typeof name !== 'string' || !Object.hasOwn(POLICY_PRESETS, name)) {
    throw new PolicyError(
      `unknown policy preset "${String(name)}"${didYouMean(String(name), Object.keys(POLICY_PRESETS))} (known: ${Object.keys(POLICY_PRESETS).join(', ')})`,
    );
  }
  return name as PolicyPreset;
}

/** Reads a preset name or `{ rules, default, extends }`; throws PolicyError on a malformed one. */
function readPolicyOptions(options: PolicyOptions | undefined): PolicyPlan {
  if (
    options !== undefined &&
    typeof options !== 'string' &&
    (typeof options !== 'object' || options === null || Array.isArray(options))
  ) {
    throw new PolicyError('policy must be a preset name or { rules, default, extends }');
  }
  if (typeof options === 'object') {
    const unknown = Object.keys(options).filter((k) => !POLICY_FIELDS.includes(k));
    if (unknown.length > 0)
      throw new PolicyError(
        `policy: unknown field ${unknown.join(', ')}${didYouMean(unknown[0]!, POLICY_FIELDS)} (fields: rules, default, extends)`,
      );
  }
  const preset =
    typeof options === 'string'
      ? checkPreset(options)
      : options?.extends !== undefined
        ? checkPreset(options.extends)
        : undefined;
  const own: PolicyConfig = typeof options === 'string' ? {} : (options ?? {});
  // Checked through `unknown`: Array.isArray would widen the typed rules to any[].
  const givenRules: unknown = own.rules;
  if (givenRules !== undefined && !Array.isArray(givenRules)) throw new PolicyError('policy rules must be an array');
  const base: PolicyConfig = preset ? POLICY_PRESETS[preset] : {};
  // The host's own rules come first, then the preset's; the host's default wins over the preset's.
  const rules: readonly PolicyRule[] = [...(own.rules ?? []), ...(base.rules ?? [])];
  const fallback = own.default ?? base.default ?? 'allow';
  if (!DECISIONS.includes(fallback))
    throw new PolicyError(`policy default must be allow, ask or deny${didYouMean(String(fallback), DECISIONS)}`);
  return { preset, rules, ownCount: own.rules?.length ?? 0, fallback };
}

/** Every rule compiled in order; a preset's rule that fits none of these operations is left out. */
function compileRules(plan: PolicyPlan, operations: readonly OperationDescriptor[]): CompiledRule[] {
  const scope = new RuleScope(operations, plan.ownCount, plan.preset);
  const compiled: CompiledRule[] = [];
  plan.rules.forEach((rule, index) => {
    try {
      compiled.push(compileRule(rule, index, scope));
    } catch (error) {
      if (!(error instanceof NotHere)) throw error;
    }
  });
  checkReachable(compiled, operations, plan.ownCount);
  return compiled;
}

/**
 * A host's rule that an earlier rule without arguments always decides first (for every operation
 * it targets) can never match: an error, never a rule that silently does nothing.
 */
function checkReachable(
  compiled: readonly CompiledRule[],
  operations: readonly OperationDescriptor[],
  ownCount: number,
): void {
  for (const rule of compiled) {
    if (rule.index >= ownCount || rule.index === 0) continue;
    const targeted = operations.filter(
      (op) =>
        rule.selects(op) && (rule.fields.length === 0 || rule.fields.some((f) => applicableFields(op).includes(f))),
    );
    if (targeted.length === 0) continue;
    const shadows = targeted.map((op) =>
      compiled.find((r) => r.index < rule.index && r.fields.length === 0 && r.selects(op)),
    );
    const shadow = shadows[0];
    if (!shadow || shadows.some((r) => r === undefined)) continue;
    const names = targeted.map((o) => o.name);
    throw new PolicyError(
      `policy rule ${rule.index + 1}: can never match: rule ${shadow.index + 1} (${shadow.rule.decision}, with no command, path or host) decides every call of ${names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ')} first; move rule ${rule.index} above it`,
      rule.index,
    );
  }
}

/**
 * A policy checked against the operations that exist. The constructor throws PolicyError (a
 * TypeError) on a malformed policy, naming the rule: the host's own rules must each fit some
 * operation; a preset's rule that fits none of these operations is left out.
 */
export class Policy implements CompiledPolicy {
  readonly rules: readonly PolicyRule[];
  readonly fallback: Decision;
  declare readonly preset?: PolicyPreset;
  readonly #operations: readonly OperationDescriptor[];
  readonly #ownCount: number;
  readonly #compiled: readonly CompiledRule[];
  /** Operation id → the rules that target it, in order (worked out on first use). */
  readonly #targeting = new Map<string, CompiledRule[]>();
  /** Operation id → the rules that may hide paths in its results (worked out on first use). */
  readonly #hiding = new Map<string, CompiledRule[]>();
  /** Operations that read paths (a data_source with a path param): what "denied for reading" means. */
  readonly #readers: readonly OperationDescriptor[];
  #examples: Promise<void> | undefined;

  constructor(
    options: PolicyOptions | undefined,
    operations: readonly OperationDescriptor[],
    compileOptions: CompileOptions = {},
  ) {
    const given: unknown = operations;
    if (!Array.isArray(given))
      throw new TypeError('compilePolicy: operations must be the descriptors the policy is checked against');
    const plan = readPolicyOptions(options);
    this.rules = plan.rules;
    this.fallback = plan.fallback;
    if (plan.preset) this.preset = plan.preset;
    this.#operations = operations;
    this.#ownCount = plan.ownCount;
    this.#compiled = compileRules(plan, operations);
    this.#readers = operations.filter((o) => o.kind === 'data_source' && roleIndex(o).path.length > 0);
    this.#examples = this.#examplesAtCompile(compileOptions);
  }

  /** Examples without shell lines (or with the parser loaded) are checked here, synchronously. */
  #examplesAtCompile(compileOptions: CompileOptions): Promise<void> | undefined {
    const compiled = this.#compiled;
    if (!compiled.some((r) => r.rule.examples)) return Promise.resolve();
    if (compileOptions.deferExamples || !examplesReady(compiled, this.#operations)) return undefined;
    const failure = firstExampleFailure(compiled, this.#operations, this.#ownCount);
    if (failure) throw failure;
    return Promise.resolve();
  }

  checkExamples(): Promise<void> {
    return (this.#examples ??= checkAllExamples(this.#compiled, this.#operations, this.#ownCount));
  }

  examples(): Promise<ExampleResult[]> {
    return exampleResults(this.#compiled, this.#operations, this.#ownCount);
  }

  examineExamples(): Promise<ExampleResult[]> {
    return this.examples();
  }

  /** The rules that target `op`: those that select it and whose argument fields (if any) can apply to it. */
  #rulesFor(op: OperationDescriptor): CompiledRule[] {
    let found = this.#targeting.get(op.id);
    if (!found) {
      const fields = applicableFields(op);
      found = this.#compiled.filter(
        (r) => r.selects(op) && (r.fields.length === 0 || r.fields.some((f) => fields.includes(f))),
      );
      this.#targeting.set(op.id, found);
    }
    return found;
  }

  #withPreset = (decision: PolicyDecision): PolicyDecision =>
    this.preset ? { ...decision, preset: this.preset } : decision;

  #result(rule: CompiledRule | undefined): PolicyDecision {
    return this.#withPreset(
      rule
        ? { decision: rule.rule.decision, rule: rule.index, ...(rule.rule.reason ? { reason: rule.rule.reason } : {}) }
        : { decision: this.fallback, rule: 'default' },
    );
  }

  decide(op: OperationDescriptor): PolicyDecision {
    return this.#result(this.#rulesFor(op).find((r) => r.fields.length === 0));
  }

  check(op: OperationDescriptor, input: unknown, context: DecideContext): PolicyDecision | Promise<PolicyDecision> {
    const applicable = this.#rulesFor(op);
    if (!this.hasArgumentRules(op)) return this.#result(applicable[0]);
    return this.#checkArguments(op, input, context, applicable);
  }

  async #checkArguments(
    op: OperationDescriptor,
    input: unknown,
    context: DecideContext,
    applicable: CompiledRule[],
  ): Promise<PolicyDecision> {
    if (applicable.some((r) => r.commands)) await loadBashParser();
    await this.checkExamples();
    return decideInput(op, input, context, applicable, this.fallback, this.#withPreset, this.#pathReaders);
  }

  /** What the path rules of the operations that read paths keep from them (for modelled command lines). */
  readonly #pathReaders: PathReaders = {
    hiding: (subject) => this.#hidingRule(this.#readers, subject),
    anyHiding: () => {
      for (const o of this.#readers) {
        for (const rule of this.#rulesFor(o)) {
          if (rule.fields.length === 0) break;
          if (rule.paths && rule.rule.decision !== 'allow') return rule;
        }
      }
      return undefined;
    },
  };

  /** `own`: the operation whose results are filtered (its rules include path rules that select it for its result paths). */
  #hidingRule(
    ops: readonly OperationDescriptor[],
    subject: PathSubject,
    own?: OperationDescriptor,
  ): CompiledRule | undefined {
    for (const o of ops) {
      for (const rule of o === own ? this.#hidingRulesFor(o) : this.#rulesFor(o)) {
        if (rule.fields.length === 0) break;
        if (rule.paths && pathRuleMatches(rule, subject)) {
          if (rule.rule.decision !== 'allow') return rule;
          break;
        }
      }
    }
    return undefined;
  }

  async decideCall(op: OperationDescriptor, input: unknown, context: DecideContext): Promise<PolicyDecision> {
    return this.check(op, input, context);
  }

  deniesOutright(op: OperationDescriptor): boolean {
    for (const rule of this.#rulesFor(op)) {
      if (rule.fields.length === 0) return rule.rule.decision === 'deny';
      if (rule.rule.decision !== 'deny') return false;
    }
    return this.fallback === 'deny';
  }

  hasArgumentRules(op: OperationDescriptor): boolean {
    return this.#rulesFor(op).some((r) => r.fields.length > 0) || (modelledCommands(op) && this.filtersPaths(op));
  }

  hidesPath(op: OperationDescriptor, subject: PathSubject): boolean {
    return this.#hidingRule([op, ...this.#readers], subject, op) !== undefined;
  }

  hidingDecision(op: OperationDescriptor, subject: PathSubject): PolicyDecision | undefined {
    const rule = this.#hidingRule([op, ...this.#readers], subject, op);
    return rule ? this.#result(rule) : undefined;
  }

  keptFromReading(op: OperationDescriptor, subject: PathSubject): PolicyDecision | undefined {
    for (const rule of this.#rulesFor(op)) {
      if (rule.fields.length === 0) break;
      // Only a rule naming this operation (no wildcard) speaks for it: a catch-all `path: '**'`
      // allow written for every operation does not lift what a rule keeps from reading.
      const named = rule.rule.operation !== undefined && !rule.rule.operation.includes('*');
      if (named && rule.paths && pathRuleMatches(rule, subject)) return undefined;
    }
    const rule = this.#hidingRule(this.#readers, subject);
    return rule ? this.#result(rule) : undefined;
  }

  filtersPaths(op: OperationDescriptor): boolean {
    // An operation whose result names paths has what a rule hides left out, path params or not.
    if (!applicableFields(op).includes('path') && !hasResultPaths(op)) return false;
    return (
      this.#hidingRulesFor(op).some((r) => r.paths) || this.#readers.some((o) => this.#rulesFor(o).some((r) => r.paths))
    );
  }

  /**
   * The rules that decide whether `op`'s results may name a path: those that select it with no
   * argument field or a path one (a path rule selects an operation whose result has `path` fields
   * even when it takes no path param).
   */
  #hidingRulesFor(op: OperationDescriptor): CompiledRule[] {
    let found = this.#hiding.get(op.id);
    if (!found) {
      found = this.#compiled.filter((r) => r.selects(op) && (r.fields.length === 0 || r.paths !== undefined));
      this.#hiding.set(op.id, found);
    }
    return found;
  }

  decideHost(op: OperationDescriptor, hostname: string): PolicyDecision {
    for (const rule of this.#rulesFor(op)) {
      if (rule.fields.length === 0 || (rule.hosts && hostRuleMatches(rule, hostname))) return this.#result(rule);
    }
    return this.#result(undefined);
  }

  checksHosts(op: OperationDescriptor): boolean {
    return this.#rulesFor(op).some((r) => r.hosts);
  }
}

/**
 * Validates and compiles policy options against the operations that exist (`new Policy`); throws
 * PolicyError (a TypeError) on a malformed policy, naming the rule.
 */
export function compilePolicyFor(
  options: PolicyOptions | undefined,
  operations: readonly OperationDescriptor[],
  compileOptions: CompileOptions = {},
): CompiledPolicy {
  return new Policy(options, operations, compileOptions);
}
