// Type-check only (compiled by `npm run typecheck`, never run): the exporters' outputs must be
// assignable to the real SDK types, and the SDKs' tool-call shapes must be accepted as inputs.
import type Anthropic from '@anthropic-ai/sdk';
import type { ToolSet } from 'ai';
import type { ToolSet as ToolSet6 } from 'ai6';
import type OpenAI from 'openai';
import { toAISDKTools } from '../../src/adapters/ai-sdk.js';
import { runAnthropicToolUse, toAnthropicTools } from '../../src/adapters/anthropic.js';
import { runOpenAIResponsesCustomToolCall } from '../../src/adapters/openai-custom.js';
import {
  runOpenAIResponsesFunctionCall,
  runOpenAIToolCall,
  toOpenAIResponsesTools,
  toOpenAITools,
} from '../../src/adapters/openai.js';
import type { Toolkit } from '../../src/runtime/types.js';

declare const toolkit: Toolkit;

export async function openAIChat(call: OpenAI.Chat.ChatCompletionMessageFunctionToolCall): Promise<void> {
  const tools: OpenAI.Chat.ChatCompletionTool[] = toOpenAITools(toolkit);
  const functionTools: OpenAI.Chat.ChatCompletionFunctionTool[] = toOpenAITools(toolkit, { strict: false });
  const request: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'hi' }],
    tools: toOpenAITools(toolkit, { strict: true }),
  };
  const reply: OpenAI.Chat.ChatCompletionToolMessageParam = await runOpenAIToolCall(toolkit, call);
  const next: OpenAI.Chat.ChatCompletionMessageParam[] = [...request.messages, reply];
  // @ts-expect-error the Responses shape is not a Chat Completions tool (proves the SDK types are real)
  const wrong: OpenAI.Chat.ChatCompletionFunctionTool[] = toOpenAIResponsesTools(toolkit);
  void [tools, functionTools, next, wrong];
}

export async function openAIResponses(call: OpenAI.Responses.ResponseFunctionToolCall): Promise<void> {
  const tools: OpenAI.Responses.FunctionTool[] = toOpenAIResponsesTools(toolkit);
  const request: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
    model: 'gpt-4.1',
    input: 'hi',
    tools: toOpenAIResponsesTools(toolkit, { strict: true }),
  };
  const output: OpenAI.Responses.ResponseInputItem = await runOpenAIResponsesFunctionCall(toolkit, call);
  const input: OpenAI.Responses.ResponseInput = [output];
  // @ts-expect-error the Chat Completions shape is not a Responses tool
  const wrong: OpenAI.Responses.FunctionTool[] = toOpenAITools(toolkit);
  void [tools, request, input, wrong];
}

export async function openAIResponsesCustom(call: OpenAI.Responses.ResponseCustomToolCall): Promise<void> {
  const tools: OpenAI.Responses.Tool[] = toOpenAIResponsesTools(toolkit, {
    applyPatch: 'custom',
    editFormat: 'auto',
    model: 'gpt-5',
  });
  const request: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: 'gpt-5', input: 'hi', tools };
  const output: OpenAI.Responses.ResponseInputItem = await runOpenAIResponsesCustomToolCall(toolkit, call);
  const input: OpenAI.Responses.ResponseInput = [output];
  void [request, input];
}

export async function anthropic(block: Anthropic.Messages.ToolUseBlock): Promise<void> {
  const tools: Anthropic.Messages.Tool[] = toAnthropicTools(toolkit, { cacheControl: true });
  const toolUnion: Anthropic.Messages.ToolUnion[] = toAnthropicTools(toolkit);
  const result: Anthropic.Messages.ToolResultBlockParam = await runAnthropicToolUse(toolkit, block);
  const request: Anthropic.Messages.MessageCreateParamsNonStreaming = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    tools,
    messages: [
      { role: 'assistant', content: [block] },
      { role: 'user', content: [result] },
    ],
  };
  // @ts-expect-error an OpenAI tool is not an Anthropic tool
  const wrong: Anthropic.Messages.Tool[] = toOpenAITools(toolkit);
  void [toolUnion, request, wrong];
}

export async function aiSdk(): Promise<void> {
  const tools: ToolSet = await toAISDKTools(toolkit);
  const readFile = tools.read_file;
  // A ToolSet entry is the AI SDK's own Tool type: its execute takes (input, ToolCallOptions).
  const output: unknown = await readFile?.execute?.({ path: 'a.txt' }, { toolCallId: 'x', messages: [] });
  // @ts-expect-error ToolSet entries are AI SDK tools, not strings
  const wrong: string = tools.read_file;
  void [output, wrong];
}

export async function aiSdk6(): Promise<void> {
  const tools: ToolSet6 = await toAISDKTools(toolkit, { ai: await import('ai6') });
  const output: unknown = await tools.read_file?.execute?.({ path: 'a.txt' }, { toolCallId: 'x', messages: [] });
  // @ts-expect-error ToolSet entries are AI SDK tools, not numbers
  const wrong: number = tools.read_file;
  void [output, wrong];
}

// The Chat Completions loop of docs/serving.md, verbatim apart from the client being declared.
export async function readmeLoop(openai: OpenAI): Promise<void> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What does README.md say?' }];
  for (;;) {
    const reply = await openai.chat.completions.create({ model: 'gpt-4.1', messages, tools: toOpenAITools(toolkit) });
    const message = reply.choices[0]!.message;
    messages.push(message);
    const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) break;
    for (const call of calls) messages.push(await runOpenAIToolCall(toolkit, call));
  }
}
