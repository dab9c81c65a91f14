// The few definitions the generator shares with the toolwright runtime: the common error codes, the
// parameter roles and the codes each role adds, the path rules of conformance fixtures, the Ajv
// helper modules `toolwright/validator-runtime` can hand to standalone validators, and where a
// built script is found. They are imported from the runtime's sources by path, and the build
// (build.mjs) inlines them, rather than imported from the installed `toolwright` at run time: most
// are not public API, and inside this repository `toolwright` is the root package, which no
// node_modules holds. What the generator emits must match the runtime it imports, so both packages
// are released together at one version, and the peer dependency on `toolwright` pins that version
// exactly.
export { COMMON_ERROR_CODES, COMMON_ERRORS } from '../../src/runtime/error-codes.js';
export { confinedPathProblem, fixturePathProblem } from '../../src/conformance/fixture-paths.js';
export {
  ROLES,
  type JsonSchema,
  type Kind,
  type Requirement,
  type Role,
  type RoleNode,
  type RoleTree,
  type Risk,
} from '../../src/runtime/descriptor.js';
export type { CatalogOperationFacts } from '../../src/runtime/descriptor.js';
export type { ExampleCase, Fixture } from '../../src/conformance/fixtures.js';
export { ROLE_ERRORS } from '../../src/runtime/roles.js';
export { AJV_RUNTIME_MODULES } from '../../src/validator-runtime.js';
export { jobScript } from '../../src/runtime/job-process-entry.js';
