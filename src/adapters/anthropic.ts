// Anthropic Messages API tool definitions (`input_schema`) and a helper that runs `tool_use` blocks.
// Declared structurally (no `@anthropic-ai/sdk` import at run time); the type-check test proves
// assignability to `Anthropic.Messages.Tool` and `ToolResultBlockParam`.
import { imageOf } from '../runtime/media.js';
import type { InvokeOptions, Toolkit } from '../runtime/types.js';
import { invokeByName } from './dispatch.js';
import { resolveEditFormat, withEditFormat, type EditFormatOption } from './edit-format.js';
import { cloneSchema, exportableOperations } from './schema.js';

export interface AnthropicToolOptions {
  /** Marks the last tool with `cache_control: { type: 'ephemeral' }` so the tool list is prompt-cached. */
  cacheControl?: boolean;
  /**
   * Which edit operations to list (default: all): `str_replace` (edit_file, multi_edit),
   * `apply_patch`, or `auto` (by `model`, from EDIT_FORMAT_BY_MODEL).
   */
  editFormat?: EditFormatOption;
  /** The model the tools are for: what editFormat `auto` decides by. */
  model?: string;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: unknown; required?: string[]; [key: string]: unknown };
  cache_control?: { type: 'ephemeral' };
}

/** Tool definitions for `anthropic.messages.create({ tools })`. */
export function toAnthropicTools(toolkit: Toolkit, options: AnthropicToolOptions = {}): AnthropicTool[] {
  const format = resolveEditFormat(options.editFormat, options.model, 'toAnthropicTools');
  const tools: AnthropicTool[] = withEditFormat(exportableOperations(toolkit), format).map((op) => ({
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
): Promise<{
  type: 'tool_result';
  tool_use_id: string;
  content: string | AnthropicToolResultContent[];
  is_error: boolean;
}> {
  const result = await invokeByName(toolkit, block?.name, block?.input, options);
  // An image (read_file of a png/jpeg/gif/webp) goes in an image block beside the text.
  const image = result.ok ? imageOf(result.output) : undefined;
  const content = image
    ? [
        { type: 'text' as const, text: result.text },
        {
          type: 'image' as const,
          source: { type: 'base64' as const, media_type: image.mimeType as AnthropicImageMime, data: image.data },
        },
      ]
    : result.text;
  return { type: 'tool_result', tool_use_id: block?.id, content, is_error: !result.ok };
}

type AnthropicImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
/** The blocks a `tool_result` carries when the output has an image. */
export type AnthropicToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: AnthropicImageMime; data: string } };
