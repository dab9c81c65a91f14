// The Brave Search API (https://api.search.brave.com/res/v1/web/search), key in X-Subscription-Token.
import type { SearchBackend } from './types.js';
import { getJson, plainSnippet } from './http.js';

export const BRAVE_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';
/** Brave returns at most 20 results per request. */
const BRAVE_MAX_COUNT = 20;

export interface BraveOptions {
  apiKey: string;
  /** Override for tests or a proxy; default the public API. */
  endpoint?: string;
  timeoutMs?: number;
  /** Brave `country` / `search_lang` parameters. */
  country?: string;
  searchLang?: string;
}

export function createBraveBackend(options: BraveOptions): SearchBackend {
  const endpoint = new URL(options.endpoint ?? BRAVE_ENDPOINT);
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'brave',
    async search({ query, maxResults, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(Math.max(maxResults, 1), BRAVE_MAX_COUNT)));
      if (options.country) url.searchParams.set('country', options.country);
      if (options.searchLang) url.searchParams.set('search_lang', options.searchLang);
      const body = (await getJson({
        backend: 'brave',
        url,
        timeoutMs,
        signal,
        headers: { 'x-subscription-token': options.apiKey },
        hint: (status) =>
          status === 401 || status === 403 || status === 422
            ? 'check the Brave API key (TOOLWRIGHT_BRAVE_API_KEY)'
            : status === 429
              ? 'the Brave API rate limit or quota was hit; wait and retry'
              : undefined,
      })) as { web?: { results?: unknown } };
      const raw = Array.isArray(body.web?.results) ? (body.web.results as Record<string, unknown>[]) : [];
      return raw
        .filter((r) => typeof r?.url === 'string')
        .map((r) => ({
          title: plainSnippet(r.title) || (r.url as string),
          url: r.url as string,
          snippet: plainSnippet(r.description),
        }))
        .slice(0, maxResults);
    },
  };
}
