import type { Kind, Risk } from '../contract/descriptor.js';

export type Decision = 'allow' | 'ask' | 'deny';

/** Inputs of the rule's operation that must (match) or must not (not_match) be matched by it. */
export interface RuleExamples {
  /** A string is the operation's main argument (`command`, `path`, `url`); an object is a whole input. */
  match?: readonly (string | Record<string, unknown>)[];
  not_match?: readonly (string | Record<string, unknown>)[];
}

/**
 * One policy rule. Every field given must match (`*` wildcards in provider/operation; kind and
 * risk accept `*` too, and risk accepts a comparison such as `>=moderate`). First match wins.
 * `command`, `path` and `host` look at the call's input (docs/policy.md).
 */
export interface PolicyRule {
  provider?: string;
  operation?: string;
  kind?: Kind | '*';
  risk?: Risk | '*' | `${'>=' | '>' | '<=' | '<'}${Risk}`;
  /** Operations with a `command` param (a shell line): patterns over one simple command's words (`git log *`). */
  command?: string | readonly string[];
  /** With `command` and `allow`: the command may also redirect its output into files. */
  redirects?: boolean;
  /** Operations with a `path` param: gitignore-style globs over the workspace-relative path. */
  path?: string | readonly string[];
  /** Operations with a `url` param: host names (`example.com`, `*.example.com`), checked on every redirect hop. */
  host?: string | readonly string[];
  examples?: RuleExamples;
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

export type PolicyPreset = 'readOnly' | 'askForRisky' | 'unattended' | 'allowAll';
export type PolicyOptions = PolicyConfig | PolicyPreset;

/** How one simple command of a shell line was decided. */
export interface CommandDecision {
  command: string;
  decision: Decision;
  rule: number | 'default';
  /** Why it could not be known statically (a command rule never allows it). */
  opaque?: string;
  /** Wrappers it was found through. */
  via?: string[];
  /** Files its output redirections write. */
  writes?: string[];
}

export interface PolicyDecision {
  decision: Decision;
  /** Index of the rule that matched, or 'default'. */
  rule: number | 'default';
  preset?: PolicyPreset;
  reason?: string;
  /** Set when an `ask` decision went to the user. */
  approved?: boolean;
  /** Shell lines: every simple command with its own decision (the call gets the strictest). */
  commands?: CommandDecision[];
}

/** Shell commands that only read and have no option that writes or runs a program. */
// No git: a repository's own config makes plain `git status` or `git diff` run programs
// (core.fsmonitor, diff.external, drivers), which only shell_read's hardened git rules out.
export const SAFE_READ_COMMANDS: readonly string[] = [
  'ls',
  'ls *',
  'pwd',
  'echo *',
  'wc *',
  'which *',
  'date',
  'whoami',
  'uname *',
];

/**
 * The read-only shell commands allowed for operations that run a shell line (a `command` param)
 * and change things (`resource`), up to risk high: bash in the reference set, and a provider's own
 * shell tool alike. A critical one (e.g. a command run on a production host) is not included.
 */
const SAFE_SHELL_RULE: PolicyRule = {
  kind: 'resource',
  risk: '<=high',
  command: SAFE_READ_COMMANDS,
  decision: 'allow',
};

// A preset's rule about operations a toolkit does not have is left out of that toolkit's policy.
export const POLICY_PRESETS: Record<PolicyPreset, PolicyConfig> = {
  // Only pure reads run (shell_read included); resources and interactive calls are refused.
  readOnly: { rules: [{ kind: 'data_source', decision: 'allow' }], default: 'deny' },
  // Reads, internal low-risk mutations and a few read-only shell commands run; anything riskier asks.
  askForRisky: {
    rules: [SAFE_SHELL_RULE, { risk: '<=low', decision: 'allow' }],
    default: 'ask',
  },
  // No human in the loop: reads, the task list and the read-only shell commands; a host extends the
  // bash allowlist with its own rules (`extends: unattended`, rules: [{operation: bash, command: [...]}]).
  unattended: {
    rules: [
      SAFE_SHELL_RULE,
      { kind: 'data_source', decision: 'allow' },
      { provider: 'task', risk: '<=low', decision: 'allow' },
    ],
    default: 'deny',
  },
  allowAll: { rules: [], default: 'allow' },
};
