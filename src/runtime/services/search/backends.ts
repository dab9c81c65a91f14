// web_search's backends: SearXNG and Brave (the interface they implement is in ./types.ts), and the
// environment-based selection createToolkit uses when no backend is passed.
import { ToolError } from '../../contract/errors.js';
import { createBraveBackend } from './brave.js';
import { createSearxngBackend } from './searxng.js';

export { createBraveBackend, type BraveOptions } from './brave.js';
export { createSearxngBackend, type SearxngOptions } from './searxng.js';
export type { SearchBackend, SearchResultItem } from './types.js';
import type { SearchBackend } from './types.js';

/** How to configure a backend, quoted in UNAVAILABLE messages. */
export const SEARCH_CONFIG_HINT =
  'Set TOOLWRIGHT_SEARCH_URL to a SearXNG instance with the json format enabled (e.g. http://localhost:8888), ' +
  'or TOOLWRIGHT_BRAVE_API_KEY to a Brave Search API key, or pass `search` to createToolkit.';

/** A backend that explains a configuration mistake on use instead of failing createToolkit. */
function misconfigured(problem: string): SearchBackend {
  return {
    name: 'misconfigured',
    search: async () => {
      throw new ToolError('UNAVAILABLE', `web_search is misconfigured: ${problem}. ${SEARCH_CONFIG_HINT}`);
    },
  };
}

/**
 * Picks a backend from the environment: TOOLWRIGHT_SEARCH_URL → SearXNG; else
 * TOOLWRIGHT_BRAVE_API_KEY → Brave; TOOLWRIGHT_SEARCH_BACKEND=searxng|brave decides when both are
 * set. Nothing set → undefined (web_search answers UNAVAILABLE with the hint).
 */
export function searchBackendFromEnv(env: NodeJS.ProcessEnv): SearchBackend | undefined {
  const url = env.TOOLWRIGHT_SEARCH_URL?.trim();
  const key = env.TOOLWRIGHT_BRAVE_API_KEY?.trim();
  const choice = env.TOOLWRIGHT_SEARCH_BACKEND?.trim().toLowerCase();
  if (choice && choice !== 'searxng' && choice !== 'brave') {
    return misconfigured(`TOOLWRIGHT_SEARCH_BACKEND must be "searxng" or "brave", not "${choice}"`);
  }
  const useBrave = choice === 'brave' || (!choice && !url && !!key);
  if (useBrave) {
    if (!key) return misconfigured('TOOLWRIGHT_SEARCH_BACKEND=brave but TOOLWRIGHT_BRAVE_API_KEY is empty');
    return createBraveBackend({ apiKey: key });
  }
  if (!url)
    return choice === 'searxng'
      ? misconfigured('TOOLWRIGHT_SEARCH_BACKEND=searxng but TOOLWRIGHT_SEARCH_URL is empty')
      : undefined;
  try {
    return createSearxngBackend({ url });
  } catch {
    return misconfigured(`TOOLWRIGHT_SEARCH_URL is not an http(s) URL: ${url}`);
  }
}
