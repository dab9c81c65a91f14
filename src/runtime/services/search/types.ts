// What web_search asks of a backend (SearXNG, Brave, or one a host passes in).

export interface SearchResultItem {
  title: string;
  url: string;
  snippet: string;
}

/**
 * Where web_search sends queries. `search` resolves to at most `maxResults` items and throws
 * ToolError (HTTP_ERROR, NETWORK_ERROR, TIMEOUT, UNAVAILABLE) for failures; it must honour `signal`.
 */
export interface SearchBackend {
  readonly name: string;
  search(request: { query: string; maxResults: number; signal: AbortSignal }): Promise<SearchResultItem[]>;
}
