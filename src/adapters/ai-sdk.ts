// Vercel AI SDK (v5) tools: `tool({ inputSchema: jsonSchema(params, { validate }), execute })` per operation.
// `ai` is loaded on first use (dynamic import), so the library does not depend on it; hosts that
// call this have it installed anyway.
import type { ToolSet } from 'ai';
import type { OperationDescriptor } from '../runtime/descriptor.js';
import { ToolError } from '../runtime/errors.js';
import type { Toolkit } from '../runtime/types.js';
import { describeIssues, dropNullOptionals } from '../runtime/validation.js';
import { cloneSchema, exportableOperations } from './schema.js';

export interface AISDKToolOptions {
  /**
   * What the model reads back (default `text`): the toolkit's concise text rendering, or the
   * structured output as JSON. `execute` resolves to the structured output either way.
   */
  modelOutput?: 'text' | 'json';
}

type AIModule = typeof import('ai');

async function loadAI(): Promise<AIModule> {
  try {
    return await import('ai');
  } catch (error) {
    throw new Error(`toAISDKTools needs the "ai" package (v5): npm install ai (${(error as Error).message})`);
  }
}

/** Validates with the operation's precompiled validator; null optionals count as absent. */
export function validateForOperation(op: OperationDescriptor, value: unknown):
  { success: true; value: Record<string, unknown> } | { success: false; error: Error } {
  const params = dropNullOptionals(op.params, value);
  if (op.validateParams(params)) return { success: true, value: params as Record<string, unknown> };
  const message = describeIssues(op.validateParams.errors ?? [], params, op.params);
  return { success: false, error: new ToolError('INVALID_INPUT', `${op.name}: ${message}`) };
}

/**
 * AI SDK tools for `generateText({ tools })` / `streamText({ tools })`, keyed by tool name.
 * A failed call throws a ToolError whose message is the model-facing text (`Error NO_MATCH: …`),
 * which the AI SDK hands to the model as the tool error.
 */
export async function toAISDKTools(toolkit: Toolkit, options: AISDKToolOptions = {}): Promise<ToolSet> {
  const { jsonSchema, tool } = await loadAI();
  const texts = new WeakMap<object, string>();
  const tools: ToolSet = {};
  for (const op of exportableOperations(toolkit)) {
    tools[op.name] = tool<Record<string, unknown>, unknown>({
      description: op.description,
      inputSchema: jsonSchema<Record<string, unknown>>(cloneSchema(op.params) as Parameters<typeof jsonSchema>[0], {
        validate: (value) => validateForOperation(op, value),
      }),
      execute: async (input, { abortSignal }) => {
        const result = await toolkit.invoke(op.provider, op.name, input, abortSignal ? { signal: abortSignal } : {});
        if (!result.ok) throw new ToolError(result.error.code, result.text, result.error.details);
        if (result.output !== null && typeof result.output === 'object') texts.set(result.output, result.text);
        return result.output;
      },
      toModelOutput: (output: unknown) => {
        if (options.modelOutput !== 'json' && output !== null && typeof output === 'object' && texts.has(output)) {
          return { type: 'text', value: texts.get(output)! };
        }
        return { type: 'json', value: (output ?? null) as never };
      },
    });
  }
  return tools;
}
