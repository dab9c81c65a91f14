// agent provider: delegate work to a sub-agent run by the host's kernel, within this agent's profile.
import type { AgentHandlers } from '../generated/types.js';
import type { OperationDescriptor } from '../runtime/descriptor.js';
import { ToolError } from '../runtime/errors.js';
import { withText } from '../runtime/handler.js';
import { profileExcess } from '../runtime/policy.js';
import type { HandlerContext } from '../runtime/types.js';

export const DEFAULT_MAX_DEPTH = 3;

/** Every operation the calling toolkit serves (its providers, before its profile is applied). */
const providersOf = (ctx: Pick<HandlerContext, 'toolkit'>) => ctx.toolkit.options.providers ?? [];
const allOperations = (ctx: Pick<HandlerContext, 'toolkit'>): OperationDescriptor[] => providersOf(ctx).flatMap((p) => [...p.operations]);

/**
 * Checks that `requested` lies within the caller's profile: every operation of the registry that a
 * requested pattern matches must be one the caller's profile matches. Returns the child's profile.
 */
export function scopeCapabilities(requested: readonly string[] | undefined, ctx: Pick<HandlerContext, 'toolkit'>): readonly string[] {
  const own = ctx.toolkit.options.profile;
  if (requested === undefined) return own ?? ['*'];
  const blank = requested.findIndex((pattern) => pattern.trim() === '');
  if (blank !== -1) {
    throw new ToolError('INVALID_INPUT', `capabilities[${blank}] is blank; give an operation (read_file) or a pattern (filesystem.*)`);
  }
  const excess = profileExcess(requested, own, allOperations(ctx));
  if (excess.unmatched.length > 0) {
    const providersKnown = providersOf(ctx).map((p) => `${p.name}.*`).join(', ');
    throw new ToolError(
      'INVALID_INPUT',
      `capabilities ${excess.unmatched.map((p) => `"${p}"`).join(', ')} match no operation (use an operation such as read_file or filesystem.read_file, or a pattern such as ${providersKnown})`,
    );
  }
  if (excess.outside.length > 0) {
    throw new ToolError(
      'DENIED_BY_POLICY',
      `a sub-agent cannot have capabilities this agent lacks: ${excess.widening.map((p) => `"${p}"`).join(', ')} would add ${excess.outside.join(', ')}` +
        ` (this agent's profile: ${(own ?? ['*']).join(', ')}); ask only for operations within it, or omit capabilities to pass on this agent's own`,
      { outside: excess.outside, requested: [...requested], profile: own ? [...own] : ['*'] },
    );
  }
  return [...requested];
}

export const agentHandlers: AgentHandlers = {
  async spawn_subagent(params, ctx) {
    if (params.prompt.trim() === '') throw new ToolError('INVALID_INPUT', 'prompt must not be blank: describe the whole task for the sub-agent');
    const profile = scopeCapabilities(params.capabilities, ctx);
    const maxDepth = ctx.toolkit.options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const depth = ctx.session.depth + 1;
    if (depth > maxDepth) {
      throw new ToolError(
        'DENIED_BY_POLICY',
        `sub-agent depth limit reached: this agent is at depth ${ctx.session.depth} and the limit is ${maxDepth}; do the work directly instead of delegating`,
        { depth: ctx.session.depth, maxDepth },
      );
    }
    const kernel = ctx.services.kernel;
    if (!kernel) {
      throw new ToolError('UNAVAILABLE', 'no agent kernel is attached to this toolkit (createToolkit({ kernel })), so sub-agents cannot run; do the work directly');
    }
    const result = await kernel.runSession({
      prompt: params.prompt,
      description: params.description,
      profile,
      parentSessionId: ctx.session.id,
      depth,
      signal: ctx.signal,
      // The child shares the parent's live services (its task list included), never a wider profile.
      parentOptions: { ...ctx.toolkit.options, tasks: ctx.services.tasks, user: ctx.services.user, clock: ctx.services.clock },
    });
    const output = { session_id: String(result.session_id), status: result.status, output: String(result.output ?? '') };
    const header = output.status === 'completed'
      ? `Sub-agent "${params.description}" (${output.session_id}) finished:`
      : `Sub-agent "${params.description}" (${output.session_id}) ${output.status}:`;
    return withText(output, `${header}\n${output.output}`);
  },
};
