// What a sub-agent may do: within its parent's profile, and how deep sub-agents may nest.
import type { OperationDescriptor } from '../../runtime/contract/descriptor.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { profileExcess } from '../../runtime/policy/index.js';
import type { HandlerContext } from '../../runtime/contract/types.js';

export const DEFAULT_MAX_DEPTH = 3;

/** Every operation the calling toolkit serves (its providers, before its profile is applied). */
const providersOf = (ctx: Pick<HandlerContext, 'toolkit'>) => ctx.toolkit.options.providers ?? [];
const allOperations = (ctx: Pick<HandlerContext, 'toolkit'>): OperationDescriptor[] =>
  providersOf(ctx).flatMap((p) => [...p.operations]);

/**
 * Checks that `requested` lies within the caller's profile: every operation of the registry that a
 * requested pattern matches must be one the caller's profile matches. Returns the child's profile.
 */
export function scopeCapabilities(
  requested: readonly string[] | undefined,
  ctx: Pick<HandlerContext, 'toolkit'>,
): readonly string[] {
  const own = ctx.toolkit.options.profile;
  if (requested === undefined) return own ?? ['*'];
  const blank = requested.findIndex((pattern) => pattern.trim() === '');
  if (blank !== -1) {
    throw new ToolError(
      'INVALID_INPUT',
      `capabilities[${blank}] is blank; give an operation (read_file) or a pattern (filesystem.*)`,
    );
  }
  const excess = profileExcess(requested, own, allOperations(ctx));
  if (excess.unmatched.length > 0) {
    const providersKnown = providersOf(ctx)
      .map((p) => `${p.name}.*`)
      .join(', ');
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
