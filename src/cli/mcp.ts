// `toolwright mcp`: serve the tools over stdio (default) or Streamable HTTP (--http PORT).
import { setFlagsFromString } from 'node:v8';
import type { JwtAuthOptions } from '../adapters/mcp/transports/http-jwt.js';
import type { McpElicitationUserChannel } from '../adapters/mcp/user-channel.js';
import type { PolicyOptions } from '../runtime/policy/types.js';
import type { Store } from '../runtime/store/types.js';
import type { ToolkitOf } from '../runtime/contract/types.js';
import type { CliIO } from '../cli.js';
import { needsCheckedOptions, workspaceFolder, type ToolkitFlags } from './toolkit-flags.js';
import type { toolkitOptions } from './toolkit-options.js';
import { inertText } from '../runtime/text/control-text.js';
import { UsageError } from './usage.js';
import { storeSpec } from './store.js';

export interface McpFlags extends ToolkitFlags {
  http?: number;
  host: string;
  maxResultBytes: number;
  authToken?: string;
  authJwks?: string;
  authAudience?: string;
  authIssuer?: string;
  authResource?: string;
  authScopeClaim?: string;
  authScopePolicy?: string[];
  stateless?: boolean;
  sessionIdleTimeout?: number;
  maxSessions?: number;
  maxSessionsPerPrincipal?: number;
  maxRunningTasks?: number;
  maxStoredTasks?: number;
  maxStoredTaskBytes?: number;
  allowedHosts?: string[];
  approvals?: boolean;
  approvalTimeout?: number;
  approverClaim?: string;
  approverTokens?: string;
  clientQuirks: 'auto' | 'off';
  editFormat?: 'str_replace' | 'apply_patch' | 'auto';
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
  checkApprovalFlags(flags, false);
  // What answers `initialize` (a few small modules) loads first and alone; the adapter, the SDK and
  // the tools load after it, while clients already have their answer.
  const [{ EarlyInitialize }, { mcpServerIdentity }] = await Promise.all([
    import('../adapters/mcp/transports/stdio-early-init.js'),
    import('../adapters/mcp/identity.js'),
  ]);
  const adapter = Promise.all([import('../adapters/mcp/user-channel.js'), import('../adapters/mcp/server.js')]);
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
  const serverOptions = {
    maxResultBytes: flags.maxResultBytes,
    clientQuirks: flags.clientQuirks,
    ...(flags.editFormat !== undefined ? { editFormat: flags.editFormat } : {}),
    ...taskCaps(flags),
    warmUp: warmFirstRead,
  };
  // From here on `initialize` is answered at once (adapters/mcp/transports/stdio-early-init.ts).
  const earlyInitialize = new EarlyInitialize(mcpServerIdentity(workspace, serverOptions));
  const [{ createMcpElicitationUserChannel }, { createDeferredMcpServer, serveMcpStdio }] = await adapter;
  const channel = user ?? createMcpElicitationUserChannel();
  let toolkit: ToolkitOf | undefined;
  let store: Store | undefined;
  const load = async () => {
    const [{ buildToolkit }, options] = await Promise.all([
      import('../runtime/toolkit/toolkit.js'),
      checked ?? import('./toolkit-options.js').then((m) => m.toolkitOptions(flags, { user: channel })),
    ]);
    store = options.store;
    return (toolkit = buildToolkit({ ...options, ...approvalOptions(flags) }));
  };
  // initialize needs neither the SDK nor the tools any more: both start loading now, side by side.
  const loading = load();
  loading.catch(() => {
    /* reported by the request that needs the tools */
  });
  const server = await createDeferredMcpServer(() => loading, workspace, serverOptions);
  const running = await serveMcpStdio(server, { earlyInitialize });
  io.stderr.write(`toolwright: MCP server on stdio over ${inertText(workspace)}\n`);
  await Promise.race([running.closed, waitForSignal()]);
  await running.close();
  await toolkit?.close();
  if (typeof store === 'object') await store.close();
}

/**
 * What an agent's first call (most often a read_file) would load on its way, loaded while the
 * client has its tool list and has not called yet: read_file's validators and the reference
 * filesystem provider (its module, the newline scanner compiled).
 */
async function warmFirstRead(toolkit: ToolkitOf): Promise<void> {
  const read = toolkit.find('read_file');
  if (read?.provider !== 'filesystem') return;
  await read.loadValidators?.();
  await (await import('../handlers/index.js')).warmReferenceProvider('filesystem');
}

/** The toolkit options --approvals asks for. */
function approvalOptions(flags: McpFlags) {
  return flags.approvals
    ? { approvals: true, ...(flags.approvalTimeout !== undefined ? { approvalTimeout: flags.approvalTimeout } : {}) }
    : {};
}

