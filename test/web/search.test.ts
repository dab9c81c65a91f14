// web_search through createToolkit with the real SearXNG and Brave backends pointed at
// SearXNG- and Brave-shaped endpoints of a loopback server started here.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBraveBackend,
  createSearxngBackend,
  searchBackendFromEnv,
  type SearchBackend,
} from '../../src/runtime/services/search/backends.js';
import { plainSnippet } from '../../src/runtime/services/search/http.js';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult } from '../../src/runtime/contract/types.js';
import { startTestServer, type TestServer } from '../support/web-server.js';
import { scaled } from '../support/time.js';

let server: TestServer;
let workspace: string;
const savedEnv: Record<string, string | undefined> = {};
const ENV_KEYS = ['TOOLWRIGHT_SEARCH_URL', 'TOOLWRIGHT_BRAVE_API_KEY', 'TOOLWRIGHT_SEARCH_BACKEND'];

beforeAll(async () => {
  server = await startTestServer();
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-web-search-'));
  for (const key of ENV_KEYS) {
    savedEnv[key] = process.env[key];
    delete process.env[key];
  }
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
  for (const key of ENV_KEYS) if (savedEnv[key] !== undefined) process.env[key] = savedEnv[key];
});
beforeEach(() => {
  server.requests.length = 0;
});

interface SearchOutput {
  query: string;
  backend: string;
  results: { title: string; url: string; snippet: string }[];
}

function search(backend: SearchBackend | undefined, input: Record<string, unknown>): Promise<InvokeResult> {
  return createToolkit({ workspace, ...(backend ? { search: backend } : {}) }).invoke('web', 'web_search', input);
}
async function ok(backend: SearchBackend, input: Record<string, unknown>) {
  const result = await search(backend, input);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return { output: result.output as SearchOutput, text: result.text };
}
async function fails(backend: SearchBackend | undefined, input: Record<string, unknown>) {
  const result = await search(backend, input);
  if (result.ok) throw new Error(`expected failure, got ${JSON.stringify(result.output)}`);
  return result.error;
}

const searxng = () => createSearxngBackend({ url: `${server.origin}/searxng` });
const brave = (apiKey = 'test-key') =>
  createBraveBackend({ apiKey, endpoint: `${server.origin}/brave/res/v1/web/search` });

describe('web_search without a backend', () => {
  it('is UNAVAILABLE and says how to configure one', async () => {
    const error = await fails(undefined, { query: 'anything' });
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('TOOLWRIGHT_SEARCH_URL');
    expect(error.message).toContain('TOOLWRIGHT_BRAVE_API_KEY');
  });
});

