// The HTML converter on its own (no network): its depth and attribute limits, <pre> blocks, the
// one-pass Markdown escape, links against <base href>, and random tag soup that must convert without
// throwing or losing text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertHtml,
  escapeMarkdown,
  MAX_ATTRIBUTES,
  MAX_DOM_DEPTH,
  MAX_LIST_DEPTH,
  MAX_QUOTE_DEPTH,
} from '../../src/handlers/web/html/convert.js';
import { scanHtml } from '../../src/handlers/web/html/scan.js';
import { scaled } from '../support/time.js';

describe('convertHtml limits', () => {
  it('flattens subtrees deeper than MAX_DOM_DEPTH and says so', () => {
    const depth = MAX_DOM_DEPTH + 50;
    const page = convertHtml(
      '<div>'.repeat(depth) + '<b>deep</b> text' + '</div>'.repeat(depth),
      'markdown',
      'http://x/',
    );
    expect(page.content).toBe('deep text');
    expect(page.notes.join()).toMatch(/flattened/);
  });

  it('stops prefixing quotes and list items past MAX_QUOTE_DEPTH / MAX_LIST_DEPTH', () => {
    const quotes = convertHtml('<blockquote>'.repeat(MAX_QUOTE_DEPTH + 5) + 'q', 'markdown', 'http://x/');
    expect(quotes.content).toBe(`${'> '.repeat(MAX_QUOTE_DEPTH)}q`);
    const lists = convertHtml('<ul><li>'.repeat(MAX_LIST_DEPTH + 5) + 'i', 'markdown', 'http://x/');
    expect(lists.content).toBe(`${'- '.repeat(MAX_LIST_DEPTH)}i`);
  });

  it('keeps ordinary Markdown: numbered lists, code spans, links, <br>', () => {
    const page = convertHtml(
      '<ol start="3"><li>c</li><li>d</li></ol><p>use <code>a`b</code> and <code>`x</code> <a href="/r">r</a><br>next</p>',
      'markdown',
      'http://h/base/',
    );
    expect(page.content).toBe('3. c\n4. d\n\nuse ``a`b`` and `` `x `` [r](http://h/r)  \nnext');
    expect(page.notes).toEqual([]);
  });
});

describe('elements with very many attributes', () => {
  it('are counted quote-aware in the pre-scan; past MAX_ATTRIBUTES the page is plain text with a note', () => {
    expect(scanHtml('<a title="x y=z w" href=\'/p q\' data-x=1 hidden>t</a>').attributes).toBe(0); // short tags are not counted
    const counted = scanHtml(`<div ${'title="a b c" '.repeat(10)}x=1 y z>t</div>`);
    expect(counted.attributes).toBe(13);
    const many = `<p>before</p><div ${Array.from({ length: 20_000 }, (_, i) => `a${i}="x"`).join(' ')}>hi <b>there</b></div>`;
    const page = convertHtml(many, 'markdown', 'http://x/');
    expect(page.content).toContain('hi there');
    expect(page.notes.join(' ')).toMatch(new RegExp(`has 20000 attributes, more than the ${MAX_ATTRIBUTES}`));
    // A long tag with few attributes (an inline image) is converted as HTML.
    const inline = convertHtml(
      `<p><img alt="pic" src="data:image/png;base64,${'A'.repeat(100_000)}"> and <b>bold</b></p>`,
      'markdown',
      'http://x/',
    );
    expect(inline.notes).toEqual([]);
    expect(inline.content).toContain('**bold**');
    const some = convertHtml(
      `<p ${Array.from({ length: 500 }, (_, i) => `d${i}=1`).join(' ')}>fine <em>x</em></p>`,
      'markdown',
      'http://x/',
    );
    expect(some.notes).toEqual([]);
    expect(some.content).toBe('fine *x*');
  });
});

describe('a <pre> whose <code> is not all of it', () => {
  it('keeps the text after the first <code> in the fenced block', () => {
    const cases: [string, string][] = [
      ['<pre><code>first</code> then more</pre>', 'then more'],
      ['<pre><code class="language-py">x = 1</code>\ny = 2</pre>', 'y = 2'],
      ['<pre></code><code><pre></code><code> MARK', 'MARK'],
      ['<pre><code>a</code><code>second block</code></pre>', 'second block'],
    ];
    for (const [html, kept] of cases) {
      const { content } = convertHtml(html, 'markdown', 'http://127.0.0.1/');
      expect(content, html).toContain(kept);
      expect(content.startsWith('```'), html).toBe(true);
    }
    // A <pre> that is one <code> keeps turndown's own rule (and its language).
    expect(
      convertHtml('<pre><code class="language-js">let a;</code></pre>', 'markdown', 'http://127.0.0.1/').content,
    ).toBe('```js\nlet a;\n```');
  });
});

