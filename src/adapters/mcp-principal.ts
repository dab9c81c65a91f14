// Who an MCP request acts for: the principal the HTTP adapter put in the SDK's auth info once it
// verified the request's token (stdio and unauthenticated HTTP carry none: the toolkit's own).
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

export function principalOfAuth(authInfo: AuthInfo | undefined): string | undefined {
  const principal = authInfo?.extra?.principal;
  return typeof principal === 'string' ? principal : undefined;
}
