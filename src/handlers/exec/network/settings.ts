// What a sandboxed command may reach, from `exec.network`, `exec.credentials` and the older
// `exec.sandbox.network` boolean: no network, the host's whole network, or an allow list served by
// the proxy (with the credentials it injects). Every inconsistent combination is INVALID_INPUT.
import { ToolError } from '../../../runtime/contract/errors.js';
import { credentialValue } from '../../../runtime/secrets/secrets.js';
import type { ExecOptions } from '../../../runtime/contract/types.js';
import type { SandboxSettings } from '../../../runtime/sandbox/settings.js';
import { addressEntry, compileHostEntries, entryFor, type HostEntry } from './hosts.js';

/** One credential the proxy injects. */
export interface CredentialRule {
  /** Index in exec.credentials (names it in messages). */
  index: number;
  env: string;
  hosts: HostEntry[];
  /** Lower-case header name, when the binding sets a header rather than replacing the placeholder. */
  header?: string;
  format: string;
  value: string;
}

/** The allow list the proxy enforces. */
export interface ProxyPolicy {
  allow: HostEntry[];
  /** Only GET, HEAD and OPTIONS pass. */
  read: boolean;
  allowPrivate: boolean;
  credentials: CredentialRule[];
}

export type NetworkChoice = { kind: 'none' } | { kind: 'all' } | { kind: 'proxy'; policy: ProxyPolicy };

/** Shortest credential value: shorter ones could not be told apart from other text when they are redacted. */
export const MIN_CREDENTIAL_CHARS = 8;
/** Most credentials per toolkit. */
export const MAX_CREDENTIALS = 16;

const NETWORK_KEYS = new Set(['allow', 'methods', 'allowPrivate']);
const CREDENTIAL_KEYS = new Set(['env', 'hosts', 'header', 'format']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers a credential must not set: they frame the request or talk to the proxy. */
const FRAMING_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
]);

const cache = new WeakMap<object, ProxyPolicy>();

/**
 * The network of a command that runs in the toolkit's own sandbox (`sandbox` as parsed from
 * exec.sandbox). Throws INVALID_INPUT for a combination that cannot be honoured.
 */
export function networkChoice(exec: Readonly<ExecOptions>, sandbox: SandboxSettings): NetworkChoice {
  const option = exec.network;
  const credentials = exec.credentials;
  const sandboxOption = exec.sandbox;
  const legacy =
    typeof sandboxOption === 'object' && sandboxOption !== null && typeof sandboxOption.network === 'boolean'
      ? sandboxOption.network
      : undefined;
  const hasCredentials = credentials !== undefined && !(Array.isArray(credentials) && credentials.length === 0);
  if (option === undefined) {
    if (hasCredentials)
      throw new ToolError(
        'INVALID_INPUT',
        'exec.credentials need exec.network as an allow list ({ allow: [hosts] }): the proxy that injects them serves only allowed hosts',
      );
    return { kind: sandbox.network ? 'all' : 'none' };
  }
  const sandboxed = sandbox.mode !== 'none';
  if (option === 'none' || option === 'all') {
    if (legacy !== undefined && legacy !== (option === 'all'))
      throw new ToolError(
        'INVALID_INPUT',
        `exec.sandbox.network is ${legacy} but exec.network is '${option}'; leave out exec.sandbox.network (exec.network replaces it)`,
      );
    if (option === 'none' && !sandboxed)
      throw new ToolError(
        'INVALID_INPUT',
        "exec.network 'none' needs a sandbox: without one a command reaches the whole network. Set exec.sandbox to 'workspace-write' or 'read-only' (CLI --sandbox)",
      );
    if (hasCredentials)
      throw new ToolError(
        'INVALID_INPUT',
        `exec.credentials need exec.network as an allow list ({ allow: [hosts] }), not '${option}': the proxy that injects them serves only allowed hosts`,
      );
    return { kind: option };
  }
  if (typeof option !== 'object' || option === null || Array.isArray(option))
    throw new ToolError(
      'INVALID_INPUT',
      `exec.network is ${JSON.stringify(option)}; use 'none', 'all' or { allow: [hosts], methods?: 'read' | 'all', allowPrivate?: boolean }`,
    );
  if (legacy === true)
    throw new ToolError(
      'INVALID_INPUT',
      'exec.sandbox.network is true (the whole network) but exec.network is an allow list; leave out exec.sandbox.network',
    );
  if (!sandboxed)
    throw new ToolError(
      'INVALID_INPUT',
      "exec.network's allow list limits sandboxed commands only: without a sandbox a command reaches the whole network. Set exec.sandbox to 'workspace-write' or 'read-only' (CLI --sandbox)",
    );
  let policy = cache.get(exec);
  if (!policy) {
    policy = compilePolicy(exec, option);
    cache.set(exec, policy);
  }
  return { kind: 'proxy', policy };
}

