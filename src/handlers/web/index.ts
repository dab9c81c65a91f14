// The web provider: web_fetch (GET-only, SSRF-guarded, size- and time-capped) and web_search
// (through the toolkit's SearchBackend).
import type { WebHandlers } from '../../generated/types.js';
import { webFetch } from './web-fetch.js';
import { webSearch } from './web-search.js';

export const webHandlers = { web_fetch: webFetch, web_search: webSearch } satisfies WebHandlers;
