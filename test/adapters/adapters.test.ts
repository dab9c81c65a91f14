import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { asSchema } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toAISDKTools } from '../../src/adapters/ai-sdk.js';
import { runAnthropicToolUse, toAnthropicTools } from '../../src/adapters/anthropic.js';
import {
  runOpenAIResponsesFunctionCall,
  runOpenAIToolCall,
  toOpenAIResponsesTools,
  toOpenAITools,
} from '../../src/adapters/openai.js';
import {
  exportableOperations,
  strictSchemaProblems,
  TOOL_NAME_PATTERN,
  toStrictJsonSchema,
} from '../../src/adapters/schema.js';
import type { JsonSchema } from '../../src/runtime/contract/descriptor.js';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { createToolkit } from '../../src/toolkit.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { dropNullOptionals } from '../../src/runtime/invoke/validation.js';

let dir: string;
let toolkit: ToolkitOf;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-adapters-'));
  await writeFile(join(dir, 'a.txt'), 'alpha\nbeta\ngamma\n');
  toolkit = createToolkit({ workspace: dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ajv = new Ajv({ strict: false, allErrors: true });

/** Arguments as a strict-mode model sends them: every optional property null, required ones given. */
function strictArgs(schema: JsonSchema, required: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) args[name] = name in required ? required[name] : null;
  return args;
}

describe('toStrictJsonSchema', () => {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, description: 'Who.' },
      count: { type: 'integer', minimum: 1, default: 5, description: 'How many.' },
      mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
      fixed: { const: 'x' },
      nested: {
        type: 'object',
        additionalProperties: false,
        required: ['inner'],
        properties: { inner: { type: 'boolean' }, extra: { type: 'string', maxLength: 9 } },
      },
      list: {
        type: 'array',
        uniqueItems: true,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['label'],
          properties: { label: { type: 'string' }, note: { type: 'string' } },
        },
      },
    },
  };
  const strict = toStrictJsonSchema(schema);
  const props = strict.properties as Record<string, Record<string, unknown>>;

  it('lists every property as required, makes optional ones nullable and passes the strict checks', () => {
    expect(strict.required).toEqual(['name', 'count', 'mode', 'fixed', 'nested', 'list']);
    expect(props.name!.type).toBe('string');
    expect(props.count!.type).toEqual(['integer', 'null']);
    expect(props.mode!.enum).toEqual(['a', 'b', null]);
    expect(props.fixed!.enum).toEqual(['x', null]);
    expect(props.nested!.type).toEqual(['object', 'null']);
    const nested = props.nested!.properties as Record<string, Record<string, unknown>>;
    expect(props.nested!.required).toEqual(['inner', 'extra']);
    expect(nested.extra!.type).toEqual(['string', 'null']);
    const item = props.list!.items as Record<string, unknown>;
    expect(item.required).toEqual(['label', 'note']);
    expect(strictSchemaProblems(strict)).toEqual([]);
    expect(strictSchemaProblems(schema).length).toBeGreaterThan(0);
  });

  it('moves unsupported keywords into the description and keeps supported ones', () => {
    expect(props.name!.minLength).toBeUndefined();
    expect(props.name!.description).toBe('Who. Must not be empty.');
    expect(props.count!.default).toBeUndefined();
    expect(props.count!.minimum).toBe(1);
    expect(props.count!.description).toBe('How many. Default: 5.');
    expect(props.list!.description).toBe('Items must be unique.');
    expect(schema.properties).toHaveProperty('count.default', 5); // input untouched
  });

  it('accepts null for optionals and still rejects wrong types', () => {
    const validate = ajv.compile(strict);
    expect(validate({ name: 'n', count: null, mode: null, fixed: null, nested: null, list: null })).toBe(true);
    expect(validate({ name: 'n', count: 'x', mode: null, fixed: null, nested: null, list: null })).toBe(false);
    expect(validate({ name: 'n', count: null })).toBe(false); // strict: all keys present
  });
});

