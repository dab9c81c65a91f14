// The public API of toolwright: the only import path users need.
export { createToolkit } from './runtime/toolkit.js';
export { ToolError, isToolError, COMMON_ERROR_CODES } from './runtime/errors.js';
export { withText } from './runtime/handler.js';
export type { Handler, Rendered } from './runtime/handler.js';
export { Workspace, resolveInsideWorkspace } from './runtime/workspace.js';
export type { ResolvedPath } from './runtime/workspace.js';
export { Session } from './runtime/session.js';
export { compilePolicy, compileProfile, POLICY_PRESETS } from './runtime/policy.js';
export type { PolicyOptions, PolicyRule, PolicyConfig, PolicyPreset, PolicyDecision, Decision } from './runtime/policy.js';
export type {
  Kind,
  Risk,
  JsonSchema,
  OperationDescriptor,
  ProviderDescriptor,
  CompiledValidator,
} from './runtime/descriptor.js';
export type {
  ToolkitOptions,
  Toolkit,
  ToolProvider,
  ProviderSchema,
  OperationSchema,
  InvokeOptions,
  InvokeResult,
  InvokeMeta,
  ToolErrorPayload,
  HandlerContext,
  Services,
  WebOptions,
  ExecOptions,
} from './runtime/types.js';
export type { Clock } from './runtime/services/clock.js';
export type { TaskStore, Task, TaskStatus } from './runtime/services/tasks.js';
export type { SearchBackend, SearchResultItem } from './runtime/services/search-backend.js';
export type { Kernel, SubagentRequest, SubagentResult } from './runtime/services/kernel.js';
export type { UserChannel, UserQuestion, UserAnswer, ApprovalRequest } from './runtime/services/user.js';
export { providers as catalogProviders, operations as catalogOperations } from './generated/registry.js';
export type * from './generated/types.js';
export { ERROR_CODES } from './generated/types.js';
