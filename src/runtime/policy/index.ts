export * from './types.js';
export {
  Policy,
  compilePolicy,
  wildcardToRegExp,
  type CompiledPolicy,
  type CompileOptions,
  type DecideContext,
  type ExampleResult,
} from './compile.js';
export { compileProfile, profileExcess, type ProfileExcess } from './profile.js';
export { PolicyError } from './errors.js';
export {
  loadPolicyFile,
  parsePolicyText,
  policyFormatOf,
  type LoadedPolicy,
  type PolicyFormat,
} from './formats/load.js';
export { PolicyFileError } from './formats/source.js';
