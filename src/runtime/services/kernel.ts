// Owned by the agent provider: what a host supplies so spawn_subagent can run a session,
// and a small in-process reference kernel.
import { ToolError } from '../errors.js';
import { Session } from '../session.js';
import type { AnyOperations } from '../descriptor.js';
import type { Toolkit, ToolkitOptions } from '../types.js';

export interface SubagentRequest {
  prompt: string;
  description: string;
  /** Capability patterns the child may use (already checked to be within the parent's). */
  profile: readonly string[];
  parentSessionId: string;
  /** The child's depth: the root session is 0, its sub-agents 1, … */
  depth: number;
  /** The parent call's signal: aborting the parent aborts the child. */
  signal: AbortSignal;
  /**
   * The parent toolkit's options (with its live task store and its providers), for kernels that
   * build the child's toolkit from them. The kernel must not widen `profile`.
   */
  parentOptions?: Readonly<ToolkitOptions>;
  /**
   * Set only when the parent call's caller follows its progress: tell it how far the child has
   * come, as often as that changes (spawn_subagent throttles what it passes on).
   */
  onProgress?: (progress: SubagentProgress) => void;
}

/** How far a sub-agent has come, as far as its kernel sees. */
export interface SubagentProgress {
  /** Model turns started so far, when the host's loop reports them. */
  turns?: number;
  /** Tool calls the child made so far. */
  toolCalls: number;
}

export interface SubagentResult {
  session_id: string;
  status: 'completed' | 'failed' | 'cancelled';
  output: string;
}

export interface Kernel {
  runSession(request: SubagentRequest): Promise<SubagentResult>;
}

/** What the host's model loop receives for one sub-agent session. */
export interface SubagentStepInput<Ops = AnyOperations> {
  prompt: string;
  description: string;
  /** The child's toolkit: only the operations of its profile, its own session, the parent's services. */
  toolkit: Toolkit<Ops>;
  session: Session;
  depth: number;
  signal: AbortSignal;
  /**
   * Call at the start of each model turn (each request to the model): the parent's progress then
   * counts turns beside the tool calls the child toolkit sees for itself. Cheap when nobody follows.
   */
  startTurn: () => void;
}

/** The host's model loop: uses the toolkit, returns the sub-agent's final report. */
export type SubagentStep<Ops = AnyOperations> = (
  input: SubagentStepInput<Ops>,
) => Promise<string | { output: string; status?: SubagentResult['status'] }>;

export interface InProcessKernelOptions<Ops = AnyOperations> {
  /** `Ops` types the child toolkit's `call` (the package entry defaults it to the reference operations). */
  step: SubagentStep<Ops>;
  /** Options for the child toolkit used when the request carries none (and overrides on top of the parent's). */
  toolkitOptions?: Partial<ToolkitOptions>;
}

// Imported lazily (toolkit.ts → handlers → agent provider → this module) and only once: a repeated
// dynamic import still goes through the module loader on every call.
let toolkitModule: Promise<typeof import('../toolkit.js')> | undefined;
async function loadCreateToolkit() {
  toolkitModule ??= import('../toolkit.js');
  return (await toolkitModule).createToolkit;
}

/**
 * Reference kernel: builds a child toolkit restricted to the requested profile, with a child
 * session one level deeper, and runs the host's `step` against it. A thrown error makes the session
 * `failed` (its message is the output); an abort makes it `cancelled`.
 */
export function createInProcessKernel<Ops = AnyOperations>(
  options: InProcessKernelOptions<Ops>,
  /** Providers for a request whose parentOptions carry none (the package entry passes referenceProviders). */
  fallback: { providers?: ToolkitOptions['providers'] } = {},
): Kernel {
  return {
    async runSession(request) {
      const createToolkit = await loadCreateToolkit();
      const session = new Session({ depth: request.depth, parentId: request.parentSessionId });
      const childOptions = {
        ...(request.parentOptions ?? {}),
        ...options.toolkitOptions,
        profile: request.profile,
        session,
      };
      // The child serves the parent's providers (request.parentOptions carries them), never a default set.
      const providers = childOptions.providers ?? fallback.providers;
      if (!providers) {
        throw new TypeError(
          "the sub-agent toolkit has no providers: the request's parentOptions carry none and toolkitOptions.providers is not set",
        );
      }
      const toolkit = createToolkit<Ops>({ ...childOptions, providers });
      const followed = request.onProgress ? followSession(session, request.onProgress) : undefined;
      try {
        const result = await options.step({
          prompt: request.prompt,
          description: request.description,
          toolkit,
          session,
          depth: request.depth,
          signal: request.signal,
          startTurn: followed ? followed.startTurn : () => undefined,
        });
        if (typeof result === 'string') return { session_id: session.id, status: 'completed', output: result };
        return { session_id: session.id, status: result.status ?? 'completed', output: result.output };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const cancelled = request.signal.aborted || (error instanceof ToolError && error.code === 'CANCELLED');
        return { session_id: session.id, status: cancelled ? 'cancelled' : 'failed', output: message };
      } finally {
        followed?.stop();
        // The child session is over: its background jobs (and anything else it holds) end with it.
        await toolkit.close();
      }
    },
  };
}

/** Counts the child session's calls and the turns its step reports, telling `report` of each. */
function followSession(session: Session, report: (progress: SubagentProgress) => void) {
  let turns = 0;
  let toolCalls = 0;
  let stopped = false;
  const send = () => {
    if (stopped) return;
    try {
      report(turns > 0 ? { turns, toolCalls } : { toolCalls });
    } catch {
      // whoever follows the progress cannot fail the sub-agent
    }
  };
  const unobserve = session.observeCalls(() => {
    toolCalls++;
    send();
  });
  return {
    startTurn: () => {
      turns++;
      send();
    },
    stop: () => {
      stopped = true;
      unobserve();
    },
  };
}
