export * from './types.js';
export {
  Policy,
  compilePolicyFor,
  wildcardToRegExp,
  type CompiledPolicy,
  type CompileOptions,
  type DecideContext,
  type ExampleResult,
} from './compile.js';
export { compileProfile, profileExcess, type ProfileExcess } from './profile.js';
export { PolicyError } from './errors.js';
export {
  loadPolicyFileFor,
  parsePolicyTextFor,
  policyFormatOf,
  type LoadedPolicy,
  type PolicyFormat,
} from './formats/load.js';
export { PolicyFileError } from './formats/source.js';
