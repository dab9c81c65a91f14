// agent.spawn_subagent: delegates work to a sub-agent run by the host's kernel, within this agent's profile.
import type { SpawnSubagentParams, SpawnSubagentResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { DEFAULT_MAX_DEPTH, scopeCapabilities } from './capabilities.js';
import { subagentProgress } from './progress.js';

export async function spawnSubagent(
  params: SpawnSubagentParams,
  ctx: HandlerContext,
): Promise<Rendered<SpawnSubagentResult>> {
  if (params.prompt.trim() === '')
    throw new ToolError('INVALID_INPUT', 'prompt must not be blank: describe the whole task for the sub-agent');
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
    throw new ToolError(
      'UNAVAILABLE',
      'no agent kernel is attached to this toolkit (createToolkit({ kernel })), so sub-agents cannot run; do the work directly',
    );
  }
  const progress = ctx.progress ? subagentProgress(ctx.progress) : undefined;
  let result;
  try {
    result = await kernel.runSession({
      prompt: params.prompt,
      description: params.description,
      profile,
      parentSessionId: ctx.session.id,
      depth,
      signal: ctx.signal,
      // The child shares the parent's live services (its task list included), never a wider profile.
      parentOptions: {
        ...ctx.toolkit.options,
        principal: ctx.principal,
        tasks: ctx.services.tasks,
        user: ctx.services.user,
        clock: ctx.services.clock,
      },
      ...(progress ? { onProgress: progress.update } : {}),
    });
  } finally {
    progress?.stop();
  }
  const output = { session_id: String(result.session_id), status: result.status, output: String(result.output ?? '') };
  const header =
    output.status === 'completed'
      ? `Sub-agent "${params.description}" (${output.session_id}) finished:`
      : `Sub-agent "${params.description}" (${output.session_id}) ${output.status}:`;
  return withText(output, `${header}\n${output.output}`);
}
