// A language server reads every source file of the workspace as it loads its projects, whatever a
// path rule says: what it answers (a hover's type, a diagnostic's message) can quote a file the
// policy keeps from reading. While such a file is among those it reads, it is not asked.
import { ToolError } from '../contract/errors.js';
import type { HandlerContext } from '../contract/types.js';

/** How many of the sources a language server reads the policy keeps from this call (0 without path rules). */
export async function hiddenSourceCount(
  ctx: HandlerContext,
): Promise<{ count: number; decision?: unknown } | undefined> {
  const code = ctx.services.code;
  if (!code || !ctx.hiddenPaths) return undefined;
  const sources = await code.coveredSources();
  const hidden = sources.length ? await ctx.hiddenPaths(sources) : [];
  return hidden.length ? { count: hidden.length, decision: hidden[0]!.decision } : undefined;
}

/** DENIED_BY_POLICY when the server would read a source the policy keeps from this call; names none. */
export async function refuseWhenServerReadsHidden(ctx: HandlerContext, what: string): Promise<void> {
  const hidden = await hiddenSourceCount(ctx);
  if (!hidden) return;
  throw new ToolError(
    'DENIED_BY_POLICY',
    `${what} is not asked: the language server reads every source file of the workspace, ${hidden.count === 1 ? 'one of them a file' : `${hidden.count} of them files`} the policy keeps from reading, and its answer could show ${hidden.count === 1 ? 'it' : 'them'}`,
    { policy: hidden.decision },
  );
}
