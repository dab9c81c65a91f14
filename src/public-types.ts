// The package entry's typed defaults: a `Toolkit` (and a sub-agent step's toolkit) is typed with the
// reference operations unless told otherwise, as before providers were open. The runtime itself
// defaults to an untyped operations map, since it serves whatever providers it is given.
import type { Operations } from './generated/types.js';
import { referenceProviders } from './handlers/index.js';
import {
  createInProcessKernel as createKernel,
  type InProcessKernelOptions,
  type Kernel,
  type SubagentStep as RuntimeSubagentStep,
  type SubagentStepInput as RuntimeSubagentStepInput,
} from './runtime/services/kernel.js';
import type { Toolkit as RuntimeToolkit, TypedCalls as RuntimeTypedCalls } from './runtime/types.js';

/** A toolkit; `Ops` is its operations map (`OperationsOf<typeof providers>`), default the reference set's. */
export type Toolkit<Ops = Operations> = RuntimeToolkit<Ops>;
export type TypedCalls<Ops = Operations> = RuntimeTypedCalls<Ops>;
export type SubagentStepInput<Ops = Operations> = RuntimeSubagentStepInput<Ops>;
export type SubagentStep<Ops = Operations> = RuntimeSubagentStep<Ops>;

/**
 * The in-process reference kernel. The child toolkit serves the parent's providers (the reference
 * ones when a request carries no parent options); its `call` is typed with `Ops` (default: the
 * reference operations).
 */
export function createInProcessKernel<Ops = Operations>(options: InProcessKernelOptions<Ops>): Kernel {
  return createKernel(options, { providers: referenceProviders });
}
