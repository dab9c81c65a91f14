// What a toolwright MCP server says of itself in `initialize`: its own module, so the stdio CLI can
// answer `initialize` (transports/stdio-early-init.ts) before the adapter and the SDK are loaded.
import { readFileSync } from 'node:fs';
import type { McpServerOptions } from './server.js';

/** What a server answers `initialize` with, apart from the protocol version. */
export interface ServerIdentity {
  serverInfo: { name: string; version: string };
  capabilities: Record<string, unknown>;
  instructions?: string;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function defaultInstructions(root: string): string {
  return (
    `Tools over the workspace ${root}. Paths are relative to it (absolute paths must stay inside). ` +
    'Failed calls return isError with "Error CODE: message"; long outputs are cut with a hint on how to continue.'
  );
}

/** The first protocol revision with tasks (in core): older clients are not told of them. */
const TASKS_SINCE = '2025-11-25';

/** The capabilities a client initializing with `protocolVersion` is told of (dates compare as strings). */
export function capabilitiesFor(
  capabilities: Record<string, unknown>,
  protocolVersion: string | undefined,
): Record<string, unknown> {
  if (protocolVersion === undefined || protocolVersion >= TASKS_SINCE || !('tasks' in capabilities))
    return capabilities;
  const { tasks: _tasks, ...older } = capabilities;
  return older;
}

/** Name, version, capabilities and instructions of the server over `root` (what `initialize` answers). */
export function mcpServerIdentity(root: string, options: McpServerOptions = {}): ServerIdentity {
  return {
    serverInfo: { name: options.name ?? 'toolwright', version: packageVersion() },
    capabilities: {
      tools: { listChanged: false },
      logging: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    instructions: [defaultInstructions(root), options.instructions].filter(Boolean).join('\n'),
  };
}
