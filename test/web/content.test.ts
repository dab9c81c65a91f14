// What web_fetch does with a body before conversion: binary bytes under a text label are refused,
// declared charsets are decoded (or an unsupported one is said), and the DOM-free scanner that
// guards the parser estimates depth and extracts text in linear time.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksBinary, pickEncoding } from '../../src/handlers/web/fetch/content.js';
import { convertHtml } from '../../src/handlers/web/html/convert.js';
import { extractText, tidyLines } from '../../src/handlers/web/html/extract.js';
import { scanHtml } from '../../src/handlers/web/html/scan.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import type { WebFetchInput } from '../../src/generated/types.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex');
const routes: Record<string, [string | undefined, Buffer]> = {
  '/png-as-html': ['text/html', PNG],
  '/png-as-text': ['text/plain', PNG],
  '/png-as-json': ['application/json', PNG],
  '/png-untyped': [undefined, PNG],
  '/gzip-as-html': ['text/html; charset=utf-8', zlib.gzipSync('<html><body>hello</body></html>'.repeat(50))],
  '/controls-as-text': [
    'text/plain',
    Buffer.from(Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? 0x01 + (i % 7) : 0x41))),
  ],
  '/invalid-utf8-as-json': ['application/json', Buffer.from(Array.from({ length: 2000 }, (_, i) => 0x80 + (i % 64)))],
  '/utf16-declared': ['text/plain; charset=utf-16le', Buffer.from('wide text without a BOM', 'utf16le')],
  '/latin1-text': [
    'text/plain; charset=iso-8859-1',
    Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e '.repeat(50), 'latin1'),
  ],
  '/koi8r': ['text/plain; charset=koi8-r', Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4])],
  '/euc-kr-html': [
    'text/html; charset=euc-kr',
    Buffer.concat([Buffer.from('<p>'), Buffer.from([0xc7, 0xd1, 0xb1, 0xb9]), Buffer.from('</p>')]),
  ],
  '/meta-shift-jis': [
    'text/html',
    Buffer.concat([
      Buffer.from(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><body><p>',
      ),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
      Buffer.from('</p></body></html>'),
    ]),
  ],
  '/unknown-charset': ['text/plain; charset=x-no-such-charset', Buffer.from('plain ascii survives')],
  '/utf7': ['text/html; charset=utf-7', Buffer.from('<p>hello</p>')],
  '/emoji-json': ['application/json', Buffer.from(JSON.stringify({ text: 'naïve ☕ 日本語 🙂'.repeat(40) }))],
  // Control sequences and format characters, raw and spelled as character references, in the
  // title and the body.
  '/controls-in-html': [
    'text/html; charset=utf-8',
    Buffer.from(
      '<html><head><title>T\u202eevil\u001b[2J\u0007</title></head><body><p>a \u001b]8;;http://x\u0007link\u001b]8;;\u0007 b \u009b31m c &#27;[2J d &#x202E; e \u200b f &#x7; g</p></body></html>',
    ),
  ],
};

let server: http.Server;
let origin: string;
let workspace: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) return void res.writeHead(404).end();
    res.writeHead(200, route[0] ? { 'content-type': route[0] } : {}).end(route[1]);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-content-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

function fetchPage(pathname: string, format: WebFetchInput['format'] = 'markdown'): Promise<InvokeResult> {
  return createToolkit({ workspace, web: { allowPrivateNetwork: true } }).invoke('web', 'web_fetch', {
    url: `${origin}${pathname}`,
    format,
  });
}

describe('binary bodies under a text label', () => {
  for (const pathname of [
    '/png-as-html',
    '/png-as-text',
    '/png-as-json',
    '/png-untyped',
    '/gzip-as-html',
    '/controls-as-text',
    '/invalid-utf8-as-json',
  ]) {
    for (const format of ['markdown', 'raw'] as const) {
      it(`${pathname} (${format}) is UNSUPPORTED_CONTENT`, async () => {
        const result = await fetchPage(pathname, format);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.code).toBe('UNSUPPORTED_CONTENT');
        expect(result.error.message).toMatch(/binary/);
      });
    }
  }

  it('text that only looks unusual is still text', async () => {
    for (const pathname of ['/utf16-declared', '/latin1-text', '/emoji-json']) {
      const result = await fetchPage(pathname);
      expect(result.ok, pathname).toBe(true);
    }
  });

  it('looksBinary decides on the decoded head, honouring UTF-16', () => {
    expect(looksBinary(Buffer.from('ok\0ok'), 'utf-8')).toBe(true);
    expect(looksBinary(Buffer.from('wide', 'utf16le'), 'utf-16le')).toBe(false);
    expect(looksBinary(Buffer.from([0xe9, 0xe8, 0x20, 0x61]), 'windows-1252')).toBe(false);
    expect(looksBinary(Buffer.from([0xe9, 0xe8, 0xff, 0xfe, 0x80, 0x81]), 'utf-8')).toBe(true);
    expect(looksBinary(Buffer.from('\x1b[31mred\x1b[0m plain terminal colours'), 'utf-8')).toBe(false);
    expect(looksBinary(Buffer.alloc(0), 'utf-8')).toBe(false);
  });
});