describe('convertHtml on random tag soup', () => {
  // Visible-text tokens only (no noise elements, comments or raw-text tags, which hide text by design).
  const TOKENS = [
    '<div>',
    '</div>',
    '<b>',
    '</b>',
    '<i>',
    '<a href="/x">',
    '</a>',
    '<pre>',
    '</pre>',
    '<code>',
    '</code>',
    '<p>',
    '<ul>',
    '<ol>',
    '<li>',
    '</li>',
    '<table>',
    '<tr>',
    '<td>',
    '</table>',
    '<blockquote>',
    '<h1>',
    '</h1>',
    '<br>',
    '<dl>',
    '<dd>',
    '<span>',
    '<em>',
    '<div/>',
    '\u00a0',
    ' ',
    '  ',
    '\n',
    '\t',
    '`',
    '``',
    '*',
    '_',
    '\\',
    '[',
    '#',
    '&amp;',
    '&nbsp;',
    '< ',
    '>',
    '"',
    'x',
    'word ',
  ];
  it('never throws and keeps the last word of text, in both formats', { timeout: scaled(120_000) }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 4000 }), fc.nat(3), (tokens, repeat) => {
        const html = tokens.join('').repeat(repeat + 1) + ' MARK';
        for (const format of ['markdown', 'text'] as const) {
          const page = convertHtml(html, format, 'http://x/');
          expect(page.content).toContain('MARK');
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('the one-pass Markdown escape', () => {
  it("equals turndown's own escape on strings dense in Markdown syntax", async () => {
    const TurndownService = (await import('turndown')).default;
    const reference = new TurndownService();
    fc.assert(
      fc.property(fc.stringMatching(/^[-+=#~>`*_\\[\]0-9. a\n\t]{0,16}$/), (text) => {
        expect(escapeMarkdown(text)).toBe(reference.escape(text));
      }),
      { numRuns: 20_000 },
    );
    // Line-start cases spelled out (a failure here names the rule).
    for (const text of [
      '- a',
      '+ a',
      '+a',
      '= a',
      '==',
      '# a',
      '###### a',
      '####### a',
      '#a',
      '~~~',
      '~~a',
      '> q',
      '12. x',
      '12.x',
      '1) x',
      'a - b',
      '*-',
      '\\-',
    ]) {
      expect(escapeMarkdown(text), text).toBe(reference.escape(text));
    }
  });

  it('a page of Markdown-special text converts with the escapes bare turndown gives', async () => {
    const TurndownService = (await import('turndown')).default;
    const text = '1. not a list * _x_ [y] `z` \\ # h';
    const page = convertHtml(`<p>${text}</p><p>- dash</p><p>&gt; quote</p>`, 'markdown', 'http://x/');
    const bare = new TurndownService().turndown(`<p>${text}</p><p>- dash</p><p>&gt; quote</p>`);
    expect(page.content.trim()).toBe(bare.trim());
    expect(page.content).toContain('1\\. not a list \\* \\_x\\_ \\[y\\] \\`z\\` \\\\ # h');
  });
});

describe('links and <base href>', () => {
  const convert = (html: string) => convertHtml(html, 'markdown', 'https://site.example/a/b').content;
  it('resolves links and images against a <base href> in the head, as a browser does', () => {
    expect(
      convert(
        '<html><head><base href="https://cdn.example/docs/"></head><body><p><a href="page.html">x</a> <img src="i.png" alt="i"></p></body></html>',
      ),
    ).toBe('[x](https://cdn.example/docs/page.html) ![i](https://cdn.example/docs/i.png)');
  });
  it('a relative <base href> resolves against the page URL first', () => {
    expect(convert('<head><base href="/root/"></head><p><a href="x">x</a></p>')).toBe(
      '[x](https://site.example/root/x)',
    );
  });
  it('the first <base href> in tree order wins, even one the parser left in the body, for links before it too', () => {
    expect(
      convert(
        '<p><a href="x">x</a></p><base href="https://one.example/"><base href="https://two.example/"><p><a href="y">y</a></p>',
      ),
    ).toBe('[x](https://one.example/x)\n\n[y](https://one.example/y)');
    expect(
      convert(
        '<head><base href="https://head.example/"></head><body><base href="https://body.example/"><a href="z">z</a></body>',
      ),
    ).toBe('[z](https://head.example/z)');
  });
  it('a <base> without href, or with an unparsable one, leaves the page URL as the base', () => {
    expect(convert('<head><base target="_blank"></head><a href="x">x</a>')).toBe('[x](https://site.example/a/x)');
    expect(convert('<head><base href="http://[bad"></head><a href="x">x</a>')).toBe('[x](https://site.example/a/x)');
  });
  it('fragments, javascript: and data: links are left as written; hidden elements are dropped', () => {
    expect(
      convert(
        '<a href="#top">t</a> <a href="javascript:alert(1)">j</a> <span hidden>h</span><span aria-hidden="true">a</span>',
      ),
    ).toBe('[t](#top) [j](javascript:alert\\(1\\))');
  });
});
