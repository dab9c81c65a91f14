// web_fetch against a loopback server in a child process: a 50 MB raw body vs undici `request`
// directly, HTML pages → Markdown (conversion in the pool of job processes) vs in-thread turndown, the
// event-loop stall while a hostile page converts, and the memory of capped fetches of a 1 GB
// stream and of a 1 GB gzip bomb.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { convertInJobProcess } from '../../src/handlers/web/html/convert-pool.js';
import { convertHtml } from '../../src/handlers/web/html/convert.js';
import { createToolkit } from '../../src/toolkit.js';
import { medianMs, sideBySide, type BenchCase } from '../lib.js';

const RAW_BYTES = 50 * 1024 * 1024;
const STREAM_BYTES = 1024 * 1024 * 1024;

/** An article-like page of about `size` chars: nav, scripts, headings, paragraphs with links, lists, code. */
function articlePage(size: number): string {
  const sections: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    sections.push(
      `<section><h2>Section ${i}</h2><p>Paragraph ${i} with <a href="/link/${i}">a link</a>, <em>emphasis</em> and <code>code</code>. ` +
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. '.repeat(
          3,
        ) +
        `</p><ul><li>item ${i}.1</li><li>item ${i}.2</li></ul><script>track(${i})</script></section>`,
    );
    length += sections[sections.length - 1]!.length;
  }
  return `<!doctype html><html><head><title>Bench page</title><style>p{}</style></head><body><nav><a href="/">Home</a></nav><main>${sections.join('')}</main></body></html>`;
}
const PAGE_HTML = articlePage(1_000_000);
const PAGE_150K = articlePage(150_000);
/** Slow to convert even with the linear fixes (~1–2 s of domino + turndown): 60,000 <br> then text. */
const HOSTILE_HTML = `<p>${'<br>'.repeat(60_000)}end</p>`;

// The server: /raw (50 MB text), /stream (1 GB text, written with backpressure), /bomb (1 GB of
// zeros gzip-compressed once at start-up, about 1 MB on the wire).
const SERVER = `
const http = require('node:http');
const zlib = require('node:zlib');
const RAW = Buffer.alloc(${RAW_BYTES}, 0x61);
const PAGE = require('node:fs').readFileSync(process.env.PAGE_FILE);
const PAGE_150K = require('node:fs').readFileSync(process.env.PAGE_FILE + '.150k');
const CHUNK = Buffer.alloc(64 * 1024, 0x62);
const gz = zlib.createGzip({ level: 9 });
const parts = [];
gz.on('data', (c) => parts.push(c));
const zeros = Buffer.alloc(1024 * 1024, 0x61); // text: a body of NULs would be refused as binary
for (let i = 0; i < 1024; i++) gz.write(zeros);
gz.end();
gz.on('end', () => {
  const BOMB = Buffer.concat(parts);
  http.createServer((req, res) => {
    if (req.url === '/raw') { res.writeHead(200, { 'content-type': 'text/plain', 'content-length': RAW.length }); return res.end(RAW); }
    if (req.url === '/page') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); return res.end(PAGE); }
    if (req.url === '/page150k') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); return res.end(PAGE_150K); }
    if (req.url === '/bomb') { res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }); return res.end(BOMB); }
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': ${STREAM_BYTES} });
      let left = ${STREAM_BYTES};
      const pump = () => {
        while (left > 0) {
          const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
          left -= piece.length;
          if (!res.write(piece)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => { left = 0; });
      return pump();
    }
    res.writeHead(404); res.end();
  }).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
});
`;

async function startServer(tmp: string): Promise<{ child: ChildProcess; origin: string }> {
  const pageFile = path.join(tmp, 'page.html');
  await writeFile(pageFile, PAGE_HTML);
  await writeFile(`${pageFile}.150k`, PAGE_150K);
  const child = spawn(process.execPath, ['-e', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PAGE_FILE: pageFile },
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, origin: `http://127.0.0.1:${chunk.toString().trim()}` };
}