describe('control sequences in a page', () => {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u202e]/;
  it('show as escapes in the Markdown and the text a page converts to, and in its title', async () => {
    for (const format of ['markdown', 'text'] as const) {
      const result = await fetchPage('/controls-in-html', format);
      if (!result.ok) throw new Error(result.error.message);
      const output = result.output as { content: string; title?: string };
      expect(result.text, format).not.toMatch(RAW);
      expect(output.content, format).not.toMatch(RAW);
      expect(output.title, format).toBe('T\\u202eevil\\u001b[2J\\u0007');
      // (Markdown escapes the bracket after it.)
      expect(output.content, format).toMatch(/\\u001b\\?\[2J/);
      expect(output.content, format).toContain('\\u202e');
    }
  });

  it('stay as they are in raw format: the bytes the server sent', async () => {
    const result = await fetchPage('/controls-in-html', 'raw');
    if (!result.ok) throw new Error(result.error.message);
    expect((result.output as { content: string }).content).toContain('\u001b]8;;http://x');
  });
});

describe('charsets', () => {
  it('decodes declared non-UTF-8 charsets with TextDecoder (header and <meta http-equiv>)', async () => {
    const koi8 = await fetchPage('/koi8r');
    expect(koi8.ok && (koi8.output as { content: string }).content).toBe('Привет');
    const latin1 = await fetchPage('/latin1-text');
    expect(latin1.ok && (latin1.output as { content: string }).content).toContain('café crème brûlée');
    const eucKr = await fetchPage('/euc-kr-html');
    expect(eucKr.ok && (eucKr.output as { content: string }).content).toBe('한국');
    const sjis = await fetchPage('/meta-shift-jis');
    expect(sjis.ok && (sjis.output as { content: string }).content).toBe('日本');
  });

  it('says when a declared charset cannot be decoded, and decodes as UTF-8', async () => {
    for (const [pathname, label] of [
      ['/unknown-charset', 'x-no-such-charset'],
      ['/utf7', 'utf-7'],
    ] as const) {
      const result = await fetchPage(pathname);
      if (!result.ok) throw new Error(result.error.message);
      expect(result.text).toContain(`the charset "${label}" is not supported`);
      expect(result.text).toMatch(/decoded as utf-8/);
    }
    expect(pickEncoding(Buffer.from('x'), 'x-bogus', 'text')).toEqual({ encoding: 'utf-8', unsupported: 'x-bogus' });
    expect(pickEncoding(Buffer.from('<meta charset="koi8-r">'), 'x-bogus', 'html')).toEqual({
      encoding: 'koi8-r',
      unsupported: 'x-bogus',
    });
    // A <meta> that names UTF-16 is read as UTF-8 (HTML's rule); a header or a BOM that says UTF-16 is not overruled.
    expect(pickEncoding(Buffer.from('<meta charset="utf-16"><p>hi'), undefined, 'html')).toEqual({ encoding: 'utf-8' });
    expect(pickEncoding(Buffer.from('<meta charset="UTF-16BE">'), undefined, 'html')).toEqual({ encoding: 'utf-8' });
    expect(pickEncoding(Buffer.from('<p>hi'), 'utf-16le', 'html')).toEqual({ encoding: 'utf-16le' });
  });
});

