// Who an MCP request acts for: the principal the HTTP adapter put in the SDK's auth info once it
// verified the request's token (stdio and unauthenticated HTTP carry none: the toolkit's own).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthInfo } from '@modelcontextprotocol/server';

export function principalOfAuth(authInfo: AuthInfo | undefined): string | undefined {
  const principal = authInfo?.extra?.principal;
  return typeof principal === 'string' ? principal : undefined;
}

const requestScope = new AsyncLocalStorage<string | undefined>();

/** Runs `serve` with the principal of the HTTP request it serves (undefined: the toolkit's own). */
export function withRequestPrincipal<T>(principal: string | undefined, serve: () => T): T {
  return requestScope.run(principal, serve);
}

/**
 * The principal of the request being served, for code the SDK calls without the request's auth
 * info (its task handlers pass a session id only).
 */
export function requestPrincipal(): string | undefined {
  return requestScope.getStore();
}
