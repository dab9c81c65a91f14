// An edit format per model: the exporters and the MCP listing given editFormat list only the edit
// operations of that format (str_replace: edit_file and multi_edit; apply_patch), `auto` by the
// model-family table; the Responses API's free-form (custom) apply_patch tool and its run helper.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAISDKTools } from '../../src/adapters/ai-sdk.js';
import { toAnthropicTools } from '../../src/adapters/anthropic.js';
import { editFormatForModel, EDIT_FORMAT_BY_MODEL } from '../../src/adapters/edit-format.js';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { APPLY_PATCH_LARK_GRAMMAR, runOpenAIResponsesCustomToolCall } from '../../src/adapters/openai-custom.js';
import { toOpenAIResponsesTools, toOpenAITools } from '../../src/adapters/openai.js';
import { linkedClient } from '../support/mcp-memory.js';
import { workspaceToolkit } from '../support/helpers.js';

const EDITS = ['edit_file', 'multi_edit', 'apply_patch'];
const edits = (names: string[]) => names.filter((n) => EDITS.includes(n)).sort();

describe('the model-family table', () => {
  const cases: [string, 'apply_patch' | 'str_replace'][] = [
    ['gpt-5', 'apply_patch'],
    ['gpt-5.1-codex-max', 'apply_patch'],
    ['openai/gpt-5-mini', 'apply_patch'],
    ['GPT-4.1-mini', 'apply_patch'],
    ['o3', 'apply_patch'],
    ['o4-mini-2025-04-16', 'apply_patch'],
    ['codex-mini-latest', 'apply_patch'],
    ['codex-mcp-client', 'apply_patch'],
    ['gpt-4o', 'str_replace'],
    ['gpt-4-turbo', 'str_replace'],
    ['gpt-oss-120b', 'str_replace'],
    ['o1-preview', 'str_replace'],
    ['omni-x', 'str_replace'],
    ['claude-sonnet-4-5', 'str_replace'],
    ['anthropic/claude-opus-4-1', 'str_replace'],
    ['gemini-2.5-pro', 'str_replace'],
    ['qwen3-coder', 'str_replace'],
    ['', 'str_replace'],
  ];
  for (const [model, format] of cases) {
    it(`${model || '(empty)'} → ${format}`, () => expect(editFormatForModel(model)).toBe(format));
  }
  it('ends with a row every model matches', () => {
    expect(EDIT_FORMAT_BY_MODEL[EDIT_FORMAT_BY_MODEL.length - 1]!.pattern.test('anything')).toBe(true);
  });
});

