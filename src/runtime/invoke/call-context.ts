// The context a handler gets (HandlerContext), and the checks of `url` arguments that fill its
// `urls` before the handler runs.
import type { CallCheckpoint } from '../checkpoints/recorder.js';
import { ConfinedPath } from '../fs/confined-path.js';
import type { OperationDescriptor } from '../contract/descriptor.js';
import { ToolError } from '../contract/errors.js';
import { LazyNet } from '../net/lazy.js';
import type { CheckedTarget } from '../net/guarded.js';
import { roleIndex } from '../contract/roles.js';
import type { Caller } from '../toolkit/principal.js';
import type { Session } from '../session/session.js';
import type { StoreKey } from '../store/types.js';
import type { HandlerContext, Services, ToolkitOf } from '../contract/types.js';
import type { ProgressEvent } from './progress.js';
import type { ResolvedPath, Workspace } from '../fs/workspace.js';

const SELF = Symbol('context');
const CALLER = Symbol('caller signal');
const OWN = Symbol('own signal');
const NET = Symbol('net');
const CHECKPOINT = Symbol('checkpoint');
const STARTED = Symbol('started');
const NONE: Readonly<Record<string, never>> = Object.freeze({});
const NOTHING_DEFAULTED: ReadonlySet<string> = new Set();

/**
 * The context a handler gets. A class, not a literal with a getter: no per-call closures; the
 * signal is created only when a handler (or an approval) asks for it, since an AbortController is
 * the largest fixed cost of a call and one shared never-aborting signal would leak through
 * AbortSignal.any() (each composed signal stays registered on it).
 */
export class CallContext implements HandlerContext {
  // Symbol keys, not #private: a handler may derive a context with Object.create(ctx) (shell_read
  // does), and the getter then runs with the derived object as `this`; [SELF] finds the real one.
  readonly [SELF]: CallContext;
  readonly [CALLER]: AbortSignal | undefined;
  [OWN]: AbortSignal | undefined;
  [NET]: LazyNet | undefined;
  [CHECKPOINT]: CallCheckpoint | undefined;
  paths: Readonly<Record<string, ResolvedPath>> = NONE;
  pathLists: Readonly<Record<string, readonly ResolvedPath[]>> = NONE;
  urls: Readonly<Record<string, CheckedTarget>> = NONE;
  defaulted: ReadonlySet<string> = NOTHING_DEFAULTED;
  /** Set from the policy's hooks before the handler runs (an own property only then). */
  declare checkHost?: (url: URL) => void;
  /** Set from the policy's hooks with path rules: keeps the paths this call may name. */
  declare visiblePaths?: (paths: readonly string[]) => Promise<string[]>;
  readonly services: Services;
  readonly principal: string;
  readonly storeKey: StoreKey;
  readonly [STARTED]: number;
  /** Set when the caller asked for progress (an own property only then). */
  declare progress?: (event: ProgressEvent) => void;
  constructor(
    readonly workspace: Workspace,
    readonly session: Session,
    caller: Caller,
    readonly operation: OperationDescriptor,
    readonly toolkit: ToolkitOf,
    callerSignal: AbortSignal | undefined,
  ) {
    this.services = caller.services;
    this.principal = caller.principal;
    this.storeKey = caller.storeKey;
    this[STARTED] = Date.now();
    this[SELF] = this;
    this[CALLER] = callerSignal;
    this[OWN] = undefined;
    this[NET] = undefined;
    this[CHECKPOINT] = undefined;
  }

  /** When the call began (ms): a checkpoint dates from here, before any folder the call makes. */
  get startedAt(): number {
    return this[SELF][STARTED];
  }

  /** This call's checkpoint recorder, made on first use (undefined with checkpoints off). */
  get checkpoint(): CallCheckpoint | undefined {
    const self = this[SELF];
    const keeper = self.services.checkpoints;
    return keeper ? (self[CHECKPOINT] ??= keeper.forCall(self)) : undefined;
  }

  get signal(): AbortSignal {
    const self = this[SELF];
    return self[CALLER] ?? (self[OWN] ??= new AbortController().signal);
  }

  get net(): LazyNet {
    const self = this[SELF];
    return (self[NET] ??= new LazyNet(() => ({
      web: self.services.web,
      checkHost: self.checkHost,
      who: self.operation.name,
      signal: self.signal,
      checked: Object.values(self.urls),
    })));
  }

  async existingPath(param: string): Promise<ResolvedPath> {
    const resolved = this.paths[param];
    if (!resolved) {
      throw new ToolError(
        'INTERNAL',
        `the ${param} argument was not confined by the runtime; is it a path-role param given or defaulted in the catalog?`,
      );
    }
    if (resolved.exists) return resolved;
    // Loaded on a miss only: a call that finds its path pays nothing for the wording.
    const { missingPathError } = await import('../fs/missing-path.js');
    throw await missingPathError(resolved, this.visiblePaths);
  }

  /** The call is over (or the handler settled): what the call opened for it is freed. */
  endCall(): void {
    const self = this[SELF];
    self[NET]?.close();
    for (const name in self.paths) {
      const given = self.paths[name];
      if (given instanceof ConfinedPath) given.release();
    }
  }
}

/**
 * The signal a handler's long work checks, without making one: undefined for a call of this
 * runtime that no caller can cancel (the signal `ctx.signal` would make for it never aborts).
 */
export function cancelSignalOf(ctx: HandlerContext): AbortSignal | undefined {
  const self = (ctx as Partial<CallContext>)[SELF];
  return self instanceof CallContext ? (self[CALLER] ?? self[OWN]) : ctx.signal;
}

/** Every `url` argument checked (scheme, host rules, address guard) before the handler runs. */
export async function checkUrls(
  op: OperationDescriptor,
  input: Record<string, unknown>,
  ctx: CallContext,
): Promise<Record<string, CheckedTarget>> {
  const { checkUrl } = await import('../net/guarded.js');
  const checked: Record<string, CheckedTarget> = {};
  for (const name of roleIndex(op).url) {
    const value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (typeof value !== 'string') continue;
    // No host check here: the policy decided these hosts with the call (an `ask` host is approved next).
    checked[name] = await checkUrl(value, { web: ctx.services.web, who: op.name }, name);
  }
  return checked;
}
