// The two hooks of the policy while a call runs: the paths a result names are kept to those path
// rules let through (the runtime hides the rest, see ./result-paths.ts), and a URL's host is
// checked on every redirect hop (web_fetch, and ctx.net for any handler).
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { OperationDescriptor } from '../contract/descriptor.js';
import { ToolError } from '../contract/errors.js';
import type { Workspace } from '../fs/workspace.js';
import { normalizeRelative } from './paths.js';
import type { CompiledPolicy } from './compile.js';
import type { PathSubject } from './arguments.js';
import type { PolicyDecision } from './types.js';

/** A path a rule hides from a call's results, with the decision of the rule that hides it. */
export interface HiddenPath {
  path: string;
  decision: PolicyDecision;
}

export interface HiddenPathsOptions {
  /** The paths hold no symbolic link (they are their own real paths). */
  real?: boolean;
  /**
   * The paths are the call's own arguments, already decided by the operation's path rules: only
   * what the rules of operations that read paths keep from reading (where none of its own matches).
   */
  given?: boolean;
}

export interface PolicyHooks {
  visiblePaths?: (paths: readonly string[]) => Promise<string[]>;
  hiddenPaths?: (paths: readonly string[], options?: HiddenPathsOptions) => Promise<HiddenPath[]>;
  checkHost?: (url: URL) => void;
}

export function policyHooks(policy: CompiledPolicy, op: OperationDescriptor, workspace: Workspace): PolicyHooks {
  const hooks: PolicyHooks = {};
  if (policy.filtersPaths(op)) {
    const subject = async (given: string, known: boolean): Promise<PathSubject> => {
      // A result may name a path absolutely: inside the workspace it is decided as its relative form.
      const lexical = normalizeRelative(path.isAbsolute(given) ? path.relative(workspace.root, given) : given);
      let real: string | undefined = known ? lexical : undefined;
      if (!known) {
        try {
          const target = await realpath(path.resolve(workspace.root, given));
          const relative = path.relative(workspace.root, target);
          real = relative.startsWith('..') || path.isAbsolute(relative) ? undefined : normalizeRelative(relative);
        } catch {
          /* gone or unreadable: decided on the path as given */
        }
      }
      return { given, ...(lexical ? { lexical } : {}), ...(real ? { real } : {}) };
    };
    hooks.visiblePaths = async (paths) => {
      const kept: string[] = [];
      for (const given of paths) if (!policy.hidesPath(op, await subject(given, false))) kept.push(given);
      return kept;
    };
    hooks.hiddenPaths = async (paths, options) => {
      const hidden: HiddenPath[] = [];
      for (const given of paths) {
        const named = await subject(given, options?.real === true);
        const decision = options?.given ? policy.keptFromReading(op, named) : policy.hidingDecision(op, named);
        if (decision) hidden.push({ path: given, decision });
      }
      return hidden;
    };
  }
  if (policy.checksHosts(op)) {
    hooks.checkHost = (url) => {
      const decision = policy.decideHost(op, url.hostname);
      if (decision.decision === 'allow') return;
      const why =
        decision.reason ??
        (decision.decision === 'ask'
          ? 'it needs approval; fetch that URL directly so the request can be approved'
          : 'the policy does not allow that host');
      throw new ToolError('DENIED_BY_POLICY', `${op.name} stopped at ${url.host}: ${why}`, {
        policy: decision,
        url: url.href,
      });
    };
  }
  return hooks;
}
