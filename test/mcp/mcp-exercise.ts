// What the MCP server tests share: the protocol-level checks both transports must pass (tools
// listed with the catalog's annotations, results, tool errors, invalid input, writes, unknown
// tools), the text of a result, and the seeded workspace each test starts from.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const RISKS = ['read_only', 'low', 'moderate', 'high', 'critical'];

interface CatalogOperation {
  title: string;
  kind: string;
  risk: string;
  idempotent: boolean;
  open_world: boolean;
}

/** Expected annotations computed straight from catalog.yaml (not from the generated registry). */
async function catalogAnnotations(): Promise<Map<string, Record<string, unknown>>> {
  const catalog = parseYaml(await readFile(join(root, 'catalog.yaml'), 'utf8')) as {
    providers: Record<string, { operations: Record<string, CatalogOperation> }>;
  };
  const expected = new Map<string, Record<string, unknown>>();
  for (const provider of Object.values(catalog.providers)) {
    for (const [name, op] of Object.entries(provider.operations ?? {})) {
      expected.set(name, {
        title: op.title,
        readOnlyHint: op.kind === 'data_source' || op.kind === 'interactive',
        destructiveHint: op.kind === 'resource' && RISKS.indexOf(op.risk) >= RISKS.indexOf('moderate'),
        idempotentHint: op.idempotent,
        openWorldHint: op.open_world,
      });
    }
  }
  return expected;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** The protocol-level checks both transports must pass. */
export async function exerciseServer(client: Client, toolkit: ToolkitOf, dir: string): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(toolkit.operations.map((op) => op.name).sort());
  const expected = await catalogAnnotations();
  for (const tool of tools) {
    const op = toolkit.find(tool.name)!;
    expect(tool.annotations, tool.name).toEqual(expected.get(tool.name));
    expect(tool.title).toBe(op.title);
    expect(tool.description).toBe(op.description);
    expect(tool.inputSchema).toEqual(op.params);
    expect(tool.outputSchema).toEqual(op.result);
    expect(tool._meta).toMatchObject({
      'toolwright/id': op.id,
      'toolwright/kind': op.kind,
      'toolwright/risk': op.risk,
    });
  }

  const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
  expect(read.isError).toBeFalsy();
  expect(read.structuredContent).toMatchObject({ path: 'a.txt', total_lines: 2, truncated: false });
  expect(textOf(read)).toContain('hello');

  const edit = (await client.callTool({
    name: 'edit_file',
    arguments: { path: 'a.txt', old_str: 'missing', new_str: 'x' },
  })) as CallToolResult;
  expect(edit.isError).toBe(true);
  expect(textOf(edit)).toMatch(/^Error NO_MATCH: /);
  expect(edit.structuredContent).toBeUndefined();
  expect(edit._meta?.['toolwright/error']).toMatchObject({ code: 'NO_MATCH' });

  const bad = (await client.callTool({
    name: 'read_file',
    arguments: { path: 'a.txt', offset: 'two' },
  })) as CallToolResult;
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/^Error INVALID_INPUT: offset must be an integer/);

  const write = (await client.callTool({
    name: 'write_file',
    arguments: { path: 'sub/new.txt', content: 'made by mcp\n' },
  })) as CallToolResult;
  expect(write.isError).toBeFalsy();
  expect(write.structuredContent).toMatchObject({ path: 'sub/new.txt', created: true });
  expect(await readFile(join(dir, 'sub/new.txt'), 'utf8')).toBe('made by mcp\n');

  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
}

/** A new temporary workspace holding a.txt ("hello", "world"). */
export async function seededWorkspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tw-mcp-'));
  await writeFile(join(dir, 'a.txt'), 'hello\nworld\n');
  return dir;
}
