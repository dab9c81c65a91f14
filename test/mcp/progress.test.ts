// Progress and logging over MCP, as the SDK's own client sees them: notifications/progress for a
// call that carries a progress token (and none without one), logging/setLevel answered, and
// warnings sent as notifications/message at the level the client set.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { logWarnings } from '../../src/adapters/mcp/notify.js';
import { progressReporter } from '../../src/runtime/invoke/progress.js';
import type { InvokeOptions } from '../../src/runtime/contract/types.js';
import { workspaceToolkit } from '../support/helpers.js';
import { linkedClient } from '../support/mcp-memory.js';
import { progressClient as connect } from '../support/progress.js';

/** A bash command that prints a line every 100 ms for about 1.2 s. */
const TICKING = 'for i in $(seq 1 12); do echo tick $i; sleep 0.1; done';

describe('MCP progress', () => {
  it('a bash command that prints over a second sends growing, throttled progress to onprogress', async () => {
    const { toolkit } = await workspaceToolkit();
    const client = await connect(toolkit);
    const events: Progress[] = [];
    const result = await client.callTool({ name: 'bash', arguments: { command: TICKING } }, undefined, {
      onprogress: (progress) => events.push(progress),
    });
    expect(result.isError).toBeFalsy();
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
    expect(events.at(-1)!.message).toMatch(/^\d+ bytes of output after \d+ ms$/);
    expect(events.some((e) => /^[1-9]\d* bytes/.test(e.message ?? ''))).toBe(true);
    await client.close();
  });

  it('a grep over many files reports the files searched and the results it found', async () => {
    const { root, toolkit } = await workspaceToolkit();
    for (let i = 0; i < 300; i++) {
      await mkdir(path.join(root, `d${i % 10}`), { recursive: true });
      await writeFile(path.join(root, `d${i % 10}`, `f${i}.txt`), `needle ${i}\n`);
    }
    const client = await connect(toolkit);
    const events: Progress[] = [];
    const result = await client.callTool(
      { name: 'grep', arguments: { pattern: 'needle', output_mode: 'files_with_matches', max_results: 1000 } },
      undefined,
      { onprogress: (progress) => events.push(progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(events.length).toBeGreaterThanOrEqual(1);
    // The time since the search began, with the files searched and the files found so far.
    const message = /^(?:(\d+) files? searched, )?(?:\d+ bytes read, )?(\d+) matching files found after \d+ ms$/;
    for (const event of events) expect(event.message).toMatch(message);
    for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
    const counts = events.map((e) =>
      message
        .exec(e.message!)!
        .slice(1)
        .map((n) => Number(n ?? 0)),
    );
    expect(counts.every(([searched, found]) => searched! <= 300 && found! <= 300)).toBe(true);
    await client.close();
  });

  it('without a progress token no progress notification is sent', async () => {
    const { toolkit } = await workspaceToolkit();
    const client = await connect(toolkit);
    const seen: unknown[] = [];
    // Every progress notification the client receives, whatever request it is for.
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => void seen.push(notification));
    const result = await client.callTool({ name: 'bash', arguments: { command: TICKING } });
    expect(result.isError).toBeFalsy();
    expect(seen).toEqual([]);
    await client.close();
  });
});

describe('in-process onProgress', () => {
  it('the reporter passes an event only 100 ms after the last one passed, growing, and none after end()', () => {
    let now = 1_000;
    const passed: number[] = [];
    const reporter = progressReporter(
      (event) => passed.push(event.progress),
      () => now,
    );
    reporter.report({ progress: 1 });
    now += 99.9;
    reporter.report({ progress: 2 }); // too soon after 1
    now += 0.1;
    reporter.report({ progress: 3 });
    now += 150;
    reporter.report({ progress: 3 }); // no growth
    reporter.report({ progress: 4 }); // growth, 150 ms after 3
    now += 100;
    reporter.report({ progress: Number.NaN });
    reporter.end();
    reporter.report({ progress: 5 });
    expect(passed).toEqual([1, 3, 4]);
  });

  it('invoke gives throttled events, and none after the call', async () => {
    const { toolkit } = await workspaceToolkit();
    const events: { progress: number; message?: string }[] = [];
    const result = await toolkit.invoke(
      'exec',
      'bash',
      { command: TICKING },
      { onProgress: (event) => events.push(event) },
    );
    expect(result.ok).toBe(true);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(events).toHaveLength(count);
  });

  it('a listener that throws costs the call nothing; one that is not a function is INVALID_INPUT', async () => {
    const { toolkit } = await workspaceToolkit();
    const thrown = await toolkit.invoke(
      'exec',
      'bash',
      { command: 'echo a; sleep 0.3; echo b' },
      {
        onProgress: () => {
          throw new Error('listener failure');
        },
      },
    );
    expect(thrown.ok).toBe(true);
    // A host passing what it read from configuration: the options are checked at run time.
    const badOptions = JSON.parse('{"onProgress":"every second"}') as InvokeOptions;
    const bad = await toolkit.invoke('exec', 'bash', { command: 'echo a' }, badOptions);
    expect(bad.ok ? 'OK' : bad.error.code).toBe('INVALID_INPUT');
  });

  it('web_fetch reports the bytes of the body it read', async () => {
    const { startTestServer } = await import('../support/web-server.js');
    const server = await startTestServer();
    try {
      const { toolkit } = await workspaceToolkit({ web: { allowPrivateNetwork: true } });
      const events: { progress: number; total?: number }[] = [];
      const result = await toolkit.invoke(
        'web',
        'web_fetch',
        { url: `${server.origin}/big?bytes=3000000`, max_bytes: 3_000_000 },
        { onProgress: (event) => events.push(event) },
      );
      expect(result.ok).toBe(true);
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events.every((e) => e.progress > 0 && e.progress <= 3_000_000)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('MCP logging', () => {
  it('declares logging, answers logging/setLevel, and sends warnings at the level set', async () => {
    const { toolkit } = await workspaceToolkit();
    const server = await createMcpServer(toolkit);
    const { client } = await linkedClient(server, 'logging-test');
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const messages: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(n.params));
    expect(await client.setLoggingLevel('warning')).toEqual({});
    const note = {
      code: 'SANDBOX_ARTIFACT',
      path: '.git/hooks/pre-commit',
      action: 'moved_aside',
      message: 'moved aside',
    };
    const ok = { ok: true, output: { notes: [note] }, text: '', meta: {} } as never;
    logWarnings(server, 'bash', ok);
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toEqual({
      level: 'warning',
      logger: 'toolwright',
      data: { tool: 'bash', code: 'SANDBOX_ARTIFACT', path: '.git/hooks/pre-commit', message: 'moved aside' },
    });
    // At level error, warnings are no longer sent; errors are.
    await client.setLoggingLevel('error');
    logWarnings(server, 'bash', ok);
    const failed = { ok: false, error: { code: 'INTERNAL', message: 'boom' }, text: '', meta: {} } as never;
    logWarnings(server, 'bash', failed);
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toMatchObject({ level: 'error', data: { tool: 'bash', code: 'INTERNAL' } });
    await client.close();
  });
});
