import type { Kind, OperationDescriptor, Risk } from './descriptor.js';
import { RISK_ORDER } from './descriptor.js';

export type Decision = 'allow' | 'ask' | 'deny';

/**
 * One policy rule. Every field given must match (`*` wildcards in provider/operation; kind and
 * risk accept `*` too, and risk accepts a comparison such as `>=moderate`). First match wins.
 */
export interface PolicyRule {
  provider?: string;
  operation?: string;
  kind?: Kind | '*';
  risk?: Risk | '*' | `${'>=' | '>' | '<=' | '<'}${Risk}`;
  decision: Decision;
  /** Shown to the model when the rule denies a call. */
  reason?: string;
}

export interface PolicyConfig {
  rules?: readonly PolicyRule[];
  /** Decision when no rule matches (default: the extended preset's, else `allow`). */
  default?: Decision;
  /** A preset whose rules apply after these rules (and whose default applies unless `default` is set). */
  extends?: PolicyPreset;
}

export type PolicyPreset = 'readOnly' | 'askForRisky' | 'allowAll';
export type PolicyOptions = PolicyConfig | PolicyPreset;

export interface PolicyDecision {
  decision: Decision;
  /** Index of the rule that matched, or 'default'. */
  rule: number | 'default';
  preset?: PolicyPreset;
  reason?: string;
  /** Set when an `ask` decision went to the user. */
  approved?: boolean;
}

export const POLICY_PRESETS: Record<PolicyPreset, PolicyConfig> = {
  // Only pure reads run; resources and interactive calls are refused.
  readOnly: { rules: [{ kind: 'data_source', decision: 'allow' }], default: 'deny' },
  // Reads and internal low-risk mutations run; anything riskier asks the user.
  askForRisky: { rules: [{ risk: '<=low', decision: 'allow' }], default: 'ask' },
  allowAll: { rules: [], default: 'allow' },
};

const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];
const KINDS: readonly string[] = ['data_source', 'resource', 'interactive'];
const RULE_KEYS: readonly string[] = ['provider', 'operation', 'kind', 'risk', 'decision', 'reason'];

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
  decide(operation: OperationDescriptor): PolicyDecision;
  /** True when no input of the operation can ever be allowed (listings leave such operations out). */
  deniesOutright(operation: OperationDescriptor): boolean;
}

/** Validates and compiles policy options; throws TypeError on a malformed policy (a host bug). */
export function compilePolicy(options: PolicyOptions | undefined): CompiledPolicy {
  const checkPreset = (name: string): PolicyPreset => {
    if (!Object.hasOwn(POLICY_PRESETS, name)) {
      throw new TypeError(`unknown policy preset "${name}" (known: ${Object.keys(POLICY_PRESETS).join(', ')})`);
    }
    return name as PolicyPreset;
  };
  if (options !== undefined && typeof options !== 'string' && (typeof options !== 'object' || options === null)) {
    throw new TypeError('policy must be a preset name or { rules, default, extends }');
  }
  const preset = typeof options === 'string' ? checkPreset(options)
    : options?.extends !== undefined ? checkPreset(options.extends) : undefined;
  const own: PolicyConfig = typeof options === 'string' ? {} : options ?? {};
  const base: PolicyConfig = preset ? POLICY_PRESETS[preset] : {};
  // The host's own rules come first, then the preset's; the host's default wins over the preset's.
  const config: PolicyConfig = {
    rules: [...(own.rules ?? []), ...(base.rules ?? [])],
    default: own.default ?? base.default ?? 'allow',
  };
  const fallback = config.default!;
  if (!DECISIONS.includes(fallback)) throw new TypeError(`policy default must be allow, ask or deny`);
  if (!Array.isArray(config.rules)) throw new TypeError('policy rules must be an array');
  const rules = (config.rules ?? []).map((rule, index) => {
    if (typeof rule !== 'object' || rule === null) throw new TypeError(`policy rule ${index} must be an object`);
    const unknown = Object.keys(rule).filter((key) => !RULE_KEYS.includes(key));
    if (unknown.length > 0) {
      throw new TypeError(`policy rule ${index}: unknown field ${unknown.join(', ')} (fields: ${RULE_KEYS.join(', ')})`);
    }
    if (!DECISIONS.includes(rule.decision)) {
      throw new TypeError(`policy rule ${index}: decision must be allow, ask or deny`);
    }
    for (const key of ['provider', 'operation'] as const) {
      if (rule[key] !== undefined && (typeof rule[key] !== 'string' || rule[key] === '')) {
        throw new TypeError(`policy rule ${index}: ${key} must be a non-empty pattern`);
      }
    }
    if (rule.kind !== undefined && rule.kind !== '*' && !KINDS.includes(rule.kind)) {
      throw new TypeError(`policy rule ${index}: unknown kind "${rule.kind}" (kinds: ${KINDS.join(', ')})`);
    }
    const provider = rule.provider ? wildcardToRegExp(rule.provider) : undefined;
    const operation = rule.operation ? wildcardToRegExp(rule.operation) : undefined;
    const kind = rule.kind && rule.kind !== '*' ? rule.kind : undefined;
    if (rule.risk) riskMatches(rule.risk, 'read_only'); // validates the spec early
    return (op: OperationDescriptor): boolean =>
      (!provider || provider.test(op.provider)) &&
      (!operation || operation.test(op.name) || operation.test(op.id)) &&
      (!kind || kind === op.kind) &&
      (!rule.risk || riskMatches(rule.risk, op.risk));
  });
  return {
    decide(op) {
      for (let i = 0; i < rules.length; i++) {
        if (rules[i]!(op)) {
          const rule = config.rules![i]!;
          return withPreset({ decision: rule.decision, rule: i, ...(rule.reason ? { reason: rule.reason } : {}) }, preset);
        }
      }
      return withPreset({ decision: fallback, rule: 'default' }, preset);
    },
    deniesOutright(op) {
      return this.decide(op).decision === 'deny';
    },
  };
}

