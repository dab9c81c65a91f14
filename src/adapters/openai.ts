// OpenAI tool definitions (Chat Completions and Responses) and helpers that run the calls a model makes.
// Shapes are declared structurally so the library needs no `openai` dependency at run time;
// test/types/sdk-types.check.ts proves they are assignable to the SDK's own types.
import type { JsonSchema } from '../runtime/descriptor.js';
import { IMAGE_NOT_CARRIED, imageOf } from '../runtime/media.js';
import type { InvokeOptions, Toolkit } from '../runtime/types.js';
import { invokeByName } from './dispatch.js';
import { resolveEditFormat, withEditFormat, type EditFormatOption } from './edit-format.js';
import { customToolFor, type OpenAIResponsesCustomTool } from './openai-custom.js';
import { cloneSchema, exportableOperations, toStrictJsonSchema } from './schema.js';

export interface OpenAIToolOptions {
  /**
   * Strict mode (default true): schemas are rewritten so every property is required and optional
   * ones accept null, which the toolkit treats as "absent" when the call comes back.
   */
  strict?: boolean;
  /**
   * Which edit operations to list (default: all): `str_replace` (edit_file, multi_edit),
   * `apply_patch`, or `auto` (by `model`, from EDIT_FORMAT_BY_MODEL).
   */
  editFormat?: EditFormatOption;
  /** The model the tools are for (`gpt-5`, `openai/gpt-4.1`): what editFormat `auto` decides by. */
  model?: string;
}

export interface OpenAIResponsesToolOptions extends OpenAIToolOptions {
  /**
   * How apply_patch is offered (default `function`): as a function taking `{ input }`, or as a
   * free-form `custom` tool whose input is the raw patch text (grammar-constrained); run its
   * calls with runOpenAIResponsesCustomToolCall.
   */
  applyPatch?: 'function' | 'custom';
}

/** Chat Completions: `ChatCompletionFunctionTool`. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema & Record<string, unknown>; strict: boolean };
}

/** Responses API: `FunctionTool`. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema & Record<string, unknown>;
  strict: boolean;
}

function parametersFor(params: JsonSchema, strict: boolean): Record<string, unknown> {
  return strict ? { ...toStrictJsonSchema(params) } : cloneSchema({ ...params });
}

/** Tool definitions for `openai.chat.completions.create({ tools })`. */
export function toOpenAITools(toolkit: Toolkit, options: OpenAIToolOptions = {}): OpenAIChatTool[] {
  const strict = options.strict ?? true;
  const format = resolveEditFormat(options.editFormat, options.model, 'toOpenAITools');
  return withEditFormat(exportableOperations(toolkit), format).map((op) => ({
    type: 'function',
    function: { name: op.name, description: op.description, parameters: parametersFor(op.params, strict), strict },
  }));
}

/** Tool definitions for `openai.responses.create({ tools })`. */
export function toOpenAIResponsesTools(
  toolkit: Toolkit,
  options?: OpenAIResponsesToolOptions & { applyPatch?: 'function' },
): OpenAIResponsesTool[];
export function toOpenAIResponsesTools(
  toolkit: Toolkit,
  options: OpenAIResponsesToolOptions,
): (OpenAIResponsesTool | OpenAIResponsesCustomTool)[];
export function toOpenAIResponsesTools(
  toolkit: Toolkit,
  options: OpenAIResponsesToolOptions = {},
): (OpenAIResponsesTool | OpenAIResponsesCustomTool)[] {
  const strict = options.strict ?? true;
  const applyPatch = options.applyPatch ?? 'function';
  if (applyPatch !== 'function' && applyPatch !== 'custom')
    throw new TypeError(
      `toOpenAIResponsesTools: applyPatch must be 'function' or 'custom', got ${JSON.stringify(applyPatch)}`,
    );
  const format = resolveEditFormat(options.editFormat, options.model, 'toOpenAIResponsesTools');
  return withEditFormat(exportableOperations(toolkit), format).map((op) => {
    const custom = applyPatch === 'custom' ? customToolFor(op) : undefined;
    return (
      custom ?? {
        type: 'function' as const,
        name: op.name,
        description: op.description,
        parameters: parametersFor(op.params, strict),
        strict,
      }
    );
  });
}

/** A Chat Completions tool call as found in `message.tool_calls`. */
export interface OpenAIChatToolCall {
  id: string;
  type?: 'function';
  function: { name: string; arguments: string };
}

/** Runs one Chat Completions tool call and returns the `role: 'tool'` message to send back. */
export async function runOpenAIToolCall(
  toolkit: Toolkit,
  call: OpenAIChatToolCall,
  options: InvokeOptions = {},
): Promise<{ role: 'tool'; tool_call_id: string; content: string }> {
  const result = await invokeByName(toolkit, call?.function?.name, call?.function?.arguments, options);
  // Chat Completions tool messages carry text only: an image is described, not sent.
  const content = result.ok && imageOf(result.output) ? `${result.text}\n${IMAGE_NOT_CARRIED}` : result.text;
  return { role: 'tool', tool_call_id: call?.id, content };
}

/** A Responses API `function_call` output item. */
export interface OpenAIFunctionCallItem {
  type?: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
}

/** Runs one Responses API function call and returns the `function_call_output` input item. */
export async function runOpenAIResponsesFunctionCall(
  toolkit: Toolkit,
  call: OpenAIFunctionCallItem,
  options: InvokeOptions = {},
): Promise<{ type: 'function_call_output'; call_id: string; output: string | OpenAIFunctionOutputContent[] }> {
  const result = await invokeByName(toolkit, call?.name, call?.arguments, options);
  // The Responses API takes images in function_call_output as input_image (a data URL).
  const image = result.ok ? imageOf(result.output) : undefined;
  const output = image
    ? [
        { type: 'input_text' as const, text: result.text },
        { type: 'input_image' as const, image_url: `data:${image.mimeType};base64,${image.data}` },
      ]
    : result.text;
  return { type: 'function_call_output', call_id: call?.call_id, output };
}

/** The items of a function_call_output that carries an image. */
export type OpenAIFunctionOutputContent =
  { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string };