/** Runs fn while sampling RSS every 2 ms; returns the peak growth over the starting RSS, in MB. */
async function peakRssGrowth(fn: () => Promise<unknown>): Promise<{ ms: number; peakMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  const began = performance.now();
  await fn();
  const ms = performance.now() - began;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - start) / 1e6 };
}

const bench: BenchCase = {
  name: 'web',
  async run(ctx) {
    const { child, origin } = await startServer(ctx.tmp);
    try {
      const toolkit = createToolkit({ workspace: ctx.tmp, web: { allowPrivateNetwork: true } });
      const fetchRaw = async () => {
        const result = await toolkit.invoke('web', 'web_fetch', {
          url: `${origin}/raw`,
          format: 'raw',
          max_bytes: RAW_BYTES,
        });
        if (!result.ok || (result.output as { bytes: number }).bytes !== RAW_BYTES) {
          throw new Error(
            `web_fetch /raw failed: ${JSON.stringify(result.ok ? result.output : result.error).slice(0, 200)}`,
          );
        }
      };
      const undiciRaw = async () => {
        const response = await request(`${origin}/raw`);
        const text = await response.body.text();
        if (text.length !== RAW_BYTES) throw new Error('undici /raw short read');
      };
      const raw = await sideBySide(fetchRaw, undiciRaw, 7, 1);
      ctx.row({
        case: 'web_fetch 50 MB raw body (loopback)',
        toolwright: raw.toolwright,
        baseline: raw.baseline,
        baselineName: 'undici request + body.text()',
        target: '≤ 1.5×',
        note: `${(RAW_BYTES / 1e6 / (raw.toolwright / 1000)).toFixed(0)} MB/s through invoke`,
      });

      const TurndownService = (await import('turndown')).default;
      const fetchPage = async () => {
        const result = await toolkit.invoke('web', 'web_fetch', { url: `${origin}/page` });
        if (!result.ok || !(result.output as { content: string }).content.includes('## Section 1'))
          throw new Error('web_fetch /page failed');
      };
      const undiciTurndown = async () => {
        const response = await request(`${origin}/page`);
        const markdown = new TurndownService().turndown(await response.body.text());
        if (!markdown.includes('Section 1')) throw new Error('turndown baseline failed');
      };
      const page = await sideBySide(fetchPage, undiciTurndown, 5, 1);
      ctx.row({
        case: `web_fetch ${(PAGE_HTML.length / 1e6).toFixed(1)} MB HTML page → Markdown`,
        toolwright: page.toolwright,
        baseline: page.baseline,
        baselineName: 'undici request + bare turndown',
        target: '≤ 1.5×',
        note: 'toolwright also strips noise and absolutizes links',
      });

      // A normal 150 KB page: the whole call (fetch + conversion in a job process) vs fetch + in-thread turndown.
      const fetchSmall = async () => {
        const result = await toolkit.invoke('web', 'web_fetch', { url: `${origin}/page150k` });
        if (!result.ok || !(result.output as { content: string }).content.includes('## Section 1'))
          throw new Error('web_fetch /page150k failed');
      };
      const undiciTurndownSmall = async () => {
        const response = await request(`${origin}/page150k`);
        const markdown = new TurndownService().turndown(await response.body.text());
        if (!markdown.includes('Section 1')) throw new Error('turndown baseline failed');
      };
      const small = await sideBySide(fetchSmall, undiciTurndownSmall, 15, 2);
      ctx.row({
        case: `web_fetch ${(PAGE_150K.length / 1e3).toFixed(0)} KB HTML page → Markdown`,
        toolwright: small.toolwright,
        baseline: small.baseline,
        baselineName: 'undici request + bare turndown (in-thread)',
        target: '≤ 1.5×',
        note: 'conversion in a warm pooled job process',
      });

      // Conversion alone: the pooled job process (copy + IPC message + convert) vs the same converter in-thread.
      const bytes150k = Buffer.from(PAGE_150K);
      const convertOptions = () => ({
        deadline: Date.now() + 30_000,
        timeoutMs: 30_000,
        signal: new AbortController().signal,
      });
      const inJobProcess = async () => {
        const page = await convertInJobProcess(
          { bytes: bytes150k, encoding: 'utf-8', truncated: false, format: 'markdown', baseUrl: 'http://bench/' },
          convertOptions(),
        );
        if (!page.content.includes('## Section 1')) throw new Error('conversion in the job process failed');
      };
      const inThread = () => {
        if (!convertHtml(PAGE_150K, 'markdown', 'http://bench/').content.includes('## Section 1'))
          throw new Error('in-thread conversion failed');
      };
      const convert = await sideBySide(inJobProcess, inThread, 15, 2);
      ctx.row({
        case: 'convert 150 KB page → Markdown (no network)',
        toolwright: convert.toolwright,
        baseline: convert.baseline,
        baselineName: 'same converter in-thread',
        target: '≤ 1.3×',
        note: 'job process overhead: copy + IPC message + reply',
      });

      // The event loop while a hostile page converts: job process vs in-thread.
      const stall = async (work: () => unknown) => {
        let last = performance.now();
        let worst = 0;
        const timer = setInterval(() => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
        }, 5);
        await work();
        worst = Math.max(worst, performance.now() - last);
        clearInterval(timer);
        return worst;
      };
      const hostileBytes = Buffer.from(HOSTILE_HTML);
      const jobStall = await stall(() =>
        convertInJobProcess(
          { bytes: hostileBytes, encoding: 'utf-8', truncated: false, format: 'markdown', baseUrl: 'http://bench/' },
          convertOptions(),
        ),
      );
      const threadStall = await stall(() => convertHtml(HOSTILE_HTML, 'markdown', 'http://bench/'));
      ctx.row({
        case: `longest event-loop stall, ${(HOSTILE_HTML.length / 1e3).toFixed(0)} KB page of 60k <br> → Markdown`,
        toolwright: jobStall,
        baseline: threadStall,
        baselineName: 'same converter in-thread',
        note: 'single run each; the job process keeps the loop free',
      });

      const capped = async (pathname: string, maxBytes?: number) => {
        const result = await toolkit.invoke('web', 'web_fetch', {
          url: `${origin}${pathname}`,
          format: 'raw',
          ...(maxBytes ? { max_bytes: maxBytes } : {}),
        });
        if (!result.ok || !(result.output as { truncated: boolean }).truncated)
          throw new Error(`capped fetch of ${pathname} was not truncated`);
      };
      const streamMs = await medianMs(() => capped('/stream'), 5, 1);
      const streamMem = await peakRssGrowth(() => capped('/stream'));
      ctx.row({
        case: 'web_fetch 1 GB stream, default cap (1 MiB)',
        toolwright: streamMs,
        note: `peak RSS growth ${streamMem.peakMb.toFixed(1)} MB`,
      });
      const bigCapMem = await peakRssGrowth(() => capped('/stream', 100 * 1024 * 1024));
      ctx.row({
        case: 'web_fetch 1 GB stream, max_bytes 100 MiB',
        toolwright: bigCapMem.ms,
        note: `peak RSS growth ${bigCapMem.peakMb.toFixed(0)} MB (single run)`,
      });
      const bombMs = await medianMs(() => capped('/bomb'), 5, 1);
      const bombMem = await peakRssGrowth(() => capped('/bomb'));
      ctx.row({
        case: 'web_fetch gzip bomb (1 GB decompressed), default cap',
        toolwright: bombMs,
        note: `peak RSS growth ${bombMem.peakMb.toFixed(1)} MB`,
      });
    } finally {
      child.kill();
    }
  },
};

export default bench;
