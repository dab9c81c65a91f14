// A server waiting for its first call loads what that call would: the warm-up runs once, after the
// first tools/list is answered (never before, never again), a failing one costs nothing, and the
// reference filesystem provider it loads serves its handlers' bodies directly afterwards.
import { rm } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { WARM_UP_DELAY_MS } from '../../src/adapters/mcp/serving.js';
import { createToolkit } from '../../src/index.js';
import { referenceHandlers, warmReferenceProvider } from '../../src/handlers/index.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import { linkedClient } from '../support/mcp-memory.js';
import { scaled } from '../support/time.js';
import { seededWorkspace, textOf } from './mcp-exercise.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Longer than the warm-up's delay: a warm-up due by then has run. */
const pastTheDelay = () => new Promise((resolve) => setTimeout(resolve, scaled(WARM_UP_DELAY_MS * 3)));

describe('warming up for the first call', () => {
  it('runs once, after the first tools/list is answered', async () => {
    const toolkit = createToolkit({ workspace: dir });
    const events: string[] = [];
    let warmedWith: ToolkitOf | undefined;
    let warmed!: () => void;
    const warmedOnce = new Promise<void>((resolve) => (warmed = resolve));
    const server = await createMcpServer(toolkit, {
      warmUp: async (given) => {
        events.push('warm');
        warmedWith = given;
        warmed();
      },
    });
    const { client, close } = await linkedClient(server);
    try {
      await pastTheDelay();
      expect(events).toEqual([]); // initialize alone warms nothing
      const listed = await client.listTools();
      events.push('listed');
      await warmedOnce;
      expect(events).toEqual(['listed', 'warm']);
      expect(warmedWith).toBe(toolkit);
      await client.listTools();
      await pastTheDelay();
      expect(events).toEqual(['listed', 'warm']);
      expect(listed.tools.length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('a warm-up that fails costs the calls nothing', async () => {
    const toolkit = createToolkit({ workspace: dir });
    let ran = 0;
    const server = await createMcpServer(toolkit, {
      warmUp: () => {
        ran++;
        return Promise.reject(new Error('no warm-up today'));
      },
    });
    const { client, close } = await linkedClient(server);
    try {
      await client.listTools();
      await pastTheDelay();
      expect(ran).toBe(1);
      const read = (await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } })) as CallToolResult;
      expect(read.isError).toBeFalsy();
      expect(textOf(read)).toContain('hello');
    } finally {
      await close();
    }
  });

  it('the reference filesystem provider, once warmed, serves its handler bodies themselves', async () => {
    const { filesystemHandlers } = await import('../../src/handlers/filesystem/index.js');
    await warmReferenceProvider('filesystem');
    expect(referenceHandlers.filesystem.read_file).toBe(filesystemHandlers.read_file);
    // Warming twice loads nothing more and changes nothing.
    await warmReferenceProvider('filesystem');
    expect(referenceHandlers.filesystem.read_file).toBe(filesystemHandlers.read_file);
  });
});
