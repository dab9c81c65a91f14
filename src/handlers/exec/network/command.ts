// What a command's network needs from the runner: the proxy of its toolkit (made on the first
// command that needs it, closed with the toolkit), a session of its own on it, the bwrap arguments
// that bind the CA bundle (and, for the relay, the session's socket) into the sandbox, the
// environment (proxy variables, CA variables, placeholders), and the command's listener: made from
// outside in its sandbox's network namespace where that works, else the relay's prelude.
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ToolError } from '../../../runtime/contract/errors.js';
import { realPathOf } from '../../../runtime/fs/state-folder.js';
import { isInside } from '../../../runtime/fs/workspace.js';
import { credentialValue, credentialValues, toolkitRedactor } from '../../../runtime/secrets/secrets.js';
import type { HandlerContext, ToolkitOf } from '../../../runtime/contract/types.js';
import type { SandboxListener } from '../process/spawn.js';
import type { CommandNote } from '../run/runner.js';
import { ConnectionAudit } from './audit.js';
import { newPlaceholder } from './credentials.js';
import { findPerl, forwarderPrelude, proxyEnvironment } from './forwarder.js';
import { listenerSyscalls } from './listener.js';
import { NetworkProxy } from './proxy.js';
import type { ProxyPolicy } from './settings.js';
import { caVariables } from './trust.js';

/** What the runner adds to a command that reaches the network through the proxy. */
export interface CommandNetwork {
  /** bwrap arguments binding the CA bundle (and the relay's socket) into the sandbox. */
  args: string[];
  /** Shell text run inside the sandbox before the command (starts the relay). */
  prelude?: string;
  /** The listener made in the sandbox's network namespace before the command starts. */
  listener?: SandboxListener;
  /** Closes the command's listener; resolves the refusals it saw. Idempotent. */
  release(): Promise<CommandNote[]>;
}

interface ToolkitNetwork {
  proxy?: NetworkProxy;
  /** Placeholder of each credential variable, for the toolkit's life. */
  placeholders: Map<string, string>;
}

const states = new WeakMap<ToolkitOf, ToolkitNetwork>();

function stateOf(toolkit: ToolkitOf): ToolkitNetwork {
  let state = states.get(toolkit);
  if (!state) {
    state = { placeholders: new Map() };
    states.set(toolkit, state);
  }
  return state;
}

/**
 * Takes the toolkit's credentials out of a command's environment, whatever runs it: each bound
 * variable holds its placeholder, and any other variable holding a real value gets it replaced.
 */
export function maskCredentials(ctx: HandlerContext, env: Record<string, string>): void {
  const bindings = ctx.services.exec.credentials;
  if (!Array.isArray(bindings) || bindings.length === 0) return;
  const state = stateOf(ctx.toolkit);
  const values = credentialValues(ctx.services.exec);
  // Each real value's own placeholder: a variable holding the second credential must not get the
  // first one's (the proxy would write the first credential where the command meant the second).
  const placeholderOf = new Map<string, string>();
  for (const binding of bindings) {
    if (typeof binding?.env !== 'string') continue;
    let placeholder = state.placeholders.get(binding.env);
    if (!placeholder) state.placeholders.set(binding.env, (placeholder = newPlaceholder()));
    const real = credentialValue(ctx.services.exec, binding.env);
    if (real !== undefined && !placeholderOf.has(real)) placeholderOf.set(real, placeholder);
    env[binding.env] = placeholder;
  }
  const redactor = values.length ? toolkitRedactor(values) : undefined;
  if (!redactor) return;
  // Any other variable holding a value, as it is or in a form text puts it in (URL-encoded in a
  // connection string, JSON- or shell-escaped): its text keeps everything but the credential.
  for (const [name, value] of Object.entries(env)) {
    const masked = redactor.text(value, (secret) => placeholderOf.get(secret) ?? '');
    if (masked !== value) env[name] = masked;
  }
}

/**
 * Where the proxy's private folder goes (its sockets, and the CA key's input to openssl while a
 * certificate is made): the system's temporary folder, unless that lies in the workspace, where the
 * agent's own tools would reach it.
 */