describe('SearXNG backend', () => {
  it('queries /search with format=json and maps, de-duplicates and cleans results', async () => {
    const { output, text } = await ok(searxng(), { query: 'vitest mocks' });
    const first = server.requests[0]!;
    const sent = new URL(first.url, 'http://x');
    expect(sent.pathname).toBe('/searxng/search');
    expect(sent.searchParams.get('q')).toBe('vitest mocks');
    expect(sent.searchParams.get('format')).toBe('json');
    expect(output.backend).toBe('searxng');
    expect(output.results.map((r) => r.url)).toEqual([
      'https://docs.example.com/a',
      'https://blog.example.org/b',
      'https://www.other.net/c',
      'https://example.com/e',
    ]);
    expect(output.results[0]).toEqual({
      title: 'Docs & A',
      url: 'https://docs.example.com/a',
      snippet: 'About vitest mocks',
    });
    expect(text).toContain('1. Docs & A');
    expect(text).toContain('https://blog.example.org/b');
  });

  it('caps results at max_results', async () => {
    const { output } = await ok(searxng(), { query: 'q', max_results: 2 });
    expect(output.results).toHaveLength(2);
  });

  it('allowed_domains keeps only those domains and their subdomains, and narrows the query', async () => {
    const { output } = await ok(searxng(), { query: 'q', allowed_domains: ['example.com'] });
    expect(output.results.map((r) => r.url)).toEqual(['https://docs.example.com/a', 'https://example.com/e']);
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('q')).toBe('q site:example.com');
  });

  it('blocked_domains drops those domains and their subdomains', async () => {
    const { output } = await ok(searxng(), { query: 'q', blocked_domains: ['example.com', 'https://www.other.net/'] });
    expect(output.results.map((r) => r.url)).toEqual(['https://blog.example.org/b']);
  });

  it('says when filters left nothing', async () => {
    const { output, text } = await ok(searxng(), { query: 'q', allowed_domains: ['nothing.example'] });
    expect(output.results).toEqual([]);
    expect(text).toContain('No results');
    expect(text).toContain('allowed_domains');
  });

  it('refuses a domain both allowed and blocked, and non-domains', async () => {
    expect(
      (await fails(searxng(), { query: 'q', allowed_domains: ['docs.example.com'], blocked_domains: ['example.com'] }))
        .code,
    ).toBe('INVALID_INPUT');
    expect((await fails(searxng(), { query: 'q', blocked_domains: ['two words'] })).code).toBe('INVALID_INPUT');
    expect((await fails(searxng(), { query: '  ' })).code).toBe('INVALID_INPUT');
    expect(server.requests).toHaveLength(0);
  });

  it('turns a 403 (json format disabled) into HTTP_ERROR with the fix', async () => {
    const error = await fails(createSearxngBackend({ url: `${server.origin}/searxng-403` }), { query: 'q' });
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.details).toMatchObject({ status: 403 });
    expect(error.message).toContain('settings.yml');
  });

  it('turns a non-JSON answer into HTTP_ERROR', async () => {
    const error = await fails(createSearxngBackend({ url: `${server.origin}/searxng-html` }), { query: 'q' });
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.message).toContain('not JSON');
  });

  it('times out a backend that never answers', { timeout: scaled(15_000) }, async () => {
    const error = await fails(createSearxngBackend({ url: `${server.origin}/searxng-slow`, timeoutMs: 300 }), {
      query: 'q',
    });
    expect(error.code).toBe('TIMEOUT');
  });

  it('reports an unreachable backend as NETWORK_ERROR', async () => {
    const closed = await startTestServer();
    const url = `${closed.origin}/searxng`;
    await closed.close();
    const error = await fails(createSearxngBackend({ url }), { query: 'q' });
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('Brave backend', () => {
  it('sends the key header and count, and strips highlight markup from results', async () => {
    const { output } = await ok(brave(), { query: 'node streams', max_results: 5 });
    const sent = server.requests[0]!;
    expect(sent.headers['x-subscription-token']).toBe('test-key');
    const params = new URL(sent.url, 'http://x').searchParams;
    expect(params.get('q')).toBe('node streams');
    expect(params.get('count')).toBe('5');
    expect(output.backend).toBe('brave');
    expect(output.results).toHaveLength(5);
    expect(output.results[0]).toEqual({
      title: 'Brave 0',
      url: 'https://site0.example/0',
      snippet: 'Result <0> for node streams',
    });
  });

  it('filters by domain after asking for more results', async () => {
    const { output } = await ok(brave(), { query: 'q', max_results: 3, allowed_domains: ['site1.example'] });
    expect(output.results.map((r) => r.url)).toEqual([
      'https://site1.example/1',
      'https://site1.example/4',
      'https://site1.example/7',
    ]);
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('count')).toBe('9');
  });

  it('turns a rejected key into HTTP_ERROR naming the variable', async () => {
    const error = await fails(brave('wrong'), { query: 'q' });
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.details).toMatchObject({ status: 401 });
    expect(error.message).toContain('TOOLWRIGHT_BRAVE_API_KEY');
  });
});

