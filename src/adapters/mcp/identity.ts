// What a toolwright MCP server says of itself in `initialize`: its own module, so the stdio CLI can
// answer `initialize` (transports/stdio-early-init.ts) before the adapter and the SDK are loaded.
import { readFileSync } from 'node:fs';
import type { McpServerOptions } from './server.js';
import type { ServerIdentity } from './transports/stdio-early-init.js';

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
