// Vercel AI SDK tools (`ai` 5 and 6): `tool({ inputSchema: jsonSchema(params, { validate }), execute })`
// per operation, and `toModelOutput` giving the model the toolkit's text. `ai` 5 calls
// `toModelOutput(output)`, `ai` 6 `toModelOutput({ toolCallId, input, output })`: both are taken.
// `ai` is loaded on first use (dynamic import), so the library does not depend on it; hosts that
// call this have it installed anyway. The declared types name nothing from 'ai', so a project
// without the optional peer still compiles our .d.ts (strict, no skipLibCheck).
import { defaultsPlanOf } from '../runtime/defaults.js';
import type { OperationDescriptor } from '../runtime/descriptor.js';
import { ToolError } from '../runtime/errors.js';
import type { Toolkit } from '../runtime/types.js';
import { describeIssues, dropNullOptionals } from '../runtime/validation.js';
import { resolveEditFormat, withEditFormat, type EditFormatOption } from './edit-format.js';
import { cloneSchema, exportableOperations } from './schema.js';

export interface AISDKToolOptions {
  /**
   * What the model reads back (default `text`): the toolkit's concise text rendering, or the
   * structured output as JSON. `execute` resolves to the structured output either way.
   */
  modelOutput?: 'text' | 'json';
  /**
   * The AI SDK module to build the tools with (default: `import('ai')`): for a host that bundles
   * it, or installs it under another name.
   */
  ai?: { jsonSchema: unknown; tool: unknown };
  /**
   * Which edit operations to list (default: all): `str_replace` (edit_file, multi_edit),
   * `apply_patch`, or `auto` (by `model`, from EDIT_FORMAT_BY_MODEL).
   */
  editFormat?: EditFormatOption;
  /** The model the tools are for (its id, `gpt-5`, `claude-sonnet-4-5`): what editFormat `auto` decides by. */
  model?: string;
}

/**
 * One AI SDK tool as `tool()` builds it; assignable to the SDK's `Tool` (and a record of them to
 * `ToolSet`), checked in test/types/sdk-types.check.ts. `inputSchema` is the SDK's `jsonSchema()`
 * object, whose type lives in 'ai'.
 */
export interface AISDKTool {
  description?: string;
  /* eslint-disable @typescript-eslint/no-explicit-any -- where the SDK's own types (Schema, ToolCallOptions, the tool-result output) would be named */
  inputSchema: any;
  execute: (input: any, options: any) => PromiseLike<unknown>;
  toModelOutput?: (output: any) => any;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/** What toAISDKTools resolves to: pass it as `tools` to generateText / streamText. */
export type AISDKToolSet = Record<string, AISDKTool>;

// Typed through a module-name variable so the emitted .d.ts never mentions 'ai'.
interface AIModule {
  jsonSchema: (schema: unknown, options: { validate: (value: unknown) => unknown }) => unknown;
  tool: (definition: Record<string, unknown>) => AISDKTool;
}

async function loadAI(given: AISDKToolOptions['ai']): Promise<AIModule> {
  if (given !== undefined) {
    if (typeof given?.jsonSchema !== 'function' || typeof given.tool !== 'function') {
      throw new TypeError('toAISDKTools: options.ai must be the AI SDK module (with jsonSchema and tool)');
    }
    return given as AIModule;
  }
  const name = 'ai';
  try {
    return (await import(name)) as AIModule;
  } catch (error) {
    throw new Error(`toAISDKTools needs the "ai" package (5 or 6): npm install ai (${(error as Error).message})`, {
      cause: error,
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/**
 * Validates with the operation's precompiled validator (loaded first: `await op.loadValidators?.()`);
 * null optionals count as absent. The validator fills defaults into what it checks, so it checks a
 * copy: the value handed on is the model's, and the toolkit fills the defaults when it runs the call.
 */
export function validateForOperation(
  op: OperationDescriptor,
  value: unknown,
): { success: true; value: Record<string, unknown> } | { success: false; error: Error } {
  const params = dropNullOptionals(op.params, value);
  const checked = defaultsPlanOf(op)?.copy(params) ?? params;
  if (op.validateParams(checked)) return { success: true, value: params as Record<string, unknown> };
  const message = describeIssues(op.validateParams.errors ?? [], checked, op.params);
  return { success: false, error: new ToolError('INVALID_INPUT', `${op.name}: ${message}`) };
}

/**
 * AI SDK tools for `generateText({ tools })` / `streamText({ tools })`, keyed by tool name.
 * A failed call throws a ToolError whose message is the model-facing text (`Error NO_MATCH: …`),
 * which the AI SDK hands to the model as the tool error.
 */
export async function toAISDKTools(toolkit: Toolkit, options: AISDKToolOptions = {}): Promise<AISDKToolSet> {
  const format = resolveEditFormat(options.editFormat, options.model, 'toAISDKTools');
  const { jsonSchema, tool } = await loadAI(options.ai);
  const texts = new WeakMap<object, string>();
  // `ai` 5 passes the output itself; `ai` 6 an object holding it beside the call's id and input.
  // An output this toolkit returned is known by identity; anything else shaped like ai 6's
  // argument (no result schema here has a toolCallId) is unwrapped.
  const outputOf = (given: unknown): unknown => {
    if (isObject(given) && texts.has(given)) return given;
    if (isObject(given) && typeof given.toolCallId === 'string' && 'output' in given && 'input' in given)
      return given.output;
    return given;
  };
  const tools: AISDKToolSet = {};
  const operations = withEditFormat(exportableOperations(toolkit), format);
  // The SDK validates a model's arguments itself, synchronously, through validateForOperation.
  await Promise.all(operations.map((op) => op.loadValidators?.() ?? Promise.resolve()));
  for (const op of operations) {
    tools[op.name] = tool({
      description: op.description,
      inputSchema: jsonSchema(cloneSchema(op.params), {
        validate: (value) => validateForOperation(op, value),
      }),
      execute: async (input: Record<string, unknown>, { abortSignal }: { abortSignal?: AbortSignal }) => {
        const result = await toolkit.invoke(op.provider, op.name, input, abortSignal ? { signal: abortSignal } : {});
        if (!result.ok) throw new ToolError(result.error.code, result.text, result.error.details);
        if (result.output !== null && typeof result.output === 'object') texts.set(result.output, result.text);
        return result.output;
      },
      toModelOutput: (given: unknown) => {
        const output = outputOf(given);
        if (options.modelOutput !== 'json' && isObject(output) && texts.has(output)) {
          return { type: 'text', value: texts.get(output)! };
        }
        return { type: 'json', value: output ?? null };
      },
    });
  }
  return tools;
}
