// The invoke pipeline: never throws, names fields, maps failures to catalog codes, honours aborts.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../src/handlers/index.js';
import { createToolkit, ToolError } from '../../src/index.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

afterEach(() => vi.restoreAllMocks());

describe('invoke', () => {
  it('names the field in validation messages', async () => {
    const { toolkit } = await workspaceToolkit();
    const cases: [unknown, string][] = [
      [{ path: 'a', limit: 0 }, 'limit must be >= 1'],
      [{ path: 'a', limit: 'ten' }, 'limit must be an integer (got string)'],
      [{}, 'path is required'],
      [
        { path: 'a', colour: 'red' },
        'unknown property "colour" (allowed: path, offset, limit, line_numbers, count_lines, pages)',
      ],
      ['a.txt', 'input must be an object (got string)'],
      [{ path: '' }, 'path must not be empty'],
    ];
    for (const [input, message] of cases) {
      const result = await toolkit.invoke('filesystem', 'read_file', input);
      expect(errorCode(result)).toBe('INVALID_INPUT');
      expect(result.ok ? '' : result.error.message).toContain(message);
    }
  });

  it('treats null optional arguments as absent (OpenAI strict mode sends them)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.txt'), 'x\ny\n');
    const output = expectOk(
      // @ts-expect-error null stands for an absent optional (what a model sends); the types leave it out
      await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', offset: null, limit: null, line_numbers: null }),
    );
    expect(output.content).toBe('     1\tx\n     2\ty');
    // @ts-expect-error a required argument cannot be null
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: null }))).toBe('INVALID_INPUT');
  });

  it('reports unknown providers and operations with what exists', async () => {
    const { toolkit } = await workspaceToolkit();
    // @ts-expect-error no such operation (the call still ends as a result)
    const op = await toolkit.invoke('filesystem', 'delete_everything', {});
    expect(errorCode(op)).toBe('UNKNOWN_OPERATION');
    expect(op.text).toContain('read_file');
    // @ts-expect-error no such provider
    const provider = await toolkit.invoke('nope', 'read_file', {});
    expect(errorCode(provider)).toBe('UNKNOWN_OPERATION');
    expect(provider.text).toContain('filesystem');
  });

  it('turns an unexpected exception into INTERNAL and survives', async () => {
    const { toolkit } = await workspaceToolkit();
    vi.spyOn(handlers.filesystem, 'read_file').mockRejectedValue(new TypeError('boom'));
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'a' });
    expect(errorCode(result)).toBe('INTERNAL');
    expect(result.text).toContain('boom');
  });

  it('refuses an error code the catalog does not declare for the operation', async () => {
    const { toolkit } = await workspaceToolkit();
    vi.spyOn(handlers.filesystem, 'read_file').mockRejectedValue(new ToolError('HTTP_ERROR', 'not a file thing'));
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'a' });
    expect(errorCode(result)).toBe('INTERNAL');
    expect(result.text).toContain('does not declare');
  });

  it('refuses an output that breaks the result schema', async () => {
    const { toolkit } = await workspaceToolkit();
    vi.spyOn(handlers.filesystem, 'write_file').mockResolvedValue({ path: 'a', bytes: 'many', created: true } as never);
    const result = await toolkit.invoke('filesystem', 'write_file', { path: 'a', content: '' });
    expect(errorCode(result)).toBe('INTERNAL');
    expect(result.text).toContain('bytes must be an integer');
  });

  it('returns CANCELLED as soon as the signal aborts, even if the handler ignores it', async () => {
    const { toolkit } = await workspaceToolkit();
    vi.spyOn(handlers.filesystem, 'read_file').mockImplementation(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = toolkit.invoke('filesystem', 'read_file', { path: 'a' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(errorCode(await pending)).toBe('CANCELLED');
    const already = await toolkit.invoke('filesystem', 'read_file', { path: 'a' }, { signal: AbortSignal.abort() });
    expect(errorCode(already)).toBe('CANCELLED');
  });

  it('aborts a long read of a large file', { timeout: scaled(30_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'big.txt'), 'line\n'.repeat(20_000_000));
    const controller = new AbortController();
    const pending = toolkit.invoke(
      'filesystem',
      'read_file',
      { path: 'big.txt', offset: 19_999_990 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 5);
    expect(errorCode(await pending)).toBe('CANCELLED');
  });

  it('typed calls resolve to the output and throw ToolError with the code', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'a.txt'), 'hello\n');
    const output = await toolkit.call.read_file({ path: 'a.txt', line_numbers: false });
    expect(output.content).toBe('hello');
    const error = await toolkit.call.read_file({ path: 'missing.txt' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('NOT_FOUND');
  });

  it('providers expose getSchema and invoke; the schema carries kind and risk', async () => {
    const { root } = await workspaceToolkit();
    const toolkit = createToolkit({ workspace: root });
    const fs = toolkit.providers.find((p) => p.name === 'filesystem')!;
    const schema = fs.getSchema();
    expect(schema.operations.map((o) => `${o.name}:${o.kind}:${o.risk}`)).toEqual([
      'read_file:data_source:read_only',
      'write_file:resource:moderate',
      'edit_file:resource:moderate',
      'multi_edit:resource:moderate',
      'apply_patch:resource:moderate',
      'list_directory:data_source:read_only',
      'checkpoint_list:data_source:read_only',
      'checkpoint_diff:data_source:read_only',
      'checkpoint_restore:resource:moderate',
    ]);
    expect(errorCode(await fs.invoke('read_file', { path: 'nope' }))).toBe('NOT_FOUND');
  });
});
