// The package entry's typed defaults: a `Toolkit` (and a sub-agent step's toolkit) is typed with the
// reference operations unless told otherwise, as before providers were open. The runtime itself
// defaults to an untyped operations map, since it serves whatever providers it is given.
import type { Operations } from './generated/types.js';
import { referenceProviders } from './handlers/index.js';
import { buildToolkit } from './runtime/toolkit/toolkit.js';
import {
  inProcessKernel,
  type InProcessKernelOptions,
  type Kernel,
  type SubagentStepOf,
  type SubagentStepInputOf,
} from './runtime/services/kernel.js';
import type { ToolkitOf, TypedCallsOf } from './runtime/contract/types.js';

/** A toolkit; `Ops` is its operations map (`OperationsOf<typeof providers>`), default the reference set's. */
export type Toolkit<Ops = Operations> = ToolkitOf<Ops>;
export type TypedCalls<Ops = Operations> = TypedCallsOf<Ops>;
export type SubagentStepInput<Ops = Operations> = SubagentStepInputOf<Ops>;
export type SubagentStep<Ops = Operations> = SubagentStepOf<Ops>;

/**
 * The in-process reference kernel. The child toolkit serves the parent's providers (the reference
 * ones when a request carries no parent options); its `call` is typed with `Ops` (default: the
 * reference operations).
 */
export function createInProcessKernel<Ops = Operations>(options: InProcessKernelOptions<Ops>): Kernel {
  return inProcessKernel(options, { createToolkit: buildToolkit, providers: referenceProviders });
}
