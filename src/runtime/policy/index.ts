export * from './types.js';
export { compilePolicy, wildcardToRegExp, type CompiledPolicy, type DecideContext } from './compile.js';
export { compileProfile, profileExcess, type ProfileExcess } from './profile.js';
export { PolicyError } from './errors.js';