function compilePolicy(exec: Readonly<ExecOptions>, option: object): ProxyPolicy {
  for (const key of Object.keys(option))
    if (!NETWORK_KEYS.has(key))
      throw new ToolError(
        'INVALID_INPUT',
        `exec.network has an unknown key ${key}; it takes allow, methods and allowPrivate`,
      );
  const { allow, methods, allowPrivate } = option as { allow?: unknown; methods?: unknown; allowPrivate?: unknown };
  const entries = compileHostEntries(allow, 'exec.network.allow');
  if (entries.length === 0)
    throw new ToolError('INVALID_INPUT', "exec.network.allow lists no host; use exec.network 'none' for no network");
  if (methods !== undefined && methods !== 'read' && methods !== 'all')
    throw new ToolError('INVALID_INPUT', `exec.network.methods is ${JSON.stringify(methods)}; use 'read' or 'all'`);
  if (allowPrivate !== undefined && typeof allowPrivate !== 'boolean')
    throw new ToolError('INVALID_INPUT', 'exec.network.allowPrivate must be a boolean');
  checkUpstream(exec.upstream);
  return {
    allow: entries,
    read: methods === 'read',
    allowPrivate: allowPrivate === true,
    credentials: compileCredentials(exec, entries),
  };
}

/** `exec.upstream`: a resolver function and CAs as PEM text; anything else is INVALID_INPUT here, not a failure later. */
function checkUpstream(upstream: unknown): void {
  if (upstream === undefined) return;
  if (typeof upstream !== 'object' || upstream === null || Array.isArray(upstream))
    throw new ToolError('INVALID_INPUT', 'exec.upstream must be an object { lookup?, ca? }');
  for (const key of Object.keys(upstream))
    if (key !== 'lookup' && key !== 'ca')
      throw new ToolError('INVALID_INPUT', `exec.upstream has an unknown key ${key}; it takes lookup and ca`);
  const { lookup, ca } = upstream as { lookup?: unknown; ca?: unknown };
  if (lookup !== undefined && typeof lookup !== 'function')
    throw new ToolError('INVALID_INPUT', 'exec.upstream.lookup must be a function (name) => Promise of addresses');
  const pems = typeof ca === 'string' ? [ca] : ca;
  if (
    pems !== undefined &&
    (!Array.isArray(pems) ||
      Array.from(pems as unknown[]).some(
        (pem) => typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----'),
      ))
  )
    throw new ToolError('INVALID_INPUT', 'exec.upstream.ca must be a PEM certificate, or a list of them');
}