/** The approval flags go together: a usage error names what is missing. */
function checkApprovalFlags(flags: McpFlags, http: boolean): void {
  if (!flags.approvals) {
    const stray = flags.approvalTimeout ?? flags.approverClaim ?? flags.approverTokens;
    if (stray !== undefined)
      throw new UsageError('--approval-timeout, --approver-claim and --approver-tokens need --approvals');
    return;
  }
  if (storeSpec(flags.store) === undefined)
    throw new UsageError(
      '--approvals needs --store (or TOOLWRIGHT_STORE_URL): a parked call is kept there for an operator to decide',
    );
  if (!http && (flags.approverClaim !== undefined || flags.approverTokens !== undefined))
    throw new UsageError('--approver-claim and --approver-tokens choose who may use /approvals: they need --http');
  if (flags.approverClaim !== undefined && flags.authJwks === undefined)
    throw new UsageError('--approver-claim needs --auth-jwks (approvers are named by a claim of their JWT)');
}

/** The /approvals page the flags ask for: served when they name approvers. */
async function approvalsPage(flags: McpFlags, store: Store | undefined) {
  if (!flags.approvals || !store || (flags.approverClaim === undefined && flags.approverTokens === undefined))
    return undefined;
  return {
    store,
    ...(flags.approverClaim !== undefined ? { approverClaim: flags.approverClaim } : {}),
    ...(flags.approverTokens !== undefined ? { approverTokens: await approverTokens(flags.approverTokens) } : {}),
  };
}

