// The pages the conversion tests serve: hostile shapes that must convert bounded and honestly,
// sloppy but shallow markup, a page that is slow to convert on purpose, and a normal one; and a
// server on 127.0.0.1 for them. Shared by test/web/convert.test.ts and the stress suite's timing of
// the same pages.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const N = 150_000;
/** name → [html, a string the converted content must contain] */
export const HOSTILE: Record<string, [string, string]> = {
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
export const SLOPPY: Record<string, string> = {
  '20,000 unclosed <p><span>': '<p><span>x'.repeat(20_000) + 'MARK',
  '20,000 unclosed <li><div> without a list': '<li><div>x'.repeat(20_000) + 'MARK',
  '20,000 unclosed <option><b>': '<select>' + '<option><b>x'.repeat(20_000) + '</select>MARK',
  '20,000 unclosed <a>': '<a href="/x">x'.repeat(20_000) + 'MARK',
};
/** Slow to convert on purpose (≈ seconds): many blocks nested just below the parse-depth limit. */
export const SLOW_PAGE = ('<div>'.repeat(500) + 'x' + '</div>'.repeat(500)).repeat(700);
export const NORMAL_PAGE =
  '<html><head><title>Normal</title></head><body><h1>Hello</h1><p>A <a href="/a">link</a>.</p></body></html>';

/** Twice the slow page (under 8 MiB): what a test stops while it converts. */
export const STUCK_PAGE = SLOW_PAGE.repeat(2);

/** Serves every page (`/hostile/<i>`, `/sloppy/<i>`, `/slow`, `/stuck`, `/normal`) on 127.0.0.1. */
export async function servePages(): Promise<{ origin: string; close(): Promise<void> }> {
  const pages = new Map<string, string>();
  Object.entries(HOSTILE).forEach(([, [html]], i) => pages.set(`/hostile/${i}`, html));
  Object.entries(SLOPPY).forEach(([, html], i) => pages.set(`/sloppy/${i}`, html));
  pages.set('/slow', SLOW_PAGE);
  pages.set('/stuck', STUCK_PAGE);
  pages.set('/normal', NORMAL_PAGE);
  const server = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