function compileCredentials(exec: Readonly<ExecOptions>, allow: readonly HostEntry[]): CredentialRule[] {
  const list: unknown = exec.credentials;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new ToolError('INVALID_INPUT', 'exec.credentials must be a list of { env, hosts }');
  if (list.length > MAX_CREDENTIALS)
    throw new ToolError('INVALID_INPUT', `exec.credentials holds ${list.length} entries; at most ${MAX_CREDENTIALS}`);
  const envs = new Set<string>();
  return list.map((item: unknown, index): CredentialRule => {
    const field = `exec.credentials[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new ToolError('INVALID_INPUT', `${field} must be an object { env, hosts, header?, format? }`);
    for (const key of Object.keys(item))
      if (!CREDENTIAL_KEYS.has(key))
        throw new ToolError(
          'INVALID_INPUT',
          `${field} has an unknown key ${key}; it takes env, hosts, header and format`,
        );
    const { env, hosts, header, format } = item as Record<string, unknown>;
    if (typeof env !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(env))
      throw new ToolError('INVALID_INPUT', `${field}.env must name an environment variable`);
    if (envs.has(env)) throw new ToolError('INVALID_INPUT', `${field}.env ${env} is bound twice`);
    envs.add(env);
    const entries = compileHostEntries(hosts, `${field}.hosts`);
    if (entries.length === 0) throw new ToolError('INVALID_INPUT', `${field}.hosts lists no host`);
    for (const entry of entries) {
      if (entry.kind === 'cidr')
        throw new ToolError('INVALID_INPUT', `${field}.hosts names a range (${entry.text}); name the hosts`);
      if (!admitted(entry, allow))
        throw new ToolError(
          'INVALID_INPUT',
          `${field}.hosts names ${entry.text}, which exec.network.allow does not admit; allow it too or remove it`,
        );
    }
    if (header !== undefined && (typeof header !== 'string' || !TOKEN.test(header)))
      throw new ToolError('INVALID_INPUT', `${field}.header must be an HTTP header name`);
    if (typeof header === 'string' && FRAMING_HEADERS.has(header.toLowerCase()))
      throw new ToolError('INVALID_INPUT', `${field}.header cannot be ${header}: it frames the request`);
    if (format !== undefined) {
      if (header === undefined)
        throw new ToolError('INVALID_INPUT', `${field}.format needs header: it is the value of that header`);
      if (typeof format !== 'string' || !format.includes('{value}') || /[\r\n\0]/.test(format))
        throw new ToolError('INVALID_INPUT', `${field}.format must be one line holding {value}, e.g. "Bearer {value}"`);
    }
    const value = credentialValue(exec, env);
    if (value === undefined)
      throw new ToolError(
        'INVALID_INPUT',
        `${field}.env ${env} is not set (neither in exec.env nor in the host's environment), so there is no credential to inject`,
      );
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value))
      throw new ToolError(
        'INVALID_INPUT',
        `${field}: the value of ${env} holds a line break or another control character, which no header can carry`,
      );
    if (value.length < MIN_CREDENTIAL_CHARS)
      throw new ToolError(
        'INVALID_INPUT',
        `${field}: the value of ${env} is shorter than ${MIN_CREDENTIAL_CHARS} characters, too short to be kept out of output reliably`,
      );
    return {
      index,
      env,
      hosts: entries,
      ...(typeof header === 'string' ? { header: header.toLowerCase() } : {}),
      format: typeof format === 'string' ? format : '{value}',
      value,
    };
  });
}

/** Whether every host a credential entry names is also allowed. */
function admitted(entry: HostEntry, allow: readonly HostEntry[]): boolean {
  switch (entry.kind) {
    case 'name':
      return entryFor({ host: entry.name, ip: 0 }, allow) !== undefined;
    case 'ip':
      return addressEntry(entry.address, allow) !== undefined;
    case 'suffix':
      return allow.some((a) => a.kind === 'suffix' && entry.suffix.endsWith(a.suffix));
    case 'cidr':
      return false;
  }
}

/** The credentials bound to a canonical host name or address. */
export function credentialsFor(host: { host: string; ip: 0 | 4 | 6 }, policy: ProxyPolicy): CredentialRule[] {
  return policy.credentials.filter((rule) => entryFor(host, rule.hosts) !== undefined);
}
