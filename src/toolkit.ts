// The public createToolkit: the runtime's, with the reference providers as the default. It lives
// outside src/runtime/ because the runtime never imports handlers; the reference set reaches the
// runtime only as an argument, the same way a third party's providers do.
import { referenceCodeIntelligence, referenceProviders } from './handlers/index.js';
import type { Provider, OperationsOf } from './runtime/providers.js';
import { createToolkit as createToolkitOver } from './runtime/toolkit.js';
import type { Toolkit, ToolkitOptions } from './runtime/types.js';

/** The providers a toolkit gets when `createToolkit` is given none. */
export type ReferenceProviders = typeof referenceProviders;

/**
 * Creates a toolkit over a workspace. `providers` defaults to `referenceProviders`; pass any mix
 * (`[...referenceProviders, ...gitProviders]`) and `toolkit.call` is typed for all of them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
export function createToolkit<const P extends readonly Provider<any>[] = ReferenceProviders>(
  options: ToolkitOptions<P> = {},
): Toolkit<OperationsOf<P>> {
  return createToolkitOver<OperationsOf<P>>({
    ...options,
    providers: options.providers ?? referenceProviders,
    codeIntelligence: options.codeIntelligence === undefined ? referenceCodeIntelligence : options.codeIntelligence,
  });
}