function proxyBase(workspace: string): string {
  const root = realPathOf(workspace);
  for (const candidate of [tmpdir(), '/tmp', '/dev/shm']) {
    const real = realPathOf(candidate);
    if (!isInside(root, real) && existsSync(real)) return real;
  }
  throw new ToolError(
    'UNAVAILABLE',
    'the network proxy needs a private folder outside the workspace, and every temporary folder is inside it',
  );
}

/** The toolkit's proxy, made on first use; closed (listeners, folder, audit) with the toolkit. */
function proxyOf(ctx: HandlerContext, policy: ProxyPolicy): NetworkProxy {
  const state = stateOf(ctx.toolkit);
  if (!state.proxy) {
    const exec = ctx.services.exec;
    const store = ctx.services.store;
    const ca = exec.upstream?.ca;
    const proxy = new NetworkProxy({
      policy,
      ...(exec.upstream?.lookup ? { lookup: exec.upstream.lookup } : {}),
      ...(ca ? { ca: Array.isArray(ca) ? ca : [ca] } : {}),
      ...(store ? { audit: new ConnectionAudit(store.audit, toolkitRedactor(credentialValues(exec))) } : {}),
      placeholders: state.placeholders,
      base: proxyBase(ctx.workspace.root),
    });
    state.proxy = proxy;
    ctx.toolkit.onClose(() => proxy.close());
  }
  return state.proxy;
}

/**
 * Prepares a sandboxed command's network through the proxy: a listener for it, its environment
 * (changed in place) and the bwrap arguments mounting what it needs under `netDir`.
 */
export async function commandNetwork(
  ctx: HandlerContext,
  policy: ProxyPolicy,
  env: Record<string, string>,
  netDir: string,
  command: string,
): Promise<CommandNetwork> {
  const perl = findPerl();
  const syscalls = listenerSyscalls();
  const proxy = proxyOf(ctx, policy);
  // The bundle first: a CA that cannot be made refuses the command before a listener exists.
  const bundle = proxy.intercepts ? await proxy.trust() : undefined;
  const session = proxy.open({
    principal: ctx.principal,
    scope: ctx.storeKey.scope,
    operation: ctx.operation.id,
    command: command.slice(0, 200),
  });
  let released: Promise<CommandNote[]> | undefined;
  const release = () => (released ??= session.close().then(() => session.notes));
  // The proxy's folder is hidden in the sandbox wherever it lies (a TMPDIR the sandbox shows): it
  // holds other commands' sockets and, while a certificate is made, the CA key's input to openssl.
  const args: string[] = ['--tmpfs', proxy.dir];
  if (bundle) {
    const inside = `${netDir}/ca-bundle.pem`;
    args.push('--ro-bind', bundle, inside);
    for (const name of caVariables(env)) env[name] = inside;
  }
  const socket = `${netDir}/proxy.sock`;
  // The relay: the session's unix socket bound into the sandbox, and the forwarder's prelude.
  const relay = async () => ({
    args: ['--bind', await proxy.relay(session), socket],
    prelude: forwarderPrelude(perl, socket),
  });
  try {
    if (!syscalls || !proxy.listenersWork) {
      proxyEnvironment(env);
      const relayed = await relay();
      return { args: [...args, ...relayed.args], prelude: relayed.prelude, release };
    }
    // The sandbox's namespace is its own: any port is free there before the command starts.
    const port = randomInt(10_000, 30_000);
    proxyEnvironment(env, port);
    return {
      args,
      listener: {
        open: (target) => proxy.listenIn(session, target, port, perl, syscalls),
        // Where it cannot be made, the relay. A kernel or bwrap that will not let the helper into
        // the namespace will not for the next commands either: the toolkit keeps to the relay. A
        // helper that died, or a sandbox process gone, concerns this command only.
        fallback: async (reason) => {
          if (/^(entering the|the namespace's owner)/.test(reason)) proxy.listenersWork = false;
          return relay();
        },
      },
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}
