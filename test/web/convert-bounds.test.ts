// The conversion's output is bounded whatever the page: links are not made absolute against a very
// long base, nor past a growth budget (a long base times many links made hundreds of millions of
// characters from a 115 KB page), and what web_fetch returns is cut at 4 × max_bytes, with a note.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  convertHtml,
  MAX_BASE_URL_CHARS,
  MAX_TITLE_CHARS,
  MIN_LINK_GROWTH_CHARS,
} from '../../src/handlers/web/html/convert.js';
import { MAX_OUTPUT_CHARS, outputLimit } from '../../src/handlers/web/html/limits.js';
import { createToolkit } from '../../src/toolkit.js';
import { scaled } from '../support/time.js';

const links = (count: number) => '<a href=b>x</a> '.repeat(count);

describe('links made absolute, within bounds', () => {
  it('are left as written when their <base href> is longer than MAX_BASE_URL_CHARS', () => {
    const base = `http://x.test/${'A'.repeat(10_000)}/`;
    const page = convertHtml(
      `<html><head><base href="${base}"></head><body><p>${links(2000)}<a href="https://abs.example/">y</a></p></body></html>`,
      'markdown',
      'http://page.test/',
    );
    expect(page.content.length).toBeLessThan(50_000);
    expect(page.content).toMatch(/^\[x\]\(b\) \[x\]\(b\)/);
    expect(page.content).toContain('[y](https://abs.example/)');
    expect(page.notes.join(' ')).toContain(
      `2000 relative link(s) are as the page wrote them, not made absolute: their base URL is ${base.length} characters long (more than ${MAX_BASE_URL_CHARS})`,
    );
  });

  it('are left as written when the page URL itself is that long', () => {
    const pageUrl = `http://page.test/${'p'.repeat(MAX_BASE_URL_CHARS)}/`;
    const page = convertHtml(`<p>${links(1000)}</p>`, 'markdown', pageUrl);
    expect(page.content.length).toBeLessThan(50_000);
    expect(page.notes.join(' ')).toMatch(/1000 relative link\(s\) are as the page wrote them/);
  });

  it('stop being made absolute once they have grown the page by its size (at least MIN_LINK_GROWTH_CHARS)', () => {
    const pageUrl = `http://page.test/${'p'.repeat(MAX_BASE_URL_CHARS - 100)}/`;
    const html = `<p>${links(2000)}</p>`;
    const page = convertHtml(html, 'markdown', pageUrl, Number.MAX_SAFE_INTEGER); // no cut here
    // Unbounded, 2000 links of ~4 KB each would be ~8 MB.
    expect(page.content.length).toBeLessThan(MIN_LINK_GROWTH_CHARS + 2 * MAX_BASE_URL_CHARS + 20 * 2000);
    expect(page.content).toContain(`[x](${pageUrl}b)`);
    expect(page.content).toContain('[x](b)');
    expect(page.notes.join(' ')).toMatch(
      /\d+ relative link\(s\) are as the page wrote them, not made absolute: the others already added \d+ characters/,
    );
  });

  it('an ordinary page is unchanged, with no note', () => {
    const page = convertHtml(`<p>${links(3)}</p>`, 'markdown', 'https://site.example/a/');
    expect(page.content).toBe(
      '[x](https://site.example/a/b) [x](https://site.example/a/b) [x](https://site.example/a/b)',
    );
    expect(page.notes).toEqual([]);
  });
});

describe('the conversion is cut at its limit', () => {
  it('at maxChars, at a line break, with a note', () => {
    const html = Array.from({ length: 500 }, (_, i) => `<p>paragraph ${i}</p>`).join('');
    const whole = convertHtml(html, 'markdown', 'http://x/');
    expect(whole.notes).toEqual([]);
    const cut = convertHtml(html, 'markdown', 'http://x/', 1000);
    expect(cut.content.length).toBeLessThanOrEqual(1000);
    expect(whole.content.startsWith(cut.content)).toBe(true);
    expect(cut.content.endsWith('\n')).toBe(false);
    expect(cut.content).toMatch(/paragraph \d+$/);
    expect(cut.notes).toEqual([
      `the markdown was cut at 1000 of its ${whole.content.length} characters (web_fetch returns at most 4 × max_bytes characters of a conversion, and no more than ${MAX_OUTPUT_CHARS}); format "raw" returns the HTML as received`,
    ]);
  });

  it('the limit is 4 × max_bytes, at most MAX_OUTPUT_CHARS, and never below the page’s own size', () => {
    expect(outputLimit(8192, 5000)).toBe(32768);
    expect(outputLimit(100 * 1024 * 1024, 1000)).toBe(MAX_OUTPUT_CHARS);
    // A page past MAX_OUTPUT_CHARS is extracted as text, never longer than the page: not cut.
    expect(outputLimit(100 * 1024 * 1024, 90 * 1024 * 1024)).toBe(90 * 1024 * 1024);
  });

  it('a title is at most MAX_TITLE_CHARS', () => {
    const page = convertHtml(`<title>${'t'.repeat(100_000)}</title><p>x</p>`, 'markdown', 'http://x/');
    expect(page.title).toBe(`${'t'.repeat(MAX_TITLE_CHARS)}…`);
  });
});

describe('web_fetch returns at most 4 × max_bytes of a conversion', () => {
  let server: http.Server;
  let origin: string;
  let workspace: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      if (req.url?.startsWith('/long-base')) {
        res.end(
          `<html><head><base href="http://x.test/${'A'.repeat(40_000)}/"></head><body>${links(5000)}</body></html>`,
        );
      } else res.end(`<p>${links(300)}</p>`);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-web-bounds-'));
  });
  afterAll(async () => {
    server.close();
    await rm(workspace, { recursive: true, force: true });
  });
  const fetch = async (input: Record<string, unknown>) => {
    const result = await createToolkit({ workspace, web: { allowPrivateNetwork: true } }).invoke(
      'web',
      'web_fetch',
      input,
    );
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return { output: result.output as { content: string; truncated: boolean }, text: result.text };
  };

  it('a page whose links grow past it is cut, and says so', { timeout: scaled(60_000) }, async () => {
    // A long page URL (under the base limit) times 300 links: ~600,000 characters from 4,800 bytes.
    const url = `${origin}/${'p'.repeat(2000)}/page`;
    const { output, text } = await fetch({ url, max_bytes: 8192 });
    expect(output.truncated).toBe(false);
    expect(output.content.length).toBeLessThanOrEqual(4 * 8192);
    expect(output.content).toContain(`[x](${origin}/${'p'.repeat(2000)}/b)`);
    expect(text).toMatch(/^\[note: the markdown was cut at 32768 of its \d+ characters/);
  });

  it(
    'a 40,000-character <base href> and 5,000 links stay about the size of the page',
    { timeout: scaled(60_000) },
    async () => {
      const { output, text } = await fetch({ url: `${origin}/long-base` });
      expect(output.content.length).toBeLessThan(100_000);
      expect(output.content).toMatch(/^\[x\]\(b\) \[x\]\(b\)/);
      expect(text).toMatch(
        /\[note: 5000 relative link\(s\) are as the page wrote them, not made absolute: their base URL is \d+ characters long/,
      );
    },
  );
});
