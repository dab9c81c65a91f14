// A page whose DOM outgrows the conversion worker's heap: the worker dies of it, the call is an
// UNSUPPORTED_CONTENT that says so (not INTERNAL, not a crash of the host), and the pool recovers.
// Own file: the heap cap is read when the pool module loads, so it is set before the import.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scaled } from '../support/time.js';

process.env.TOOLWRIGHT_CONVERT_MEMORY_MB = '64';
const { createToolkit } = await import('../../src/toolkit.js');
const { CONVERT_MEMORY_MB } = await import('../../src/handlers/web/html/convert-pool.js');

// ~6 MB of small elements: its DOM needs several hundred MB, far beyond a 64 MiB heap.
const BIG = '<ul>' + '<li><a href="/x">item</a> <b>b</b> <i>i</i></li>'.repeat(120_000) + '</ul>';
let server: http.Server;
let origin: string;
let workspace: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/big' ? BIG : '<h1>small</h1>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-convert-mem-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

it(
  'a page that exhausts the worker heap is UNSUPPORTED_CONTENT, and the next page converts',
  { timeout: scaled(60_000) },
  async () => {
    expect(CONVERT_MEMORY_MB).toBe(64);
    const toolkit = createToolkit({ workspace, web: { allowPrivateNetwork: true } });
    const big = await toolkit.invoke('web', 'web_fetch', { url: `${origin}/big`, max_bytes: 10_000_000 });
    expect(big.ok).toBe(false);
    if (!big.ok) {
      expect(big.error.code).toBe('UNSUPPORTED_CONTENT');
      expect(big.error.message).toMatch(/64 MiB of memory; use format "raw"/);
    }
    const raw = await toolkit.invoke('web', 'web_fetch', {
      url: `${origin}/big`,
      max_bytes: 10_000_000,
      format: 'raw',
    });
    expect(raw.ok).toBe(true);
    const small = await toolkit.invoke('web', 'web_fetch', { url: `${origin}/small` });
    expect(small.ok && (small.output as { content: string }).content).toBe('# small');
  },
);
