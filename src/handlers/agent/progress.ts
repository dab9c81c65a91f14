// Progress of a sub-agent for the parent call's caller: the turns and tool calls its kernel
// reports, with the time since it started (what grows while the child's model thinks).
import { elapsedProgress } from '../../runtime/invoke/progress.js';
import type { SubagentProgress } from '../../runtime/services/kernel.js';
import type { HandlerContext } from '../../runtime/contract/types.js';

export interface SubagentProgressFeed {
  /** What the kernel is given as the request's `onProgress`. */
  update: (progress: SubagentProgress) => void;
  stop: () => void;
}

export function subagentProgress(report: NonNullable<HandlerContext['progress']>): SubagentProgressFeed {
  let turns = 0;
  let toolCalls = 0;
  const feed = elapsedProgress(report, () => {
    const calls = `${toolCalls} tool call${toolCalls === 1 ? '' : 's'}`;
    return turns > 0 ? `turn ${turns}, ${calls}` : calls;
  });
  return {
    update: (progress) => {
      try {
        // A host's kernel may pass anything: only counts are taken, never a smaller one.
        const given = (typeof progress === 'object' && progress !== null ? progress : {}) as Partial<SubagentProgress>;
        toolCalls = larger(given.toolCalls, toolCalls);
        turns = larger(given.turns, turns);
      } catch {
        return; // a getter that throws: nothing new is known
      }
      feed.tick();
    },
    stop: feed.stop,
  };
}

/** `value` when it is a count above `known`, else `known`. */
function larger(value: unknown, known: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > known ? value : known;
}
