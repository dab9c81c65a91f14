// The SDK v2 server package, for 2026-07-28 clients: loaded on first use (a 2025-11-25 client
// never loads it) and once per process.
export interface ModernSdk {
  server: typeof import('@modelcontextprotocol/server');
  /** zod as the SDK uses it, for the schemas of the tasks extension's methods. */
  z: typeof import('zod/v4');
}

let loading: Promise<ModernSdk> | undefined;

export function loadModernSdk(): Promise<ModernSdk> {
  return (loading ??= (async () => {
    const [server, z] = await Promise.all([import('@modelcontextprotocol/server'), import('zod/v4')]);
    return { server, z };
  })());
}

/** The `_meta` keys of a 2026-07-28 request's envelope. */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The tasks extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a JSON-RPC message (or batch) is 2026-07-28 traffic: it carries the per-request envelope
 * (a protocol version in `params._meta`) or is `server/discover`. Everything else (initialize, a
 * session's requests, anything malformed) is served as before.
 */
export function isModernMessage(message: unknown): boolean {
  // A batch holds messages, never another batch (a deep one would overflow the stack here).
  if (Array.isArray(message))
    return message.length > 0 && message.every((item) => !Array.isArray(item) && isModernMessage(item));
  if (!isPlainObject(message)) return false;
  if (message.method === 'server/discover') return true;
  const params = message.params;
  return isPlainObject(params) && isPlainObject(params._meta) && params._meta[PROTOCOL_VERSION_KEY] !== undefined;
}
