// The public API of toolwright: the only import path users need.
export { createToolkit } from './toolkit.js';
export type { ReferenceProviders } from './toolkit.js';
// Composition: providers from a generated registry and a handler map.
export { defineProviders } from './runtime/toolkit/providers.js';
export type { Provider, HandlersOf, OperationsOf, Registry, AnyHandler } from './runtime/toolkit/providers.js';
export { referenceProviders, referenceHandlers } from './handlers/index.js';
export { ToolError, isToolError, COMMON_ERROR_CODES, COMMON_ERRORS } from './runtime/contract/errors.js';
export type { CommonErrorCode, ImplicitErrorCode } from './runtime/contract/errors.js';
export { withText } from './runtime/contract/handler.js';
export type { Rendered } from './runtime/contract/handler.js';
export type { Handler } from './runtime/contract/types.js';
export { Workspace, resolveInsideWorkspace } from './runtime/fs/workspace.js';
export type { ResolvedPath } from './runtime/fs/workspace.js';
export { Session } from './runtime/session/session.js';
export {
  Policy,
  compileProfile,
  profileExcess,
  POLICY_PRESETS,
  SAFE_READ_COMMANDS,
  PolicyError,
  PolicyFileError,
} from './runtime/policy/index.js';
export { compilePolicy, loadPolicyFile, parsePolicyText } from './reference-policy.js';
export type {
  PolicyOptions,
  PolicyRule,
  PolicyConfig,
  PolicyPreset,
  PolicyDecision,
  Decision,
  CommandDecision,
  CompiledPolicy,
  RuleExamples,
  ExampleResult,
} from './runtime/policy/index.js';
export type {
  Kind,
  Risk,
  JsonSchema,
  OperationDescriptor,
  ProviderDescriptor,
  CompiledValidator,
  ValidationIssue,
  OperationTypes,
  AnyOperations,
} from './runtime/contract/descriptor.js';
export type {
  ToolkitOptions,
  ToolProvider,
  ProviderSchema,
  OperationSchema,
  InvokeOptions,
  ParkedApproval,
  ProgressEvent,
  InvokeResult,
  InvokeMeta,
  ToolErrorPayload,
  HandlerContext,
  Services,
  WebOptions,
  ExecOptions,
  NetworkAllowList,
  CredentialBinding,
} from './runtime/contract/types.js';
export type { Clock } from './runtime/services/clock.js';
export type {
  TaskStore,
  Task,
  TaskStatus,
  TaskPatch,
  TaskUpdate,
  TaskFileConfig,
  TaskStoreOption,
  FileTaskStoreOptions,
} from './runtime/services/tasks.js';
export { createDefaultTaskStore, createFileTaskStore } from './runtime/services/tasks.js';
export type {
  Store,
  StoreEngine,
  StoreKey,
  StoreOptions,
  TaskLists,
  TaskInput,
  JobRecords,
  JobRecord,
  JobRecordStatus,
  JobStart,
  JobEnd,
  OutputRead,
  McpTaskRecords,
  McpTaskRecord,
  McpTaskStatus,
  McpTaskStart,
  McpTaskPatch,
  AuditLog,
  AuditEntry,
  AuditRecord,
  AuditQuery,
  ReplicaLeases,
  ReplicaRecord,
  Notifications,
  Subscription,
  MigrationReport,
} from './runtime/store/types.js';
export { openStore, type OpenStoreOptions } from './runtime/store/lazy.js';
export { stateFolderFor, ensureStateFolder } from './runtime/fs/state-folder.js';
export type {
  SearchBackend,
  SearchResultItem,
  SearxngOptions,
  BraveOptions,
} from './runtime/services/search/backends.js';
export { createSearxngBackend, createBraveBackend, searchBackendFromEnv } from './runtime/services/search/backends.js';
export type { Kernel, SubagentRequest, SubagentResult, InProcessKernelOptions } from './runtime/services/kernel.js';
export type {
  CodeBinding,
  CodeDiagnostic,
  CodeIntelligence,
  CodeOptions,
  CodeService,
  EditCheck,
  EditDiagnostics,
  LanguageServerConfig,
} from './runtime/services/code.js';
export { createInProcessKernel } from './public-types.js';
export type { Toolkit, TypedCalls, SubagentStep, SubagentStepInput } from './public-types.js';
export type {
  UserChannel,
  UserQuestion,
  UserAnswer,
  ApprovalRequest,
  ApprovalAnswer,
  ApprovalUnanswerable,
  RawUserAnswer,
  ScriptedUserConfig,
  UserChannelOption,
} from './runtime/services/user.js';
export {
  createTerminalUserChannel,
  createProgrammaticUserChannel,
  createScriptedUserChannel,
} from './runtime/services/user.js';
export { providers as catalogProviders, operations as catalogOperations } from './generated/registry.js';
export type * from './generated/types.js';
export { ERROR_CODES } from './generated/types.js';
// Adapters: MCP server and tool definitions for model APIs.
// The MCP SDK loads on first use (createMcpServer and the serve functions are async).
export {
  createMcpServer,
  serveMcpStdio,
  mcpToolDefinitions,
  mcpAnnotations,
  toCallToolResult,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_CLIENT_QUIRKS,
} from './adapters/mcp/server.js';
export type {
  McpServerOptions,
  RunningServer,
  ClientQuirk,
  ClientQuirkExample,
  ClientQuirksOption,
} from './adapters/mcp/server.js';
export { startMcpHttpServer, DEFAULT_SESSION_IDLE_MS, DEFAULT_MAX_SESSIONS } from './adapters/mcp/transports/http.js';
export type { McpHttpOptions, RunningHttpServer, ToolkitSource, ToolkitScope } from './adapters/mcp/transports/http.js';
export { createMcpElicitationUserChannel } from './adapters/mcp/user-channel.js';
export type { McpElicitationUserChannel, McpElicitationUserChannelOptions } from './adapters/mcp/user-channel.js';
export { approvalText, visibleJson, visibleText, DEFAULT_MAX_APPROVAL_CHARS } from './runtime/services/visible-text.js';
export {
  toOpenAITools,
  toOpenAIResponsesTools,
  runOpenAIToolCall,
  runOpenAIResponsesFunctionCall,
} from './adapters/openai.js';
export type {
  OpenAIToolOptions,
  OpenAIResponsesToolOptions,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIChatToolCall,
  OpenAIFunctionCallItem,
} from './adapters/openai.js';
export { runOpenAIResponsesCustomToolCall, APPLY_PATCH_LARK_GRAMMAR } from './adapters/openai-custom.js';
export type { OpenAIResponsesCustomTool, OpenAICustomToolCallItem } from './adapters/openai-custom.js';
export { EDIT_FORMAT_BY_MODEL, editFormatForModel } from './adapters/edit-format.js';
export type { EditFormatOption, ModelFamily } from './adapters/edit-format.js';
export { toAnthropicTools, runAnthropicToolUse } from './adapters/anthropic.js';
export type { AnthropicToolOptions, AnthropicTool, AnthropicToolUseBlock } from './adapters/anthropic.js';
export { toAISDKTools } from './adapters/ai-sdk.js';
export type { AISDKToolOptions, AISDKTool, AISDKToolSet } from './adapters/ai-sdk.js';
export { toStrictJsonSchema, TOOL_NAME_PATTERN } from './adapters/schema.js';
export { invokeByName } from './adapters/dispatch.js';