describe('OpenAI tools', () => {
  it('exports every exposed operation in the Chat Completions shape, strict by default', () => {
    const tools = toOpenAITools(toolkit);
    expect(tools.map((t) => t.function.name)).toEqual(toolkit.operations.map((op) => op.name));
    for (const tool of tools) {
      const op = toolkit.find(tool.function.name)!;
      expect(tool.type).toBe('function');
      expect(tool.function.strict).toBe(true);
      expect(tool.function.name).toMatch(TOOL_NAME_PATTERN);
      expect(tool.function.description).toBe(op.description);
      expect(strictSchemaProblems(tool.function.parameters), op.id).toEqual([]);
      // Strict schemas must still compile as JSON Schema.
      expect(() => ajv.compile(tool.function.parameters)).not.toThrow();
    }
  });

  it('keeps the catalog schema as is when strict is off, as a copy', () => {
    const tools = toOpenAIResponsesTools(toolkit, { strict: false });
    const readFile = tools.find((t) => t.name === 'read_file')!;
    const op = toolkit.find('read_file')!;
    expect(readFile).toMatchObject({ type: 'function', strict: false, description: op.description });
    expect(readFile.parameters).toEqual(op.params);
    (readFile.parameters.properties as Record<string, unknown>).path = 'mutated';
    expect((op.params.properties as Record<string, unknown>).path).not.toBe('mutated');
  });

  it('treats a strict-mode null for every optional parameter as absent, for every operation', () => {
    for (const op of toolkit.operations) {
      const strict = toStrictJsonSchema(op.params);
      const required = new Set((op.params.required as string[] | undefined) ?? []);
      const optionalNulls: Record<string, unknown> = {};
      for (const name of Object.keys(op.params.properties ?? {})) if (!required.has(name)) optionalNulls[name] = null;
      const cleaned = dropNullOptionals(op.params, optionalNulls) as Record<string, unknown>;
      expect(Object.keys(cleaned), op.id).toEqual([]);
      // The model's nulls are valid against the strict schema we sent.
      const nullsValid = ajv.validate({ ...strict, required: Object.keys(optionalNulls) }, optionalNulls);
      expect(nullsValid, `${op.id}: ${ajv.errorsText()}`).toBe(true);
    }
  });

  it('accepts nulls for optional properties nested in arrays of objects (ask_user options)', async () => {
    const op = toolkit.find('ask_user');
    if (!op) return;
    const strict = toStrictJsonSchema(op.params);
    const args = {
      question: 'Which one?',
      options: [
        { label: 'a', description: null },
        { label: 'b', description: 'the second' },
      ],
      multi_select: null,
    };
    expect(ajv.validate(strict, args), ajv.errorsText()).toBe(true);
    await op.loadValidators?.();
    expect(op.validateParams(dropNullOptionals(op.params, args))).toBe(true);
    expect(op.validateParams(args)).toBe(false); // without the null handling the call would be refused
  });

  it('round-trips strict nullable arguments through invoke (read_file, edit_file)', async () => {
    const [readTool] = toOpenAITools(toolkit).filter((t) => t.function.name === 'read_file');
    const readArgs = strictArgs(readTool!.function.parameters, { path: 'a.txt' });
    expect(readArgs).toMatchObject({ path: 'a.txt', offset: null, limit: null });
    expect(ajv.validate(readTool!.function.parameters, readArgs)).toBe(true);
    const read = await runOpenAIToolCall(toolkit, {
      id: 'call_1',
      type: 'function',
      function: { name: 'read_file', arguments: JSON.stringify(readArgs) },
    });
    expect(read.role).toBe('tool');
    expect(read.tool_call_id).toBe('call_1');
    expect(read.content).toContain('beta');
    expect(read.content).not.toContain('Error');

    const editTool = toOpenAITools(toolkit).find((t) => t.function.name === 'edit_file')!;
    const editArgs = strictArgs(editTool.function.parameters, { path: 'a.txt', old_str: 'beta', new_str: 'BETA' });
    expect(ajv.validate(editTool.function.parameters, editArgs)).toBe(true);
    const edit = await runOpenAIResponsesFunctionCall(toolkit, {
      type: 'function_call',
      call_id: 'fc_1',
      name: 'edit_file',
      arguments: JSON.stringify(editArgs),
    });
    expect(edit).toMatchObject({ type: 'function_call_output', call_id: 'fc_1' });
    expect(edit.output).not.toMatch(/^Error/);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('alpha\nBETA\ngamma\n');
  });

  it('answers unparsable arguments and unknown tools with an error the model can read', async () => {
    const bad = await runOpenAIToolCall(toolkit, { id: 'c', function: { name: 'read_file', arguments: '{"path":' } });
    expect(bad.content).toMatch(/^Error INVALID_INPUT: the arguments are not valid JSON/);
    const unknown = await runOpenAIToolCall(toolkit, { id: 'c', function: { name: 'nope', arguments: '{}' } });
    expect(unknown.content).toMatch(/^Error UNKNOWN_OPERATION: no tool named "nope" \(available: read_file/);
    const missing = await runOpenAIToolCall(toolkit, { id: 'c', function: { name: 'read_file', arguments: '' } });
    expect(missing.content).toContain('path is required');
  });
});

describe('tool names', () => {
  it('refuses to export an operation whose name models would reject', () => {
    const op = { ...toolkit.operations[0]!, name: 'read file' };
    const fake = { ...toolkit, operations: [op] } as ToolkitOf;
    expect(() => exportableOperations(fake)).toThrow(/does not match/);
    expect(() => toAnthropicTools(fake)).toThrow(/read file/);
  });
});

describe('Anthropic tools', () => {
  it('exports input_schema as the catalog params and can mark the list for caching', () => {
    const tools = toAnthropicTools(toolkit, { cacheControl: true });
    expect(tools.map((t) => t.name)).toEqual(toolkit.operations.map((op) => op.name));
    for (const tool of tools) {
      const op = toolkit.find(tool.name)!;
      expect(tool.input_schema).toEqual(op.params);
      expect(tool.description).toBe(op.description);
    }
    expect(tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(tools.slice(0, -1).every((t) => t.cache_control === undefined)).toBe(true);
    expect(toAnthropicTools(toolkit).some((t) => t.cache_control)).toBe(false);
  });

  it('runs tool_use blocks into tool_result blocks, flagging errors', async () => {
    const ok = await runAnthropicToolUse(toolkit, {
      type: 'tool_use',
      id: 'tu_1',
      name: 'read_file',
      input: { path: 'a.txt', offset: 2 },
    });
    expect(ok).toMatchObject({ type: 'tool_result', tool_use_id: 'tu_1', is_error: false });
    expect(ok.content).toContain('beta');
    expect(ok.content).not.toContain('alpha');
    const failed = await runAnthropicToolUse(toolkit, {
      id: 'tu_2',
      name: 'edit_file',
      input: { path: 'a.txt', old_str: 'zeta', new_str: 'z' },
    });
    expect(failed.is_error).toBe(true);
    expect(failed.content).toMatch(/^Error NO_MATCH/);
  });
});

describe('AI SDK tools', () => {
  it('gives every operation its catalog schema and validates with the generated validator', async () => {
    const tools = await toAISDKTools(toolkit);
    expect(Object.keys(tools)).toEqual(toolkit.operations.map((op) => op.name));
    const schema = asSchema(tools.read_file!.inputSchema);
    expect(schema.jsonSchema).toEqual(toolkit.find('read_file')!.params);
    const good = await schema.validate!({ path: 'a.txt', offset: null });
    expect(good).toEqual({ success: true, value: { path: 'a.txt' } });
    const bad = await schema.validate!({ path: 'a.txt', limit: 0 });
    expect(bad.success).toBe(false);
    expect(!bad.success && bad.error.message).toMatch(/limit must be >= 1/);
  });

  it('executes through invoke: output on success, a ToolError carrying the model text on failure', async () => {
    const tools = await toAISDKTools(toolkit);
    const options = { toolCallId: 't1', messages: [] };
    const output = await tools.read_file!.execute({ path: 'a.txt' }, options);
    expect(output).toMatchObject({ path: 'a.txt', total_lines: 3 });
    const error = await Promise.resolve(
      tools.edit_file!.execute({ path: 'a.txt', old_str: 'nope', new_str: 'x' }, options),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('NO_MATCH');
    expect((error as ToolError).message).toMatch(/^Error NO_MATCH:/);
  });

  /**
   * A real generateText loop of `ai` major `major` with its own mock model: step one calls
   * read_file, step two sees the tool result. Returns what the model was given as that result.
   */
  async function toolResultTheModelSees(major: 5 | 6, modelOutput?: 'text' | 'json'): Promise<unknown> {
    const ai5 = await import('ai');
    const ai6 = await import('ai6');
    const tools = await toAISDKTools(toolkit, { ai: major === 5 ? ai5 : ai6, ...(modelOutput ? { modelOutput } : {}) });
    const prompts: unknown[] = [];
    const call = {
      type: 'tool-call' as const,
      toolCallId: 'call-1',
      toolName: 'read_file',
      input: JSON.stringify({ path: 'a.txt', limit: null }),
    };
    const text = (value: string) => ({ type: 'text' as const, text: value });
    const doGenerate = async (options: { prompt: unknown; tools?: { name: string }[] }) => {
      prompts.push(options.prompt);
      if (prompts.length === 1)
        expect(options.tools?.map((t) => t.name)).toEqual(toolkit.operations.map((op) => op.name));
      const first = prompts.length === 1;
      return major === 5
        ? {
            content: [first ? call : text('done')],
            finishReason: first ? 'tool-calls' : 'stop',
            usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
            warnings: [],
          }
        : {
            content: [first ? call : text('done')],
            finishReason: { unified: first ? 'tool-calls' : 'stop', raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: 0 },
            },
            warnings: [],
          };
    };
    let result: { text: string; steps: { toolResults: unknown[] }[] };
    if (major === 5) {
      const { MockLanguageModelV2: Mock } = await import('ai/test');
      const model = new Mock({ doGenerate: doGenerate as never });
      result = await ai5.generateText({
        model,
        tools: tools,
        prompt: 'read a.txt',
        stopWhen: ai5.stepCountIs(3),
      });
    } else {
      const { MockLanguageModelV3: Mock } = await import('ai6/test');
      const model = new Mock({ doGenerate: doGenerate as never });
      result = await ai6.generateText({
        model,
        tools: tools,
        prompt: 'read a.txt',
        stopWhen: ai6.stepCountIs(3),
      });
    }
    expect(result.text).toBe('done');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      toolName: 'read_file',
      output: { path: 'a.txt', total_lines: 3 },
    });
    const toolMessage = (prompts[1] as { role: string; content: { type: string; output?: unknown }[] }[]).find(
      (m) => m.role === 'tool',
    )!;
    const part = toolMessage.content.find((c) => c.type === 'tool-result')!;
    expect(part).toMatchObject({ toolCallId: 'call-1', toolName: 'read_file' });
    return part.output;
  }

  for (const major of [5, 6] as const) {
    it(`runs a generateText tool loop under ai ${major}: the model reads the toolkit's text back`, async () => {
      const expected = await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
      expect(await toolResultTheModelSees(major)).toEqual({ type: 'text', value: expected.text });
    });

    it(`gives the model the structured output under ai ${major} with modelOutput: "json", and never the call's input`, async () => {
      const seen = await toolResultTheModelSees(major, 'json');
      expect(seen).toMatchObject({ type: 'json', value: { path: 'a.txt', total_lines: 3 } });
      expect(JSON.stringify(seen)).not.toContain('toolCallId');
      expect(JSON.stringify(seen)).not.toContain('"input"');
    });
  }

  it('is typed and checked: options.ai must be the AI SDK module', async () => {
    await expect(toAISDKTools(toolkit, { ai: {} as never })).rejects.toThrow(/options.ai must be the AI SDK module/);
  });
});

