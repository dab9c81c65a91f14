// `toolwright mcp`: serve the tools over stdio (default) or Streamable HTTP (--http PORT).
import { setFlagsFromString } from 'node:v8';
import type { JwtAuthOptions } from '../adapters/mcp-http-jwt.js';
import type { McpElicitationUserChannel } from '../adapters/mcp-user.js';
import type { Store } from '../runtime/store/types.js';
import type { Toolkit } from '../runtime/types.js';
import type { CliIO } from '../cli.js';
import { needsCheckedOptions, workspaceFolder, type ToolkitFlags } from './toolkit-flags.js';
import type { toolkitOptions } from './toolkit-options.js';
import { UsageError } from './usage.js';

export interface McpFlags extends ToolkitFlags {
  http?: number;
  host: string;
  maxResultBytes: number;
  authToken?: string;
  authJwks?: string;
  authAudience?: string;
  authIssuer?: string;
  authResource?: string;
  stateless?: boolean;
  sessionIdleTimeout?: number;
  maxSessions?: number;
  allowedHosts?: string[];
  clientQuirks: 'auto' | 'off';
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolveSignal(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

async function serveStdio(io: CliIO, flags: McpFlags): Promise<void> {
  // What answers `initialize` (a few small modules) loads first and alone; the adapter, the SDK and
  // the tools load after it, while clients already have their answer.
  const [{ EarlyInitialize }, { mcpServerIdentity }] = await Promise.all([
    import('../adapters/mcp-early-init.js'),
    import('../adapters/mcp-identity.js'),
  ]);
  const adapter = Promise.all([import('../adapters/mcp-user.js'), import('../adapters/mcp.js')]);
  adapter.catch(() => {
    /* awaited below */
  });
  // Flags that can be wrong (a policy file, a profile, a provider module) are checked before serving
  // (exit 2); otherwise the options, like the tools' modules, are built after `initialize` is
  // answered: clients see the server up sooner.
  let user: McpElicitationUserChannel | undefined;
  let checked: Awaited<ReturnType<typeof toolkitOptions>> | undefined;
  if (needsCheckedOptions(flags)) {
    user = (await adapter)[0].createMcpElicitationUserChannel();
    checked = await (await import('./toolkit-options.js')).toolkitOptions(flags, { user });
  }
  const workspace = checked?.workspace ?? workspaceFolder(flags);
  const serverOptions = { maxResultBytes: flags.maxResultBytes, clientQuirks: flags.clientQuirks };
  // From here on `initialize` is answered at once (mcp-early-init.ts).
  const earlyInitialize = new EarlyInitialize(mcpServerIdentity(workspace, serverOptions));
  const [{ createMcpElicitationUserChannel }, { createDeferredMcpServer, serveMcpStdio }] = await adapter;
  const channel = user ?? createMcpElicitationUserChannel();
  let toolkit: Toolkit | undefined;
  let store: Store | undefined;
  const load = async () => {
    const [{ createToolkit }, options] = await Promise.all([
      import('../runtime/toolkit.js'),
      checked ?? import('./toolkit-options.js').then((m) => m.toolkitOptions(flags, { user: channel })),
    ]);
    store = options.store;
    return (toolkit = createToolkit(options));
  };
  // initialize needs neither the SDK nor the tools any more: both start loading now, side by side.
  const loading = load();
  loading.catch(() => {
    /* reported by the request that needs the tools */
  });
  const server = await createDeferredMcpServer(() => loading, workspace, serverOptions);
  const running = await serveMcpStdio(server, { earlyInitialize });
  io.stderr.write(`toolwright: MCP server on stdio over ${workspace}\n`);
  await Promise.race([running.closed, waitForSignal()]);
  await running.close();
  await toolkit?.close();
  if (typeof store === 'object') await store.close();
}

/** The --auth-jwks family as the server's JWT options; a usage error when incomplete. */
function jwtOptions(flags: McpFlags): JwtAuthOptions | undefined {
  if (flags.authJwks === undefined) {
    const stray = flags.authAudience ?? flags.authIssuer ?? flags.authResource;
    if (stray !== undefined)
      throw new UsageError('--auth-audience, --auth-issuer and --auth-resource need --auth-jwks');
    return undefined;
  }
  if (flags.authAudience === undefined)
    throw new UsageError('--auth-jwks needs --auth-audience (the audience tokens are issued for)');
  return {
    jwksUrl: flags.authJwks,
    audience: flags.authAudience,
    ...(flags.authIssuer !== undefined ? { issuer: flags.authIssuer } : {}),
    ...(flags.authResource !== undefined ? { resource: flags.authResource } : {}),
  };
}

async function serveHttp(io: CliIO, flags: McpFlags, port: number): Promise<void> {
  const authJwt = jwtOptions(flags);
  // With JWT authentication a static token from the environment is not used (they exclude each other).
  const authToken = flags.authToken ?? (authJwt ? undefined : process.env.TOOLWRIGHT_MCP_TOKEN || undefined);
  const [
    { createPrincipalTaskStore },
    { createMcpElicitationUserChannel },
    { createToolkit },
    { startMcpHttpServer },
    { toolkitOptions },
  ] = await Promise.all([
    import('../runtime/principal.js'),
    import('../adapters/mcp-user.js'),
    import('../runtime/toolkit.js'),
    import('../adapters/mcp-http.js'),
    import('./toolkit-options.js'),
  ]);
  // One toolkit per MCP session (own read-tracking and jobs, closed with it), one task list per
  // principal for the server; stateless, one toolkit for every request, with a session that
  // remembers nothing.
  const base = await toolkitOptions(flags, { tasks: createPrincipalTaskStore() });
  let running;
  try {
    running = await startMcpHttpServer(
      ({ session }) => createToolkit({ ...base, session, user: createMcpElicitationUserChannel() }),
      {
        maxResultBytes: flags.maxResultBytes,
        clientQuirks: flags.clientQuirks,
        port,
        host: flags.host,
        ...(authToken !== undefined ? { authToken } : {}),
        ...(authJwt !== undefined ? { authJwt } : {}),
        ...(flags.stateless ? { stateless: true } : {}),
        ...(flags.sessionIdleTimeout !== undefined ? { sessionIdleTimeoutMs: flags.sessionIdleTimeout * 1000 } : {}),
        ...(flags.maxSessions !== undefined ? { maxSessions: flags.maxSessions } : {}),
        ...(flags.allowedHosts ? { allowedHosts: flags.allowedHosts } : {}),
      },
    );
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message, { cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot listen on ${flags.host}:${port}${code ? ` (${code})` : ''}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // A replica of its store from the start: it registers, renews its leases and sweeps the work of
  // replicas that stopped, whether or not it runs anything itself.
  const replica = typeof base.store === 'object' ? await startReplica(base.store) : undefined;
  const mode = flags.stateless ? 'stateless' : 'sessions';
  const auth = authJwt ? ', JWT required' : authToken ? ', bearer token required' : '';
  io.stderr.write(
    `toolwright: MCP server listening on ${running.url} (${mode}${auth}) over ${base.workspace}` +
      `${replica ? `, replica ${replica.id} of ${(base.store as Store).location}` : ''}\n`,
  );
  await waitForSignal();
  await running.close();
  await replica?.close();
  if (typeof base.store === 'object') await base.store.close();
}

async function startReplica(store: Store): Promise<{ id: string; close(): Promise<void> }> {
  const { replicaFor } = await import('../runtime/store/replica.js');
  const replica = replicaFor(store);
  replica.start();
  // Registered before it says it serves (a store that is down only delays this by its bound).
  await replica.tick();
  return replica;
}

export async function runMcp(io: CliIO, flags: McpFlags): Promise<number> {
  // A stray error inside one tool call must not take the whole server (and the client's session) down.
  const report = (error: unknown) =>
    io.stderr.write(`toolwright: unexpected error (still serving): ${(error as Error)?.stack ?? String(error)}\n`);
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
  // A server answers many calls through the same code: baseline-compiling each function at its
  // first call (instead of interpreting it until it is hot) makes the first dozens of calls of a
  // tool ~40% faster, for 3–6 MiB of RSS (docs/performance.md). Set before the SDK and the tools
  // load, so their code is compiled this way; a library user's process is never touched.
  setFlagsFromString('--always-sparkplug');
  try {
    if (flags.http === undefined) await serveStdio(io, flags);
    else await serveHttp(io, flags, flags.http);
    return 0;
  } finally {
    process.off('uncaughtException', report);
    process.off('unhandledRejection', report);
  }
}