describe('the DOM-free scanner', () => {
  it('estimates nesting the way the parser builds it', () => {
    expect(scanHtml('<div><div><div>x</div></div></div>').depth).toBe(3);
    // Start tags that close their open sibling (implied end tags) do not nest.
    expect(scanHtml('<p>a'.repeat(1000)).depth).toBe(1);
    expect(scanHtml('<ul>' + '<li>a'.repeat(1000)).depth).toBe(2);
    expect(scanHtml('<a href=x>a'.repeat(1000)).depth).toBe(1);
    expect(scanHtml('<table>' + '<tr><td>x'.repeat(1000)).depth).toBe(3);
    expect(scanHtml('<dl>' + '<dt>a<dd>b'.repeat(1000)).depth).toBe(2);
    expect(scanHtml('<p><span>x'.repeat(1000)).depth).toBe(2); // a <p> start closes the open <p> and its <span>
    // …unless a scope boundary is open inside: nested lists do nest.
    expect(scanHtml('<ul><li>'.repeat(300)).depth).toBe(600);
    // An end tag closes what was left open inside it.
    expect(scanHtml('<div><span>x</div>'.repeat(1000)).depth).toBe(2);
    // "/>" does not close a div in HTML, but does in SVG.
    expect(scanHtml('<div/>'.repeat(100)).depth).toBe(100);
    expect(scanHtml('<svg>' + '<path/>'.repeat(100) + '</svg>').depth).toBe(1);
    // Markup inside scripts, comments and quoted attributes is not markup.
    expect(scanHtml('<script>' + '<div>'.repeat(1000) + '</script><!--' + '<div>'.repeat(1000) + '-->').depth).toBe(0);
    expect(scanHtml(`<p title="${'<div>'.repeat(1000)}">x</p>`).depth).toBe(1);
  });

  it('lays out text the same way from the linear scan and from the DOM: cells tab-separated, <pre> verbatim, blocks apart', () => {
    const page =
      '<p>Intro</p><table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td> d </td></tr></table><pre>  x\n   y</pre><p>end &amp; more</p>';
    const expected = 'Intro\n\na\tb\nc\td\n\n  x\n   y\n\nend & more';
    expect(extractText(page).content).toBe(expected);
    expect(convertHtml(page, 'text', 'http://127.0.0.1/').content).toBe(expected);
    const blocks =
      '<div>one<br>two</div>   <ul><li>i1</li><li>i2 <b>bold</b></li></ul><h2>T</h2>text <span>  spaced   </span> tail';
    expect(extractText(blocks).content).toBe('one\ntwo\n\ni1\ni2 bold\n\nT\n\ntext  spaced  tail');
    expect(convertHtml(blocks, 'text', 'http://127.0.0.1/').content).toBe(
      'one\ntwo\n\ni1\ni2 bold\n\nT\n\ntext  spaced  tail',
    );
  });

  it('extracts text: noise skipped, entities decoded, blocks on lines, <pre> kept', () => {
    const { title, content } = extractText(
      '<html><head><title>T &amp; U</title><style>p{}</style></head><body><nav>menu</nav><h1>Head</h1>' +
        '<p>a &lt;b&gt; &#233;&#x263A; &nbsp;c</p><script>evil()</script><pre>  keep\n    this</pre><ul><li>one<li>two</ul></body></html>',
    );
    expect(title).toBe('T & U');
    expect(content).toBe('Head\n\na <b> é☺ c\n\n  keep\n    this\n\none\ntwo');
  });

  it('tidies in linear time (a `[ \\t]+$` regex would take minutes here)', () => {
    const line = ' '.repeat(2_000_000) + 'x';
    expect(tidyLines(`${line}\n${' '.repeat(2_000_000)}\n\n\nend`, true)).toBe('x\n\nend');
  });
});

describe('windows-1252', () => {
  it('decodes every byte as the WHATWG table says (0x80–0x9F are € ‚ ƒ … not C1 controls), also in long bodies', async () => {
    const { decodeWindows1252 } = await import('../../src/handlers/web/fetch/content.js');
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const text = decodeWindows1252(all);
    expect(text.length).toBe(256);
    expect(text.slice(0x80, 0x8c)).toBe('€\x81‚ƒ„…†‡ˆ‰Š‹');
    expect(text.slice(0x91, 0x98)).toBe('‘’“”•–—');
    expect(text.slice(0xa0)).toBe(all.subarray(0xa0).toString('latin1'));
    expect(text.slice(0, 0x80)).toBe(all.subarray(0, 0x80).toString('latin1'));
    const long = Buffer.concat([Buffer.alloc(3_000_000, 0x41), Buffer.from([0x93, 0x48, 0x94])]);
    expect(decodeWindows1252(long).slice(-3)).toBe('“H”');
  });
});
