// loadPolicyFile: a YAML or HCL policy file → PolicyOptions, compiled (and its examples run) so
// every mistake is reported as FILE:LINE:COL before a toolkit uses it.
import { readFile } from 'node:fs/promises';
import type { OperationDescriptor } from '../../contract/descriptor.js';
import { compilePolicyFor, type CompiledPolicy } from '../compile.js';
import { PolicyError } from '../errors.js';
import type { PolicyOptions } from '../types.js';
import { PolicyFileError, locateError, type PolicySource } from './source.js';

export type PolicyFormat = 'yaml' | 'hcl';

export function policyFormatOf(file: string): PolicyFormat {
  return /\.hcl$/i.test(file) ? 'hcl' : 'yaml';
}

export interface LoadedPolicy {
  policy: PolicyOptions;
  compiled: CompiledPolicy;
  source: PolicySource;
}

/** Parses, compiles and checks a policy text; errors are PolicyFileError (`FILE:LINE:COL: …`). */
export async function parsePolicyTextFor(
  text: string,
  file: string,
  options: { format?: PolicyFormat; operations: readonly OperationDescriptor[]; deferExamples?: boolean },
): Promise<LoadedPolicy> {
  const format = options.format ?? policyFormatOf(file);
  // Parsers load on first use: a library that never reads a policy file does not pay for them.
  const source =
    format === 'hcl'
      ? await (await import('./hcl.js')).parseHclPolicy(text, file)
      : (await import('./yaml.js')).parseYamlPolicy(text, file);
  try {
    const compiled = compilePolicyFor(source.policy, options.operations, {
      deferExamples: options.deferExamples === true,
    });
    if (!options.deferExamples) await compiled.checkExamples();
    return { policy: source.policy, compiled, source };
  } catch (error) {
    if (error instanceof PolicyError && !(error instanceof PolicyFileError)) {
      throw new PolicyFileError(file, locateError(source, error), error.message);
    }
    throw error;
  }
}

/** Reads a policy file (`.hcl` → HCL, anything else → YAML) and returns the parsed form for `createToolkit({ policy })`. */
export async function loadPolicyFileFor(
  file: string,
  options: { operations: readonly OperationDescriptor[] },
): Promise<PolicyOptions> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new PolicyFileError(file, undefined, `cannot read the policy file: ${(error as Error).message}`);
  }
  return (await parsePolicyTextFor(text, file, options)).policy;
}