describe('editFormat in the exporters', () => {
  it('str_replace lists edit_file and multi_edit, apply_patch lists apply_patch; the rest stay', async () => {
    const { toolkit } = await workspaceToolkit();
    const all = toOpenAITools(toolkit).map((t) => t.function.name);
    expect(edits(all)).toEqual(['apply_patch', 'edit_file', 'multi_edit']);
    const str = toOpenAITools(toolkit, { editFormat: 'str_replace' }).map((t) => t.function.name);
    const patch = toOpenAITools(toolkit, { editFormat: 'apply_patch' }).map((t) => t.function.name);
    expect(edits(str)).toEqual(['edit_file', 'multi_edit']);
    expect(edits(patch)).toEqual(['apply_patch']);
    expect(str.filter((n) => !EDITS.includes(n))).toEqual(all.filter((n) => !EDITS.includes(n)));
    expect(patch).toContain('write_file');
    expect(patch).toContain('read_file');
  });

  it('auto decides by the model in every exporter', async () => {
    const { toolkit } = await workspaceToolkit();
    expect(edits(toOpenAITools(toolkit, { editFormat: 'auto', model: 'gpt-5' }).map((t) => t.function.name))).toEqual([
      'apply_patch',
    ]);
    expect(edits(toOpenAIResponsesTools(toolkit, { editFormat: 'auto', model: 'gpt-4o' }).map((t) => t.name))).toEqual([
      'edit_file',
      'multi_edit',
    ]);
    expect(
      edits(toAnthropicTools(toolkit, { editFormat: 'auto', model: 'claude-sonnet-4-5' }).map((t) => t.name)),
    ).toEqual(['edit_file', 'multi_edit']);
    const sdk = await toAISDKTools(toolkit, { editFormat: 'auto', model: 'openai/gpt-4.1' });
    expect(edits(Object.keys(sdk))).toEqual(['apply_patch']);
  });

  it('auto without a model, or an unknown format, is a TypeError naming the option', async () => {
    const { toolkit } = await workspaceToolkit();
    expect(() => toOpenAITools(toolkit, { editFormat: 'auto' })).toThrow(/needs the model's name/);
    expect(() => toAnthropicTools(toolkit, { editFormat: 'diff' as never })).toThrow(/editFormat must be/);
    await expect(toAISDKTools(toolkit, { editFormat: 'auto', model: ' ' })).rejects.toThrow(/toAISDKTools/);
    expect(() => toOpenAIResponsesTools(toolkit, { applyPatch: 'grammar' as never })).toThrow(/applyPatch must be/);
  });
});

describe('the Responses API free-form apply_patch tool', () => {
  it('is a custom tool with the envelope grammar; its call applies the raw patch', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.txt'), 'one\ntwo\n');
    const tools = toOpenAIResponsesTools(toolkit, { applyPatch: 'custom', editFormat: 'apply_patch' });
    const custom = tools.find((t) => t.name === 'apply_patch');
    expect(custom).toMatchObject({ type: 'custom', format: { type: 'grammar', syntax: 'lark' } });
    expect(APPLY_PATCH_LARK_GRAMMAR).toContain('"*** Begin Patch"');
    // Every other tool stays a function.
    expect(tools.filter((t) => t.type === 'custom').map((t) => t.name)).toEqual(['apply_patch']);
    const reply = await runOpenAIResponsesCustomToolCall(toolkit, {
      type: 'custom_tool_call',
      call_id: 'call_1',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n',
    });
    expect(reply).toMatchObject({ type: 'custom_tool_call_output', call_id: 'call_1' });
    expect(reply.output).toContain('M a.txt');
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('one\n2\n');
  });

  it('refuses a free-form call to a JSON tool, an unknown tool and a patch reaching outside', async () => {
    const { toolkit } = await workspaceToolkit();
    const call = (name: string, input: string) =>
      runOpenAIResponsesCustomToolCall(toolkit, { call_id: 'c', name, input });
    expect((await call('read_file', 'a.txt')).output).toContain('INVALID_INPUT');
    expect((await call('apply_patches', 'x')).output).toContain('UNKNOWN_OPERATION');
    expect((await call('apply_patch', '*** Begin Patch\n*** Add File: ../x\n+x\n*** End Patch')).output).toContain(
      'OUTSIDE_WORKSPACE',
    );
    expect((await call('apply_patch', 'not a patch')).output).toContain('INVALID_INPUT');
  });
});

describe('editFormat in the MCP listing', () => {
  async function listed(clientName: string, editFormat?: 'auto' | 'str_replace' | 'apply_patch'): Promise<string[]> {
    const { toolkit } = await workspaceToolkit();
    const server = await createMcpServer(toolkit, editFormat ? { editFormat } : {});
    const { client, close } = await linkedClient(server, clientName);
    try {
      return (await client.listTools()).tools.map((t) => t.name);
    } finally {
      await close();
    }
  }

  it('auto gives a Codex client apply_patch and any other client str_replace; none lists both', async () => {
    expect(edits(await listed('codex-mcp-client', 'auto'))).toEqual(['apply_patch']);
    expect(edits(await listed('claude-code', 'auto'))).toEqual(['edit_file', 'multi_edit']);
    expect(edits(await listed('claude-code', 'apply_patch'))).toEqual(['apply_patch']);
    expect(edits(await listed('codex-mcp-client'))).toEqual(['apply_patch', 'edit_file', 'multi_edit']);
  });

  it('a bad editFormat is refused when the server is made', async () => {
    const { toolkit } = await workspaceToolkit();
    await expect(createMcpServer(toolkit, { editFormat: 'patch' as never })).rejects.toThrow(/editFormat must be/);
  });
});
