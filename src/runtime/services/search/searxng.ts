// SearXNG's JSON API (`/search?q=…&format=json`): self-hostable, no key. The instance must list
// `json` under `search.formats` in its settings.yml, else it answers 403.
import type { SearchBackend, SearchResultItem } from './types.js';
import { getJson, plainSnippet } from './http.js';

export interface SearxngOptions {
  /** Base URL of the instance, e.g. http://localhost:8888 (a trailing /search is accepted). */
  url: string;
  timeoutMs?: number;
  /** Extra request headers (some instances sit behind auth). */
  headers?: Record<string, string>;
  /** SearXNG `language` parameter, e.g. "en". */
  language?: string;
}

const MAX_PAGES = 3;

export function createSearxngBackend(options: SearxngOptions): SearchBackend {
  const endpoint = new URL(options.url);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error(`SearXNG URL must be http(s): ${options.url}`);
  }
  if (!/\/search\/?$/.test(endpoint.pathname)) {
    endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/search`;
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'searxng',
    async search({ query, maxResults, signal }) {
      const results: SearchResultItem[] = [];
      for (let page = 1; page <= MAX_PAGES && results.length < maxResults; page++) {
        const url = new URL(endpoint);
        url.searchParams.set('q', query);
        url.searchParams.set('format', 'json');
        url.searchParams.set('pageno', String(page));
        if (options.language) url.searchParams.set('language', options.language);
        const body = (await getJson({
          backend: 'searxng',
          url,
          timeoutMs,
          signal,
          ...(options.headers ? { headers: options.headers } : {}),
          hint: (status) =>
            status === 403
              ? 'enable the json format in the instance settings.yml (search: formats: [html, json])'
              : status === 429
                ? 'the instance is rate limiting; wait or use another instance'
                : undefined,
        })) as { results?: unknown };
        const pageResults = Array.isArray(body.results) ? body.results : [];
        if (pageResults.length === 0) break;
        for (const raw of pageResults as Record<string, unknown>[]) {
          if (typeof raw?.url !== 'string') continue;
          results.push({ title: plainSnippet(raw.title) || raw.url, url: raw.url, snippet: plainSnippet(raw.content) });
        }
      }
      return results.slice(0, maxResults);
    },
  };
}
