// The public policy functions: the runtime's, checked against the reference catalog's operations
// when no others are given. They live outside src/runtime/ because the runtime never imports the
// generated registry; a toolkit checks its policy against the providers it was given.
import type { OperationDescriptor } from './runtime/contract/descriptor.js';
import { operations as catalogOperations } from './generated/registry.js';
import { compilePolicyFor, type CompiledPolicy, type CompileOptions } from './runtime/policy/compile.js';
import {
  loadPolicyFileFor,
  parsePolicyTextFor,
  type LoadedPolicy,
  type PolicyFormat,
} from './runtime/policy/formats/load.js';
import type { PolicyOptions } from './runtime/policy/types.js';

/** Compiles a policy against `operations` (default: the reference catalog's); throws PolicyError on a malformed one. */
export function compilePolicy(
  options: PolicyOptions | undefined,
  operations: readonly OperationDescriptor[] = catalogOperations,
  compileOptions: CompileOptions = {},
): CompiledPolicy {
  return compilePolicyFor(options, operations, compileOptions);
}

/** Parses, compiles and checks a policy text (default operations: the reference catalog's). */
export function parsePolicyText(
  text: string,
  file: string,
  options: { format?: PolicyFormat; operations?: readonly OperationDescriptor[]; deferExamples?: boolean } = {},
): Promise<LoadedPolicy> {
  return parsePolicyTextFor(text, file, { ...options, operations: options.operations ?? catalogOperations });
}

/** Reads a policy file (`.hcl` → HCL, anything else → YAML), checked against `operations` (default: the reference catalog's). */
export function loadPolicyFile(
  file: string,
  options: { operations?: readonly OperationDescriptor[] } = {},
): Promise<PolicyOptions> {
  return loadPolicyFileFor(file, { operations: options.operations ?? catalogOperations });
}
