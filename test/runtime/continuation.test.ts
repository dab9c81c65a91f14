// Every cut answer says how to continue: for each operation that pages, calling again with `next`
// until it is absent gives, concatenated, exactly the whole answer (nothing skipped, nothing
// repeated), and the text carries the same arguments.
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BashOutputResult,
  GlobResult,
  GrepResult,
  ListDirectoryResult,
  ReadFileResult,
  WebFetchResult,
} from '../../src/generated/types.js';
import type { InvokeResult, Toolkit } from '../../src/index.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import { numberedLines, paragraphsPage, startTestServer, type TestServer } from '../support/web-server.js';

interface Paged {
  next?: Record<string, unknown>;
}

/** Calls with `input`, then with each answer's `next` until it has none; the outputs in order. */
async function follow<T extends Paged>(
  toolkit: Toolkit,
  provider: string,
  operation: string,
  input: Record<string, unknown>,
  maxCalls = 500,
): Promise<T[]> {
  const pages: T[] = [];
  let args: Record<string, unknown> | undefined = input;
  while (args) {
    const result: InvokeResult = await toolkit.invoke(provider, operation, args);
    const page: T = expectOk<T>(result);
    if (page.next) expect(result.text).toContain(`continue with ${JSON.stringify(page.next)}]`);
    else expect(result.text).not.toContain('continue with');
    pages.push(page);
    args = page.next;
    expect(pages.length).toBeLessThan(maxCalls);
  }
  return pages;
}

/** The arguments the text's continuation line names, if it has one. */
function textNext(text: string): Record<string, unknown> | undefined {
  const line = /continue with (\{.*\})\]$/m.exec(text);
  return line ? (JSON.parse(line[1]!) as Record<string, unknown>) : undefined;
}

describe('read_file continues by offset', () => {
  it('line windows and windows cut by the size cap chain to the whole file', async () => {
    const { root, toolkit } = await workspaceToolkit();
    // Lines of varied length: windows are cut by limit, then (lines of ~1500 characters) by the ~100 KiB cap.
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `${i + 1}: ${'é'.repeat(i % 50)}${i >= 3000 ? 'z'.repeat(1500) : ''}`,
    );
    await writeFile(path.join(root, 'big.txt'), `${lines.join('\n')}\n`);
    const pages = await follow<Extract<ReadFileResult, { type: 'text' }> & Paged>(toolkit, 'filesystem', 'read_file', {
      path: 'big.txt',
      limit: 700,
      line_numbers: false,
    });
    expect(pages.length).toBeGreaterThan(8);
    expect(pages.some((p) => p.end_line - p.start_line + 1 < 700 && p.next)).toBe(true); // a size-capped window
    expect(pages.flatMap((p) => p.content.split('\n'))).toEqual(lines);
    expect(pages[0]!.next).toEqual({ path: 'big.txt', limit: 700, line_numbers: false, offset: 701 });
  });

  it('a window from the end continues to the last line', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const lines = Array.from({ length: 100 }, (_, i) => `row ${i + 1}`);
    await writeFile(path.join(root, 'tail.txt'), `${lines.join('\n')}\n`);
    const pages = await follow<Extract<ReadFileResult, { type: 'text' }> & Paged>(toolkit, 'filesystem', 'read_file', {
      path: 'tail.txt',
      offset: -40,
      limit: 15,
      line_numbers: false,
    });
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((p) => p.content.split('\n'))).toEqual(lines.slice(60));
  });
});

describe('grep continues by offset in path order', () => {
  /** A workspace where plain string order and folder order disagree ("a/b" before "a.txt" in a walk). */
  async function searchable(): Promise<Toolkit> {
    const { root, toolkit } = await workspaceToolkit();
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) {
      const hits = Array.from({ length: 1 + (i % 7) }, (_, k) => `line ${k} needle ${i}-${k}\nfiller ${k}`);
      files[`${['a', 'a.b', 'a-c', 'ab', 'a/x', 'a/x/y', 'é', 'z'][i % 8]}/f${i}.txt`] = hits.join('\n');
    }
    files['a.txt'] = 'needle at the top\n';
    files['a/b'] = 'needle in a/b\n';
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    return toolkit;
  }

  it.each([
    ['content', { context: 1 }],
    ['content', { context: 0 }],
    ['files_with_matches', {}],
    ['count', {}],
  ] as const)('%s mode %j: the pages make the whole answer', async (mode, extra) => {
    const toolkit = await searchable();
    const base = { pattern: 'needle', output_mode: mode, ...extra };
    const whole = expectOk<GrepResult>(await toolkit.invoke('search', 'grep', { ...base, max_results: 100_000 }));
    expect(whole.truncated).toBe(false);
    expect(whole.next).toBeUndefined();
    const pages = await follow<GrepResult & Paged>(toolkit, 'search', 'grep', { ...base, max_results: 40 });
    expect(pages.length).toBeGreaterThan(3);
    const field = mode === 'content' ? 'matches' : mode === 'count' ? 'counts' : 'files';
    expect(pages.flatMap((p) => p[field] as unknown[])).toEqual(whole[field]);
  });

  it('the same page comes back on every call (a stable order, not the threads of the moment)', async () => {
    const toolkit = await searchable();
    const input = { pattern: 'needle', output_mode: 'files_with_matches' as const, max_results: 9, offset: 18 };
    const first = expectOk<GrepResult>(await toolkit.invoke('search', 'grep', input));
    for (let i = 0; i < 4; i++)
      expect(expectOk<GrepResult>(await toolkit.invoke('search', 'grep', input))).toEqual(first);
  });
});

