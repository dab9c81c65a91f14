// A loopback HTTP server for the web provider's tests: pages, redirects, slow and huge bodies,
// gzip bombs, charsets, error statuses, and SearXNG-/Brave-shaped search endpoints.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface TestServer {
  port: number;
  origin: string;
  /** Requests seen, newest last: method, url, headers. */
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  /** Bytes the gzip-bomb route managed to write before the client hung up. */
  bombBytesSent: () => number;
  close(): Promise<void>;
}

export const HTML_PAGE = `<!doctype html>
<html><head><title>Test Page</title><style>body { color: red; }</style>
<script>window.alert("tracking");</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/menu">Menu item</a></nav>
<main>
<h1>Main Heading</h1>
<p>First paragraph with a <a href="/about">relative link</a> and <strong>bold</strong> text.</p>
<ul><li>one</li><li>two</li></ul>
<div hidden>hidden secret</div><span aria-hidden="true">icon glyph</span><button>Click me</button>
<pre><code>const x = 1;</code></pre>
</main>
<script>console.log("more noise")</script>
</body></html>`;

/** 64 MiB of 'a', gzip-compressed once (≈64 KB) and served as a text body. */
let bombCache: Buffer | undefined;
function gzipBomb(): Buffer {
  bombCache ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x61), { level: 9 });
  return bombCache;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  let bombSent = 0;
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = url.pathname;
    const send = (
      status: number,
      type: string | undefined,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { ...(type ? { 'content-type': type } : {}), ...headers });
      res.end(body);
    };

    if (p === '/html') return send(200, 'text/html; charset=utf-8', HTML_PAGE);
    if (p === '/text') return send(200, 'text/plain', 'just some plain text\nsecond line\n');
    if (p === '/json') return send(200, 'application/json', '{"name":"toolwright","ok":true}');
    if (p === '/empty') return send(204, undefined, '');
    if (p === '/headers') {
      return send(200, 'application/json', JSON.stringify({ method: req.method, headers: req.headers }));
    }
    const redirect = /^\/redirect\/(\d+)$/.exec(p);
    if (redirect) {
      const n = Number(redirect[1]);
      return send(302, 'text/plain', '', { location: n <= 1 ? '/html' : `/redirect/${n - 1}` });
    }
    if (p === '/loop') return send(301, 'text/plain', '', { location: '/loop' });
    if (p === '/redirect-to') return send(302, 'text/plain', '', { location: url.searchParams.get('location') ?? '/' });
    if (p === '/slow-headers') return; // never answers; the client must time out
    if (p === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial ');
      return; // body never ends
    }
    if (p === '/big') {
      const total = Number(url.searchParams.get('bytes') ?? '1000');
      res.writeHead(200, { 'content-type': 'text/plain' });
      let left = total;
      const chunk = Buffer.alloc(64 * 1024, 0x62);
      const pump = () => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    if (p === '/numbered') {
      // Numbered lines with two- to four-byte characters: a page cut must not split one.
      const count = Number(url.searchParams.get('lines') ?? '1000');
      return send(200, 'text/plain; charset=utf-8', numberedLines(count));
    }
    if (p === '/paragraphs') {
      const count = Number(url.searchParams.get('count') ?? '1000');
      return send(200, 'text/html; charset=utf-8', paragraphsPage(count));
    }
    if (p === '/bomb') {
      const body = gzipBomb();
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      let offset = 0;
      const pump = () => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + 16 * 1024);
          offset += piece.length;
          bombSent = offset;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    if (p === '/gzip')
      return send(200, 'text/plain', zlib.gzipSync('compressed hello'), { 'content-encoding': 'gzip' });
    if (p === '/br')
      return send(200, 'text/plain', zlib.brotliCompressSync('brotli hello'), { 'content-encoding': 'br' });
    if (p === '/latin1') {
      return send(
        200,
        'text/html; charset=iso-8859-1',
        Buffer.from('<html><body><p>caf\xe9 cr\xe8me</p></body></html>', 'latin1'),
      );
    }
    if (p === '/meta-charset') {
      return send(
        200,
        'text/html',
        Buffer.from(
          '<html><head><meta charset="windows-1252"></head><body><p>na\xefve \x80</p></body></html>',
          'latin1',
        ),
      );
    }
    if (p === '/shift-jis') {
      // "日本語" in Shift_JIS
      return send(200, 'text/plain; charset=Shift_JIS', Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]));
    }
    if (p === '/utf16') {
      return send(200, 'text/plain', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text', 'utf16le')]));
    }
    if (p === '/accents') return send(200, 'text/plain; charset=utf-8', 'é'.repeat(1000));
    if (p === '/404')
      return send(404, 'text/html', '<html><body><h1>Not here</h1><p>The page is gone.</p></body></html>');
    if (p === '/500') return send(500, 'text/plain', 'database exploded');
    if (p === '/png') return send(200, 'image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    if (p === '/octet-text') return send(200, 'application/octet-stream', 'looks like text to me');
    if (p === '/octet-binary')
      return send(200, 'application/octet-stream', Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]));
    if (p === '/untyped-html') return send(200, undefined, '<!DOCTYPE html><html><body><h2>Sniffed</h2></body></html>');
    if (p === '/weird-encoding') return send(200, 'text/plain', 'x', { 'content-encoding': 'compress' });

    // SearXNG: /searxng/search?q=…&format=json
    if (p === '/searxng/search') {
      if (url.searchParams.get('format') !== 'json') return send(403, 'text/html', '<h1>403 Forbidden</h1>');
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('pageno') ?? '1');
      if (page > 1) return send(200, 'application/json', JSON.stringify({ query: q, results: [] }));
      const results = [
        { url: 'https://docs.example.com/a', title: 'Docs &amp; A', content: 'About <b>' + q + '</b>' },
        { url: 'https://blog.example.org/b', title: 'Blog B', content: 'A blog post' },
        { url: 'https://www.other.net/c', title: 'Other C', content: 'Something else' },
        { url: 'https://docs.example.com/a', title: 'Duplicate A', content: 'dup' },
        { url: 'ftp://files.example.com/d', title: 'FTP D', content: 'not http' },
        { url: 'https://example.com/e', title: 'Root E', content: 'root domain' },
      ];
      return send(200, 'application/json', JSON.stringify({ query: q, results }));
    }
    if (p === '/searxng-403/search') return send(403, 'text/html', '<h1>Forbidden</h1>');
    if (p === '/searxng-html/search') return send(200, 'text/html', '<html>not json</html>');
    if (p === '/searxng-slow/search') return;
    // Brave: /brave/res/v1/web/search?q=…&count=N with X-Subscription-Token
    if (p === '/brave/res/v1/web/search') {
      if (req.headers['x-subscription-token'] !== 'test-key') {
        return send(401, 'application/json', '{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID"}}');
      }
      const count = Number(url.searchParams.get('count') ?? '20');
      const all = Array.from({ length: 12 }, (_, i) => ({
        title: `Brave <strong>${i}</strong>`,
        url: `https://site${i % 3}.example/${i}`,
        description: `Result &lt;${i}&gt; for <strong>${url.searchParams.get('q')}</strong>`,
      }));
      return send(200, 'application/json', JSON.stringify({ type: 'search', web: { results: all.slice(0, count) } }));
    }
    send(404, 'text/plain', `no route ${p}`);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    bombBytesSent: () => bombSent,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `count` lines `line N: é € 😀 …`, each distinct, as the /numbered route serves them. */
export function numberedLines(count: number): string {
  let text = '';
  for (let i = 1; i <= count; i++) text += `line ${i}: é € 😀 ${'x'.repeat(i % 37)}\n`;
  return text;
}

/** An HTML page of `count` numbered paragraphs, as the /paragraphs route serves it. */
export function paragraphsPage(count: number): string {
  let body = '';
  for (let i = 1; i <= count; i++) body += `<p>paragraph ${i} of the page, ${'word '.repeat(i % 13)}end</p>\n`;
  return `<!doctype html><html><head><title>Paragraphs</title></head><body>\n${body}</body></html>`;
}