describe('a host-supplied backend', () => {
  it('has its unexpected failure reported as NETWORK_ERROR, not a crash', async () => {
    const broken: SearchBackend = {
      name: 'broken',
      search: async () => {
        throw new Error('socket hang up');
      },
    };
    const error = await fails(broken, { query: 'q' });
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('socket hang up');
  });

  it('drops non-http results and fills a missing title with the URL', async () => {
    const custom: SearchBackend = {
      name: 'custom',
      search: async () => [
        { title: '', url: 'https://a.example/', snippet: 's' },
        { title: 'js', url: 'javascript:alert(1)', snippet: '' },
        { title: 'bad', url: 'not a url', snippet: '' },
      ],
    };
    const { output } = await ok(custom, { query: 'q' });
    expect(output.results).toEqual([{ title: 'https://a.example/', url: 'https://a.example/', snippet: 's' }]);
  });
});

describe('searchBackendFromEnv', () => {
  it('picks SearXNG from TOOLWRIGHT_SEARCH_URL, Brave from TOOLWRIGHT_BRAVE_API_KEY, SearXNG when both', () => {
    expect(searchBackendFromEnv({})).toBeUndefined();
    expect(searchBackendFromEnv({ TOOLWRIGHT_SEARCH_URL: 'http://localhost:8888' })?.name).toBe('searxng');
    expect(searchBackendFromEnv({ TOOLWRIGHT_BRAVE_API_KEY: 'k' })?.name).toBe('brave');
    expect(
      searchBackendFromEnv({ TOOLWRIGHT_SEARCH_URL: 'http://localhost:8888', TOOLWRIGHT_BRAVE_API_KEY: 'k' })?.name,
    ).toBe('searxng');
    expect(
      searchBackendFromEnv({
        TOOLWRIGHT_SEARCH_URL: 'http://localhost:8888',
        TOOLWRIGHT_BRAVE_API_KEY: 'k',
        TOOLWRIGHT_SEARCH_BACKEND: 'brave',
      })?.name,
    ).toBe('brave');
  });

  it('turns a bad setting into UNAVAILABLE on use, not a failure of createToolkit', async () => {
    const backend = searchBackendFromEnv({ TOOLWRIGHT_SEARCH_URL: 'ftp://nope' });
    expect(backend?.name).toBe('misconfigured');
    const error = await fails(backend, { query: 'q' });
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('ftp://nope');
  });

  it('is what createToolkit uses when no backend is passed', async () => {
    process.env.TOOLWRIGHT_SEARCH_URL = `${server.origin}/searxng`;
    try {
      const result = await createToolkit({ workspace }).invoke('web', 'web_search', {
        query: 'from env',
        max_results: 1,
      });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.output.backend).toBe('searxng');
      expect(server.requests).toHaveLength(1);
    } finally {
      delete process.env.TOOLWRIGHT_SEARCH_URL;
    }
  });
});

describe('hostile search responses are handled in linear time', () => {
  it('strips a run of "<" from snippets and error bodies without backtracking', async () => {
    expect(plainSnippet('a <b>bold</b> &amp; c')).toBe('a bold & c');
    // `<[^>]*>` took minutes on this; `<[^<>]*>` is linear.
    expect(plainSnippet('<'.repeat(300_000) + '<b>x</b>')).toBe('<'.repeat(300_000) + 'x');
    const lt = '<'.repeat(1_000_000);
    const hostile = http.createServer((req, res) => {
      if ((req.url ?? '').startsWith('/fail/')) return void res.writeHead(500, { 'content-type': 'text/html' }).end(lt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          results: [{ url: 'https://a.example/', title: lt.slice(0, 300_000), content: lt.slice(0, 300_000) }],
        }),
      );
    });
    hostile.listen(0, '127.0.0.1');
    await once(hostile, 'listening');
    const origin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    try {
      const failing = await createToolkit({
        workspace,
        search: createSearxngBackend({ url: `${origin}/fail` }),
      }).invoke('web', 'web_search', { query: 'q' });
      expect(failing.ok).toBe(false);
      if (!failing.ok) expect(failing.error.code).toBe('HTTP_ERROR');
      const ok = await createToolkit({ workspace, search: createSearxngBackend({ url: origin }) }).invoke(
        'web',
        'web_search',
        { query: 'q' },
      );
      expect(ok.ok).toBe(true);
    } finally {
      hostile.closeAllConnections();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });
});
