// Hostile pages through web_fetch: conversion runs in a job process under the caller's timeout_ms, so a
// page that takes long cannot hold up other calls, comes back as TIMEOUT within its budget, and
// pathological shapes (deep nesting, whitespace runs, escapable runs, huge tables…) convert
// honestly instead of hanging or being misreported as NETWORK_ERROR. How long each takes, and how
// long the event loop may pause meanwhile, is measured in test/stress/convert-timing.stress.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertProcessesAlive } from '../../src/handlers/web/html/convert-pool.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult } from '../../src/runtime/types.js';
import { scaled } from '../support/time.js';
import { HOSTILE, SLOPPY, SLOW_PAGE, servePages } from './convert-pages.js';

let pages: Awaited<ReturnType<typeof servePages>>;
let origin: string;
let workspace: string;

beforeAll(async () => {
  pages = await servePages();
  origin = pages.origin;
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-convert-'));
  // Warm the pool as a server that has served pages would be.
  await fetchPage({ url: `${origin}/normal` });
}, scaled(60_000));
afterAll(async () => {
  await pages.close();
  await rm(workspace, { recursive: true, force: true });
});

function errorCodeOf(result: InvokeResult): string {
  return result.ok ? 'ok' : result.error.code;
}

/** A moment for a fetch just started to reach its conversion (which then runs for seconds or more). */
function letItStart(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 800));
}

function fetchPage(input: Record<string, unknown>, signal?: AbortSignal): Promise<InvokeResult> {
  const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true } });
  return toolkit.invoke('web', 'web_fetch', input, signal ? { signal } : {});
}

describe('hostile pages convert, bounded and honestly', () => {
  Object.entries(HOSTILE).forEach(([name, [, mark]], i) => {
    for (const format of ['markdown', 'text'] as const) {
      it(`${name} (${format})`, { timeout: scaled(60_000) }, async () => {
        const result = await fetchPage({ url: `${origin}/hostile/${i}`, format });
        if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
        expect((result.output as { content: string }).content).toContain(mark);
      });
    }
  });

  Object.entries(SLOPPY).forEach(([name], i) => {
    it(`${name} is converted as HTML, not flagged as deep`, { timeout: scaled(60_000) }, async () => {
      const result = await fetchPage({ url: `${origin}/sloppy/${i}` });
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect((result.output as { content: string }).content).toContain('MARK');
      expect(result.text).not.toMatch(/nests elements|plain text/);
    });
  });

  it('says when a page was too deep for the parser and was extracted as plain text', async () => {
    const i = Object.keys(HOSTILE).indexOf('200,000 nested inline <b>');
    const result = await fetchPage({ url: `${origin}/hostile/${i}` });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.text).toMatch(/nests elements about 200000 levels deep.*plain text/);
    expect(result.text).not.toMatch(/NETWORK_ERROR/);
  });
});

describe('the caller’s timeout_ms covers the conversion', () => {
  it('a page that converts for seconds is a TIMEOUT naming timeout_ms', { timeout: scaled(60_000) }, async () => {
    const result = await fetchPage({ url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2500 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('TIMEOUT');
    expect(result.error.message).toMatch(/timeout_ms=2500/);
    expect(result.error.message).toMatch(/format "raw"/);
  });

  it(
    'while one page converts, another is converted by another process and answered first',
    { timeout: scaled(120_000) },
    async () => {
      const controller = new AbortController();
      const events: string[] = [];
      const stuck = fetchPage(
        { url: `${origin}/stuck`, max_bytes: 8 * 1024 * 1024, timeout_ms: 120_000 },
        controller.signal,
      );
      void stuck.then(() => events.push('stuck page answered'));
      await letItStart();
      const normal = await fetchPage({ url: `${origin}/normal` });
      events.push('normal page answered');
      expect(normal.ok && (normal.output as { content: string }).content).toContain('# Hello');
      controller.abort();
      expect(errorCodeOf(await stuck)).toBe('CANCELLED');
      expect(events).toEqual(['normal page answered', 'stuck page answered']);
    },
  );

  it(
    'an abort during the conversion is CANCELLED and the stuck process is killed',
    { timeout: scaled(120_000) },
    async () => {
      const controller = new AbortController();
      const before = convertProcessesAlive();
      const pending = fetchPage(
        { url: `${origin}/stuck`, max_bytes: 8 * 1024 * 1024, timeout_ms: 120_000 },
        controller.signal,
      );
      await letItStart();
      controller.abort();
      // The conversion alone would run on for seconds to minutes: the answer is the abort's.
      expect(errorCodeOf(await pending)).toBe('CANCELLED');
      expect(convertProcessesAlive()).toBeLessThanOrEqual(Math.max(before, 1));
      // The pool recovers: the next page converts.
      const next = await fetchPage({ url: `${origin}/normal` });
      expect(next.ok && (next.output as { content: string }).content).toContain('[link](');
    },
  );

  it(
    'pages queued behind busy processes time out within their own budget, and the pool recovers',
    { timeout: scaled(60_000) },
    async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetchPage({ url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2000 }),
        ),
      );
      expect(results.map(errorCodeOf)).toEqual(Array(6).fill('TIMEOUT'));
      expect(convertProcessesAlive()).toBeLessThanOrEqual(4);
      const next = await fetchPage({ url: `${origin}/normal` });
      expect(next.ok).toBe(true);
    },
  );

  it('time spent downloading counts against the same budget', { timeout: scaled(30_000) }, async () => {
    const result = await fetchPage({ url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 100 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('TIMEOUT');
  });

  it('format raw never converts, so the slow page comes back whole', { timeout: scaled(30_000) }, async () => {
    const result = await fetchPage({
      url: `${origin}/slow`,
      format: 'raw',
      max_bytes: 8 * 1024 * 1024,
      timeout_ms: 10_000,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect((result.output as { content: string }).content.length).toBe(SLOW_PAGE.length);
  });
});
