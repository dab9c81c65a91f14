// A small in-process reference kernel for spawn_subagent (what a kernel is: Kernel in ../contract/types.ts).
// It builds child toolkits with the factory it is given: the runtime's toolkit module is its caller's
// to name, never imported from here.
import { ToolError } from '../contract/errors.js';
import { Session } from '../session/session.js';
import type { AnyOperations } from '../contract/descriptor.js';
import type {
  Kernel,
  Provider,
  SubagentProgress,
  SubagentResult,
  ToolkitOf,
  ToolkitOptions,
} from '../contract/types.js';

export type { Kernel, SubagentProgress, SubagentRequest, SubagentResult } from '../contract/types.js';

/** What the host's model loop receives for one sub-agent session. */
export interface SubagentStepInputOf<Ops = AnyOperations> {
  prompt: string;
  description: string;
  /** The child's toolkit: only the operations of its profile, its own session, the parent's services. */
  toolkit: ToolkitOf<Ops>;
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
export type SubagentStepOf<Ops = AnyOperations> = (
  input: SubagentStepInputOf<Ops>,
) => Promise<string | { output: string; status?: SubagentResult['status'] }>;

export interface InProcessKernelOptions<Ops = AnyOperations> {
  /** `Ops` types the child toolkit's `call` (the package entry defaults it to the reference operations). */
  step: SubagentStepOf<Ops>;
  /** Options for the child toolkit used when the request carries none (and overrides on top of the parent's). */
  toolkitOptions?: Partial<ToolkitOptions>;
}

/** How the kernel builds a child toolkit, and from which providers when the request names none. */
export interface KernelHost {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
  createToolkit: <Ops>(options: ToolkitOptions & { providers: readonly Provider<any>[] }) => ToolkitOf<Ops>;
  /** Providers for a request whose parentOptions carry none (the package entry passes referenceProviders). */
  providers?: ToolkitOptions['providers'];
}

/**
 * Reference kernel: builds a child toolkit restricted to the requested profile, with a child
 * session one level deeper, and runs the host's `step` against it. A thrown error makes the session
 * `failed` (its message is the output); an abort makes it `cancelled`.
 */
export function inProcessKernel<Ops = AnyOperations>(options: InProcessKernelOptions<Ops>, host: KernelHost): Kernel {
  return {
    async runSession(request) {
      const session = new Session({ depth: request.depth, parentId: request.parentSessionId });
      const childOptions = {
        ...(request.parentOptions ?? {}),
        ...options.toolkitOptions,
        profile: request.profile,
        session,
      };
      // The child serves the parent's providers (request.parentOptions carries them), never a default set.
      const providers = childOptions.providers ?? host.providers;
      if (!providers) {
        throw new TypeError(
          "the sub-agent toolkit has no providers: the request's parentOptions carry none and toolkitOptions.providers is not set",
        );
      }
      const toolkit = host.createToolkit<Ops>({ ...childOptions, providers });
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