/** The --approver-tokens file: one token a line, optionally after a name (`NAME TOKEN`); `#` starts a comment line. */
async function approverTokens(file: string): Promise<{ token: string; name?: string }[]> {
  const { readFile } = await import('node:fs/promises');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--approver-tokens ${file}: ${(error as Error).message}`);
  }
  const tokens: { token: string; name?: string }[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    if (fields.length > 2 || fields.at(-1)!.length < 16)
      throw new UsageError(
        `--approver-tokens ${file}:${i + 1}: give TOKEN or NAME TOKEN, the token at least 16 characters`,
      );
    tokens.push(fields.length === 2 ? { name: fields[0]!, token: fields[1]! } : { token: fields[0]! });
  }
  if (tokens.length === 0) throw new UsageError(`--approver-tokens ${file}: the file lists no token`);
  return tokens;
}

/** The per-principal MCP task caps given on the command line. */
function taskCaps(flags: McpFlags) {
  return {
    ...(flags.maxRunningTasks !== undefined ? { maxRunningTasks: flags.maxRunningTasks } : {}),
    ...(flags.maxStoredTasks !== undefined ? { maxStoredTasks: flags.maxStoredTasks } : {}),
    ...(flags.maxStoredTaskBytes !== undefined ? { maxStoredTaskBytes: flags.maxStoredTaskBytes } : {}),
  };
}

/** The --auth-jwks family as the server's JWT options; a usage error when incomplete. */
function jwtOptions(flags: McpFlags): JwtAuthOptions | undefined {
  if (flags.authJwks === undefined) {
    const stray = flags.authAudience ?? flags.authIssuer ?? flags.authResource ?? flags.authScopeClaim;
    if (stray !== undefined || flags.authScopePolicy !== undefined)
      throw new UsageError(
        '--auth-audience, --auth-issuer, --auth-resource, --auth-scope-claim and --auth-scope-policy need --auth-jwks',
      );
    return undefined;
  }
  if ((flags.authScopeClaim === undefined) !== (flags.authScopePolicy === undefined))
    throw new UsageError(
      '--auth-scope-claim CLAIM and --auth-scope-policy VALUE=POLICY go together: the claim, and the policy of each of its values',
    );
  if (flags.authScopeClaim !== undefined && flags.policy !== undefined)
    throw new UsageError(
      "--policy does not apply with --auth-scope-claim: every call runs under the policy its token's scope chooses (--auth-scope-policy)",
    );
  if (flags.authAudience === undefined)
    throw new UsageError('--auth-jwks needs --auth-audience (the audience tokens are issued for)');
  return {
    jwksUrl: flags.authJwks,
    audience: flags.authAudience,
    ...(flags.authIssuer !== undefined ? { issuer: flags.authIssuer } : {}),
    ...(flags.authResource !== undefined ? { resource: flags.authResource } : {}),
    ...(flags.authScopeClaim !== undefined ? { scopeClaim: flags.authScopeClaim } : {}),
  };
}

/** `--auth-scope-policy VALUE=POLICY` flags as [value, policy] pairs, each policy a preset or loaded from its file. */
async function scopePolicies(
  specs: readonly string[],
  operations: Parameters<typeof import('./toolkit-options.js').loadPolicy>[1],
  load: typeof import('./toolkit-options.js').loadPolicy,
): Promise<[string, PolicyOptions][]> {
  const pairs: [string, PolicyOptions][] = [];
  for (const spec of specs) {
    const at = spec.indexOf('=');
    const value = spec.slice(0, at);
    if (at <= 0 || at === spec.length - 1 || /\s/.test(value))
      throw new UsageError(`--auth-scope-policy ${spec}: give VALUE=POLICY, e.g. admin=allowAll or read=./read.yaml`);
    if (pairs.some(([known]) => known === value))
      throw new UsageError(`--auth-scope-policy: ${value} is given a policy twice`);
    pairs.push([value, await load(spec.slice(at + 1), operations, `--auth-scope-policy ${value}=`)]);
  }
  return pairs;
}

async function serveHttp(io: CliIO, flags: McpFlags, port: number): Promise<void> {
  checkApprovalFlags(flags, true);
  let authJwt = jwtOptions(flags);
  // With JWT authentication a static token from the environment is not used (they exclude each other).
  const authToken = flags.authToken ?? (authJwt ? undefined : process.env.TOOLWRIGHT_MCP_TOKEN || undefined);
  const [
    { createPrincipalTaskStore },
    { createMcpElicitationUserChannel },
    { buildToolkit },
    { startMcpHttpServer },
    { toolkitOptions, loadPolicy },
  ] = await Promise.all([
    import('../runtime/toolkit/principal.js'),
    import('../adapters/mcp/user-channel.js'),
    import('../runtime/toolkit/toolkit.js'),
    import('../adapters/mcp/transports/http.js'),
    import('./toolkit-options.js'),
  ]);
  // One toolkit per MCP session (own read-tracking and jobs, closed with it), one task list per
  // principal for the server; stateless, one toolkit for every request, with a session that
  // remembers nothing.
  const base = await toolkitOptions(flags, { tasks: createPrincipalTaskStore() });
  if (authJwt && flags.authScopePolicy)
    authJwt = {
      ...authJwt,
      scopePolicies: await scopePolicies(
        flags.authScopePolicy,
        base.providers.flatMap((p) => p.operations),
        loadPolicy,
      ),
    };
  const page = await approvalsPage(flags, base.store);
  let running;
  try {
    running = await startMcpHttpServer(
      ({ session, policy }) =>
        buildToolkit({
          ...base,
          session,
          user: createMcpElicitationUserChannel(),
          ...approvalOptions(flags),
          // The policy the token's scope chose, with --auth-scope-claim.
          ...(policy !== undefined ? { policy } : {}),
        }),
      {
        maxResultBytes: flags.maxResultBytes,
        clientQuirks: flags.clientQuirks,
        ...(flags.editFormat !== undefined ? { editFormat: flags.editFormat } : {}),
        ...taskCaps(flags),
        port,
        host: flags.host,
        ...(authToken !== undefined ? { authToken } : {}),
        ...(authJwt !== undefined ? { authJwt } : {}),
        ...(flags.stateless ? { stateless: true } : {}),
        ...(flags.sessionIdleTimeout !== undefined ? { sessionIdleTimeoutMs: flags.sessionIdleTimeout * 1000 } : {}),
        ...(flags.maxSessions !== undefined ? { maxSessions: flags.maxSessions } : {}),
        ...(flags.maxSessionsPerPrincipal !== undefined
          ? { maxSessionsPerPrincipal: flags.maxSessionsPerPrincipal }
          : {}),
        ...(flags.allowedHosts ? { allowedHosts: flags.allowedHosts } : {}),
        ...(page ? { approvals: page } : {}),
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
  if (flags.approvals)
    io.stderr.write(
      page
        ? `toolwright: approvals at ${running.url.replace(/\/mcp$/, '')}/approvals, and with \`toolwright approvals\`\n`
        : 'toolwright: parked approvals are decided with `toolwright approvals` (no /approvals page: give --approver-claim or --approver-tokens)\n',
    );
  const auth = authJwt ? ', JWT required' : authToken ? ', bearer token required' : '';
  io.stderr.write(
    inertText(
      `toolwright: MCP server listening on ${running.url} (${mode}${auth}) over ${base.workspace}` +
        `${replica ? `, replica ${replica.id} of ${(base.store as Store).location}` : ''}`,
    ) + '\n',
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
    // A stray error's message may quote anything a call carried.
    io.stderr.write(
      `toolwright: unexpected error (still serving): ${inertText((error as Error)?.stack ?? String(error))}\n`,
    );
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
