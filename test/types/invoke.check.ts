// Type-check only (compiled by `npm run typecheck`, never run): `invoke` is typed from the
// registry, and names only known at run time still dispatch, untyped.
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { ReadFileInput, ReadFileResult } from '../../src/generated/types.js';
import type { ToolkitOf as UntypedToolkit } from '../../src/runtime/contract/types.js';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { invokeByName } from '../../src/adapters/dispatch.js';

declare const toolkit: Toolkit;
declare const name: string;

export async function typed(): Promise<void> {
  const read = await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', offset: 2 });
  if (read.ok) {
    const output: ReadFileResult = read.output;
    // @ts-expect-error the output is read_file's result, not grep's
    const matches: number = read.output.matches;
    void [output, matches];
  }
  const params: ReadFileInput = { path: 'a.txt' };
  await toolkit.invoke('filesystem', 'read_file', params);
  const listed = await toolkit.invoke('task', 'task_list', {});
  if (listed.ok) void listed.output.tasks.map((task) => task.id);
}

export async function refused(): Promise<void> {
  // @ts-expect-error read_file is not an operation of the search provider
  await toolkit.invoke('search', 'read_file', { path: 'a.txt' });
  // @ts-expect-error no provider of that name
  await toolkit.invoke('filesystem_', 'read_file', { path: 'a.txt' });
  // @ts-expect-error no operation of that name
  await toolkit.invoke('filesystem', 'read_files', { path: 'a.txt' });
  // @ts-expect-error path must be a string
  await toolkit.invoke('filesystem', 'read_file', { path: 1 });
  // @ts-expect-error path is required
  await toolkit.invoke('filesystem', 'read_file', { offset: 1 });
  // @ts-expect-error no such param
  await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', lines: 3 });
}

export async function unshaped(parsed: Record<string, unknown>, raw: unknown): Promise<void> {
  // Input whose type says nothing of its shape (parsed JSON) is checked at run time; the output is still typed.
  const fromJson = await toolkit.invoke('filesystem', 'read_file', parsed);
  if (fromJson.ok) void (fromJson.output satisfies ReadFileResult);
  await toolkit.invoke('search', 'grep', raw);
  // @ts-expect-error an empty object literal says what it holds: no path
  await toolkit.invoke('filesystem', 'read_file', {});
  // @ts-expect-error names still checked with unshaped input
  await toolkit.invoke('search', 'read_file', parsed);
}

/** Two providers that share an operation name pattern but not operations. */
type NotesOps = {
  note_add: { provider: 'notes'; id: 'notes.note_add'; params: { text: string }; result: { id: string } };
  note_get: { provider: 'notes'; id: 'notes.note_get'; params: { id: string }; result: { text: string } };
  ping: { provider: 'health'; id: 'health.ping'; params: Record<string, never>; result: { ok: boolean } };
};

export async function thirdParty(kit: Toolkit<NotesOps>): Promise<void> {
  const added = await kit.invoke('notes', 'note_add', { text: 'x' });
  if (added.ok) void (added.output.id satisfies string);
  const got = await kit.invoke('notes', 'note_get', { id: 'n1' });
  if (got.ok) void (got.output.text satisfies string);
  await kit.invoke('health', 'ping', {});
  // @ts-expect-error ping belongs to health, not notes
  await kit.invoke('notes', 'ping', {});
  // @ts-expect-error note_get takes an id
  await kit.invoke('notes', 'note_get', { text: 'x' });
  // @ts-expect-error no such provider among these
  await kit.invoke('filesystem', 'read_file', { path: 'a.txt' });
  // A provider's own view dispatches by name.
  await kit.providers[0]!.invoke('note_add', { text: 'x' });
}

export async function byName(): Promise<void> {
  // Names known only at run time (a model's tool call, a wire): any input, an unknown output.
  const result = await toolkit.invoke(name, name, { anything: true });
  if (result.ok) {
    const output: unknown = result.output;
    // @ts-expect-error an untyped call's output is unknown, not any
    const text: string = result.output;
    void [output, text];
  }
  await toolkit.invoke('filesystem', name, {});
  await toolkit.invoke(name, 'read_file', {});
  await invokeByName(toolkit, 'read_file', { path: 'a.txt' });
}

export async function untyped(kit: UntypedToolkit): Promise<void> {
  // A toolkit over providers nothing is known about takes any names.
  const result = await kit.invoke('anything', 'goes', {});
  if (result.ok) {
    const output: unknown = result.output;
    // @ts-expect-error nothing is known about its output: unknown, not any
    const text: string = result.output;
    void [output, text];
  }
}

export async function assignable(): Promise<void> {
  // A typed toolkit is still a toolkit for the adapters, which dispatch by name.
  const kit = createToolkit({ workspace: '/tmp' });
  const plain: UntypedToolkit = kit;
  await createMcpServer(kit);
  await untyped(kit);
  void plain;
}
