// Anthropic Messages API tool definitions (`input_schema`) and a helper that runs `tool_use` blocks.
// Declared structurally (no `@anthropic-ai/sdk` import at run time); the type-check test proves
// assignability to `Anthropic.Messages.Tool` and `ToolResultBlockParam`.
import type { InvokeOptions, Toolkit } from '../runtime/types.js';
import { invokeByName } from './dispatch.js';
import { cloneSchema, exportableOperations } from './schema.js';

export interface AnthropicToolOptions {
  /** Marks the last tool with `cache_control: { type: 'ephemeral' }` so the tool list is prompt-cached. */
  cacheControl?: boolean;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: unknown; required?: string[]; [key: string]: unknown };
  cache_control?: { type: 'ephemeral' };
}

/** Tool definitions for `anthropic.messages.create({ tools })`. */
export function toAnthropicTools(toolkit: Toolkit, options: AnthropicToolOptions = {}): AnthropicTool[] {
  const tools: AnthropicTool[] = exportableOperations(toolkit).map((op) => ({
    name: op.name,
    description: op.description,
    input_schema: { ...cloneSchema(op.params), type: 'object' },
  }));
  if (options.cacheControl && tools.length > 0) tools[tools.length - 1]!.cache_control = { type: 'ephemeral' };
  return tools;
}

/** A `tool_use` content block from an assistant message. */
export interface AnthropicToolUseBlock {
  type?: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** Runs one `tool_use` block and returns the `tool_result` block for the next user message. */
export async function runAnthropicToolUse(
  toolkit: Toolkit,
  block: AnthropicToolUseBlock,
  options: InvokeOptions = {},
): Promise<{ type: 'tool_result'; tool_use_id: string; content: string; is_error: boolean }> {
  const result = await invokeByName(toolkit, block?.name, block?.input, options);
  return { type: 'tool_result', tool_use_id: block?.id, content: result.text, is_error: !result.ok };
}