describe('glob continues by offset, newest first', () => {
  it('pages of the structured output, and of the text (which shows fewer), make the whole list', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await mkdir(path.join(root, 'src'));
    for (let i = 0; i < 1500; i++) {
      const file = path.join(root, 'src', `module-with-a-rather-long-name-${String(i).padStart(4, '0')}.ts`);
      await writeFile(file, '');
      // Groups of equal modification times: ties are ordered by path.
      const when = new Date(Date.UTC(2020, 0, 1 + (i % 40)));
      await utimes(file, when, when);
    }
    const whole = expectOk<GlobResult>(await toolkit.invoke('search', 'glob', { pattern: '**/*.ts', limit: 100_000 }));
    expect(whole.files).toHaveLength(1500);
    const pages = await follow<GlobResult & Paged>(toolkit, 'search', 'glob', { pattern: '**/*.ts', limit: 170 });
    expect(pages.flatMap((p) => p.files)).toEqual(whole.files);
    // The text shows about 40k characters: a model reading only the text continues from what it saw.
    const seen: string[] = [];
    let args: Record<string, unknown> | undefined = { pattern: '**/*.ts', limit: 100_000 };
    let calls = 0;
    while (args) {
      const { text } = await toolkit.invoke('search', 'glob', args);
      seen.push(...text.split('\n').filter((line) => line.startsWith('src/')));
      args = textNext(text);
      expect(++calls).toBeLessThan(20);
    }
    expect(calls).toBeGreaterThan(1);
    expect(seen).toEqual(whole.files);
  });
});

describe('list_directory continues by offset in walk order', () => {
  it('depth 1 pages in order, depth 3 pages cover every entry once', async () => {
    const { root, toolkit } = await workspaceToolkit();
    for (let i = 0; i < 12; i++) {
      for (let j = 0; j < 9; j++) {
        await mkdir(path.join(root, `d${i}`, `s${j}`), { recursive: true });
        await writeFile(path.join(root, `d${i}`, `s${j}`, `leaf${j}.txt`), 'x'.repeat(j));
      }
      await writeFile(path.join(root, `file${i}.txt`), '');
    }
    for (const depth of [1, 3]) {
      const whole = expectOk<ListDirectoryResult>(
        await toolkit.invoke('filesystem', 'list_directory', { depth, limit: 10_000 }),
      );
      expect(whole.truncated).toBe(false);
      const pages = await follow<ListDirectoryResult & Paged>(toolkit, 'filesystem', 'list_directory', {
        depth,
        limit: 7,
      });
      expect(pages.length).toBeGreaterThan(3);
      const paged = pages.flatMap((p) => p.entries);
      if (depth === 1) expect(paged).toEqual(whole.entries);
      // Deeper listings page breadth first and each page shows its entries in tree order.
      const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
      expect(new Set(paged.map((e) => e.path)).size).toBe(paged.length);
      expect([...paged].sort(byPath)).toEqual([...whole.entries].sort(byPath));
    }
  });
});

describe('bash_output continues by offset', () => {
  it('a job that printed many pages is read whole, page by page', async () => {
    const { toolkit } = await workspaceToolkit({ exec: { outputLimit: 3_000 } });
    const started = expectOk<{ job_id: string }>(
      await toolkit.invoke('exec', 'bash', {
        command: `for i in $(seq 1 4000); do printf 'out %s é€😀\\n' "$i"; done`,
        run_in_background: true,
      }),
    );
    let status = 'running';
    while (status === 'running') {
      const listed = expectOk<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {}));
      status = listed.jobs![0]!.status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pages = await follow<BashOutputResult & Paged>(toolkit, 'exec', 'bash_output', {
      job_id: started.job_id,
    });
    expect(pages.length).toBeGreaterThan(20);
    const expected = Array.from({ length: 4000 }, (_, i) => `out ${i + 1} é€😀\n`).join('');
    expect(pages.map((p) => p.output).join('')).toBe(expected);
    // Read again from the start by offset: the same pages.
    const again = await follow<BashOutputResult & Paged>(toolkit, 'exec', 'bash_output', {
      job_id: started.job_id,
      offset: 0,
    });
    expect(again.map((p) => p.output).join('')).toBe(expected);
  });
});

describe('web_fetch continues by start_index', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a text body cut at max_bytes is read whole, no character split', async () => {
    const { toolkit } = await workspaceToolkit({ web: { allowPrivateNetwork: true } });
    const url = `${server.origin}/numbered?lines=3000`;
    const pages = await follow<WebFetchResult & Paged>(toolkit, 'web', 'web_fetch', { url, max_bytes: 10_000 });
    expect(pages.length).toBeGreaterThan(8);
    expect(pages.map((p) => p.content).join('')).toBe(numberedLines(3000));
    expect(pages.every((p) => !p.content.includes('\uFFFD'))).toBe(true);
  });

  it('an HTML page converted to Markdown: every paragraph once, in order', async () => {
    const { toolkit } = await workspaceToolkit({ web: { allowPrivateNetwork: true } });
    const url = `${server.origin}/paragraphs?count=800`;
    expect(paragraphsPage(800).length).toBeGreaterThan(40_000);
    const pages = await follow<WebFetchResult & Paged>(toolkit, 'web', 'web_fetch', { url, max_bytes: 8_000 });
    expect(pages.length).toBeGreaterThan(4);
    const found = [
      ...pages
        .map((p) => p.content)
        .join('\n')
        .matchAll(/paragraph (\d+) of the page/g),
    ].map((m) => Number(m[1]));
    expect(found).toEqual(Array.from({ length: 800 }, (_, i) => i + 1));
    const raw = await follow<WebFetchResult & Paged>(toolkit, 'web', 'web_fetch', {
      url,
      max_bytes: 8_000,
      format: 'raw',
    });
    expect(raw.map((p) => p.content).join('')).toBe(paragraphsPage(800));
  });
});
