// How long web_fetch's conversion of hostile and slow pages takes, and how long this thread's event
// loop may pause meanwhile (the pages convert in a job process): the timing side of
// test/web/convert.test.ts, whose quick tests check the answers and their order.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertProcessesAlive } from '../../src/handlers/web/html/convert-pool.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import { scaled } from '../support/time.js';
import { HOSTILE, servePages } from '../web/convert-pages.js';

let pages: Awaited<ReturnType<typeof servePages>>;
let workspace: string;

beforeAll(async () => {
  pages = await servePages();
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-convert-timing-'));
  // Warm the pool as a server that has served pages would be (a cold process start is not measured).
  await fetchPage({ url: `${pages.origin}/normal` });
}, scaled(60_000));
afterAll(async () => {
  await pages.close();
  await rm(workspace, { recursive: true, force: true });
});

function fetchPage(input: Record<string, unknown>): Promise<InvokeResult> {
  const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true } });
  return toolkit.invoke('web', 'web_fetch', input);
}

/** Samples the event loop: the longest gap between 10 ms ticks while `work` runs. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; ticks: number }> {
  let last = performance.now();
  let stallMs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
    ticks++;
  }, 10);
  try {
    const result = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe('hostile pages convert without pausing this thread', () => {
  Object.entries(HOSTILE).forEach(([name, [, mark]], i) => {
    it(name, { timeout: scaled(60_000) }, async () => {
      const { result, stallMs } = await longestStall(() => fetchPage({ url: `${pages.origin}/hostile/${i}` }));
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect((result.output as { content: string }).content).toContain(mark);
      expect(stallMs).toBeLessThan(scaled(1000));
    });
  });
});

describe('timeout_ms bounds the conversion in time', () => {
  it(
    'a page that converts for seconds ends at its timeout_ms, while another page converts at once',
    { timeout: scaled(60_000) },
    async () => {
      const started = performance.now();
      let fastDoneAfter = Number.POSITIVE_INFINITY;
      const { result, stallMs, ticks } = await longestStall(async () => {
        const slow = fetchPage({ url: `${pages.origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2500 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const fastStart = performance.now();
        const fast = await fetchPage({ url: `${pages.origin}/normal` });
        fastDoneAfter = performance.now() - fastStart;
        expect(fast.ok).toBe(true);
        return slow;
      });
      const elapsed = performance.now() - started;
      expect(result.ok ? 'ok' : result.error.code).toBe('TIMEOUT');
      expect(elapsed).toBeGreaterThan(2000);
      expect(elapsed).toBeLessThan(2500 + scaled(2500));
      expect(fastDoneAfter).toBeLessThan(scaled(1000));
      expect(stallMs).toBeLessThan(scaled(1000));
      expect(ticks).toBeGreaterThan(20);
    },
  );

  it('an abort during the conversion ends the call at once', { timeout: scaled(60_000) }, async () => {
    const controller = new AbortController();
    const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true } });
    const pending = toolkit.invoke(
      'web',
      'web_fetch',
      { url: `${pages.origin}/stuck`, max_bytes: 8 * 1024 * 1024, timeout_ms: 120_000 },
      { signal: controller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const abortedAt = performance.now();
    controller.abort();
    const result = await pending;
    expect(performance.now() - abortedAt).toBeLessThan(scaled(1000));
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
  });

  it('pages queued behind busy processes end within their own budget', { timeout: scaled(60_000) }, async () => {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetchPage({ url: `${pages.origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2000 }),
      ),
    );
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(6).fill('TIMEOUT'));
    expect(performance.now() - started).toBeLessThan(2000 + scaled(3000));
    expect(convertProcessesAlive()).toBeLessThanOrEqual(4);
  });
});

describe('a large body is read without pausing this thread', () => {
  it(
    '100 MiB of text as fast as a local server sends it: the loop keeps turning',
    { timeout: scaled(120_000) },
    async () => {
      const { createServer } = await import('node:http');
      const chunk = Buffer.alloc(1024 * 1024, 'text line\n');
      // No Content-Length: the body's size is learned as it comes.
      const server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        let sent = 0;
        const more = () => {
          while (sent < 110 && res.write(chunk)) sent++;
          if (sent >= 110) res.end();
          else res.once('drain', more);
        };
        more();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as { port: number };
        const url = `http://127.0.0.1:${port}/`;
        await fetchPage({ url, max_bytes: 1024 }); // the fetch path warmed
        const { result, stallMs, ticks } = await longestStall(() =>
          fetchPage({
            url,
            max_bytes: 100 * 1024 * 1024,
            format: 'raw',
            timeout_ms: Math.min(scaled(60_000), 120_000),
          }),
        );
        if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
        expect((result.output as { bytes: number; truncated: boolean }).truncated).toBe(true);
        expect(ticks).toBeGreaterThan(0);
        expect(stallMs).toBeLessThan(scaled(150));
      } finally {
        server.closeAllConnections();
        server.close();
      }
    },
  );
});