function withPreset(decision: PolicyDecision, preset: PolicyPreset | undefined): PolicyDecision {
  return preset ? { ...decision, preset } : decision;
}

/**
 * Compiles capability patterns to a matcher. A pattern matches an operation's id (`search.grep`,
 * `search.*`, `*`), its tool name (`read_file`, `task_*`), or — a bare word — its provider (`search`).
 */
export function compileProfile(patterns: readonly string[] | undefined): (op: OperationDescriptor) => boolean {
  if (patterns === undefined) return () => true;
  if (!Array.isArray(patterns)) throw new TypeError('profile must be an array of capability patterns');
  const matchers = patterns.map((pattern, index) => {
    if (typeof pattern !== 'string' || pattern.trim() === '') {
      throw new TypeError(`profile[${index}] must be a non-empty capability pattern such as "filesystem.*"`);
    }
    const re = wildcardToRegExp(pattern.trim());
    const provider = /^[a-z][a-z0-9_]*$/.test(pattern.trim()) ? pattern.trim() : undefined;
    return (op: OperationDescriptor) => re.test(op.id) || re.test(op.name) || op.provider === provider;
  });
  return (op) => matchers.some((matches) => matches(op));
}

export interface ProfileExcess {
  /** Requested patterns that match no operation at all (likely typos). */
  unmatched: string[];
  /** Requested patterns that reach beyond the parent profile. */
  widening: string[];
  /** Ids of the operations the request would add beyond the parent profile. */
  outside: string[];
}

/**
 * What a requested profile would add to `parent` (undefined = everything), computed over the given
 * operations (the registry): `requested` is a subset when every operation it matches, the parent matches.
 */
export function profileExcess(
  requested: readonly string[],
  parent: readonly string[] | undefined,
  operations: readonly OperationDescriptor[],
): ProfileExcess {
  const inParent = compileProfile(parent);
  const result: ProfileExcess = { unmatched: [], widening: [], outside: [] };
  const outside = new Set<string>();
  for (const pattern of requested) {
    const matched = operations.filter(compileProfile([pattern]));
    if (matched.length === 0) result.unmatched.push(pattern);
    const extra = matched.filter((op) => !inParent(op));
    if (extra.length > 0) result.widening.push(pattern);
    for (const op of extra) outside.add(op.id);
  }
  result.outside = [...outside];
  return result;
}