describe('malformed tool calls from a model or a wire', () => {
  it('become error results, never exceptions', async () => {
    const bad: unknown[] = [
      undefined,
      null,
      {},
      { function: null },
      { function: { name: 42, arguments: '{}' } },
      { function: { name: Symbol('x'), arguments: '{}' } },
      { function: { name: 'read_file', arguments: '{not json' } },
    ];
    for (const call of bad) {
      const reply = await runOpenAIToolCall(toolkit, call as never);
      expect(reply.role).toBe('tool');
      expect(reply.content).toMatch(/^Error (UNKNOWN_OPERATION|INVALID_INPUT): /);
    }
    for (const block of [
      undefined,
      {},
      {
        name: {
          toString: () => {
            throw new Error('boom');
          },
        },
        input: {},
      },
    ]) {
      const reply = await runAnthropicToolUse(toolkit, block as never);
      expect(reply).toMatchObject({
        type: 'tool_result',
        is_error: true,
        content: expect.stringMatching(/^Error UNKNOWN_OPERATION: the tool name must be a string/),
      });
    }
    const item = await runOpenAIResponsesFunctionCall(toolkit, {
      call_id: 'c',
      name: 'x'.repeat(10_000),
      arguments: '{}',
    });
    expect(item.output.length).toBeLessThan(2000); // the unknown name is quoted, shortened
  });
});
