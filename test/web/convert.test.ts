// Hostile pages through web_fetch: conversion runs in a job process under the caller's timeout_ms, so a
// page that takes long cannot freeze the event loop, comes back as TIMEOUT within its budget, and
// pathological shapes (deep nesting, whitespace runs, escapable runs, huge tables…) convert quickly
// and honestly instead of hanging or being misreported as NETWORK_ERROR.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertProcessesAlive } from '../../src/handlers/web/html/convert-pool.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import { scaled } from '../support/time.js';

const N = 150_000;
/** name → [html, a string the converted content must contain] */
const HOSTILE: Record<string, [string, string]> = {
  'pre with 150,000 spaces': [`<pre>${' '.repeat(N)}MARK</pre>`, 'MARK'],
  'pre with spaces then a no-break space (edge-whitespace regex)': [
    `<pre>MARK${' '.repeat(N / 2)}\u00a0${' '.repeat(N / 2)}</pre>`,
    'MARK',
  ],
  '60,000 <br> then text': [`<p>${'<br>'.repeat(60_000)}MARK</p>`, 'MARK'],
  '20,000 nested <div>': ['<div>'.repeat(20_000) + 'MARK' + '</div>'.repeat(20_000), 'MARK'],
  '10,000 nested <ul><li>': ['<ul><li>'.repeat(10_000) + 'MARK', 'MARK'],
  '200,000 nested inline <b>': ['<b>'.repeat(200_000) + 'MARK', 'MARK'],
  '20,000 nested <b><i><span><em>': ['<b><i><span><em>'.repeat(20_000) + 'MARK', 'MARK'],
  '30,000 self-closed <div/> (nest in HTML)': ['<div/>'.repeat(30_000) + 'MARK', 'MARK'],
  '3,000 nested tables': ['<table><tr><td>'.repeat(3_000) + 'MARK', 'MARK'],
  '5,000 nested blockquotes': ['<blockquote>'.repeat(5_000) + 'MARK', 'MARK'],
  '150,000 asterisks': [`<p>MARK${'*'.repeat(N)}</p>`, 'MARK'],
  '75,000 underscores': [`<p>MARK${'_ '.repeat(N / 2)}</p>`, 'MARK'],
  '150,000 backslashes': [`<p>MARK${'\\'.repeat(N)}</p>`, 'MARK'],
  '150,000 backticks in <code>': [`<p>MARK<code>${'`'.repeat(N)}</code></p>`, 'MARK'],
  'code with a leading space (code-padding regex)': [`<p><code> MARK${'a'.repeat(N)}b</code></p>`, 'MARK'],
  'backtick runs of every length': [
    `<p>MARK<code>${Array.from({ length: 500 }, (_, i) => '`'.repeat(i)).join('a')}</code></p>`,
    'MARK',
  ],
  '600 × 50 table': [
    '<table>' + ('<tr>' + '<td>x</td>'.repeat(50) + '</tr>').repeat(600) + '</table><p>MARK</p>',
    'MARK',
  ],
  '2,000 links with long hrefs': [
    Array.from({ length: 2000 }, (_, i) => `<a href="/${'x'.repeat(60)}${i}">l</a>`).join('') + 'MARK',
    'MARK',
  ],
  '30,000 comments among siblings': [`<div>${'<!---->'.repeat(30_000)}MARK</div>`, 'MARK'],
  '30,000 empty paragraphs': [`<div>${'<p> </p>'.repeat(30_000)}MARK</div>`, 'MARK'],
  '10,000 no-break spaces in links': [`<p>${'<a>&nbsp;</a>'.repeat(10_000)}MARK</p>`, 'MARK'],
  'list item holding 150,000 newlines': [`<ul><li><pre>${'\n'.repeat(N)}MARK</pre></li></ul>`, 'MARK'],
  '20,000 misnested <b><i></b></i>': ['<b><i></b></i>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 attributes on one tag': [`<p ${'a="1" '.repeat(20_000)}>MARK</p>`, 'MARK'],
  // Nesting the parser builds through its repair rules (adoption agency, ignored tags), which a
  // pre-scan of tags underestimates; the parse itself is watched.
  '20,000 <a><h1> (adoption agency nests them)': ['<a><h1>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 <a><div>': ['<a><div>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 <td><span> outside a table (td ignored)': ['<td><span>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 <button><i>': ['<button><i>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 <dl><dd>': ['<dl><dd>'.repeat(20_000) + 'MARK', 'MARK'],
  '20,000 <h1><span>': ['<h1><span>'.repeat(20_000) + 'MARK', 'MARK'],
  '40,000 <ol> items': ['<ol>' + '<li>x'.repeat(40_000) + '</ol>MARK', 'MARK'],
  // Output amplification: every quote/list level prefixes every line of its content.
  '120 nested quotes around 30,000 lines': ['<blockquote>'.repeat(120) + 'x<br>'.repeat(30_000) + 'MARK', 'MARK'],
  '60 nested lists around 30,000 lines': ['<ul><li>'.repeat(60) + 'x<br>'.repeat(30_000) + 'MARK', 'MARK'],
  '120 nested quotes around a 70,000-line <pre>': [
    '<blockquote>'.repeat(120) + '<pre>' + 'x\n'.repeat(70_000) + 'MARK</pre>',
    'MARK',
  ],
};
/** Sloppy but shallow markup: must be converted as HTML, not reported as too deep. */
const SLOPPY: Record<string, string> = {
  '20,000 unclosed <p><span>': '<p><span>x'.repeat(20_000) + 'MARK',
  '20,000 unclosed <li><div> without a list': '<li><div>x'.repeat(20_000) + 'MARK',
  '20,000 unclosed <option><b>': '<select>' + '<option><b>x'.repeat(20_000) + '</select>MARK',
  '20,000 unclosed <a>': '<a href="/x">x'.repeat(20_000) + 'MARK',
};
/** Slow to convert on purpose (≈ seconds): many blocks nested just below the parse-depth limit. */
const SLOW_PAGE = ('<div>'.repeat(500) + 'x' + '</div>'.repeat(500)).repeat(700);
const NORMAL_PAGE =
  '<html><head><title>Normal</title></head><body><h1>Hello</h1><p>A <a href="/a">link</a>.</p></body></html>';

let server: http.Server;
let origin: string;
let workspace: string;
const pages = new Map<string, string>();

beforeAll(async () => {
  Object.entries(HOSTILE).forEach(([, [html]], i) => pages.set(`/hostile/${i}`, html));
  Object.entries(SLOPPY).forEach(([, html], i) => pages.set(`/sloppy/${i}`, html));
  pages.set('/slow', SLOW_PAGE);
  pages.set('/normal', NORMAL_PAGE);
  server = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-convert-'));
  // Warm the pool as a server that has served pages would be (a cold process start is not measured).
  await fetchPage({ url: `${origin}/normal` });
}, scaled(60_000));
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

function fetchPage(input: Record<string, unknown>, signal?: AbortSignal): Promise<InvokeResult> {
  const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true } });
  return toolkit.invoke('web', 'web_fetch', input, signal ? { signal } : {});
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

describe('hostile pages convert, bounded and honestly', () => {
  Object.entries(HOSTILE).forEach(([name, [, mark]], i) => {
    for (const format of ['markdown', 'text'] as const) {
      it(`${name} (${format})`, { timeout: scaled(60_000) }, async () => {
        const { result, stallMs } = await longestStall(() => fetchPage({ url: `${origin}/hostile/${i}`, format }));
        if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
        expect((result.output as { content: string }).content).toContain(mark);
        // The page is converted in a job process: this thread kept ticking (generous for a loaded machine).
        expect(stallMs).toBeLessThan(scaled(1000));
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
  it(
    'a page that converts for seconds is a TIMEOUT within timeout_ms, and the event loop keeps answering',
    { timeout: scaled(60_000) },
    async () => {
      const started = performance.now();
      let fastDoneAfter = Number.POSITIVE_INFINITY;
      const { result, stallMs, ticks } = await longestStall(async () => {
        const slow = fetchPage({ url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2500 });
        // A concurrent normal page is converted by another process while the slow one is stuck.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const fastStart = performance.now();
        const fast = await fetchPage({ url: `${origin}/normal` });
        fastDoneAfter = performance.now() - fastStart;
        expect(fast.ok && (fast.output as { content: string }).content).toContain('# Hello');
        return slow;
      });
      const elapsed = performance.now() - started;
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('TIMEOUT');
      expect(result.error.message).toMatch(/timeout_ms=2500/);
      expect(result.error.message).toMatch(/format "raw"/);
      expect(elapsed).toBeGreaterThan(2000);
      expect(elapsed).toBeLessThan(2500 + scaled(2500));
      expect(fastDoneAfter).toBeLessThan(scaled(1000));
      expect(stallMs).toBeLessThan(scaled(1000));
      expect(ticks).toBeGreaterThan(20);
    },
  );

  it(
    'an abort during the conversion is CANCELLED at once and the stuck process is killed',
    { timeout: scaled(60_000) },
    async () => {
      const controller = new AbortController();
      const before = convertProcessesAlive();
      const pending = fetchPage(
        { url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 60_000 },
        controller.signal,
      );
      await new Promise((resolve) => setTimeout(resolve, 800));
      const abortedAt = performance.now();
      controller.abort();
      const result = await pending;
      expect(performance.now() - abortedAt).toBeLessThan(scaled(1000));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('CANCELLED');
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
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetchPage({ url: `${origin}/slow`, max_bytes: 8 * 1024 * 1024, timeout_ms: 2000 }),
        ),
      );
      const elapsed = performance.now() - started;
      expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(6).fill('TIMEOUT'));
      expect(elapsed).toBeLessThan(2000 + scaled(3000));
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
