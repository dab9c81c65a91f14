// A third party's provider written by hand (descriptors with roles, validators compiled here, no
// codegen): its handlers trust ctx entirely and check nothing themselves, so whatever the tests see
// refused was refused by the runtime, the same way for any provider.
import { readFile, writeFile } from 'node:fs/promises';
import {
  createToolkit,
  defineProviders,
  ToolError,
  type HandlerContext,
  type OperationDescriptor,
  type Provider,
  type ProviderDescriptor,
  type AnyOperations,
  type Toolkit,
  type ToolkitOptions,
} from '../../src/index.js';
import type { Kind, Risk, RoleTree } from '../../src/runtime/contract/descriptor.js';
import { handWrittenOperation } from './descriptors.js';

function op(
  name: string,
  kind: Kind,
  risk: Risk,
  properties: Record<string, unknown>,
  roles: RoleTree,
  required: string[] = [],
): OperationDescriptor {
  const idempotent = kind === 'data_source';
  return handWrittenOperation({ provider: 'vault', name, kind, risk, properties, required, roles, idempotent });
}

const str = { type: 'string', minLength: 1 };

export const vaultOperations: OperationDescriptor[] = [
  op('vault_read', 'data_source', 'read_only', { file: str }, { file: 'path' }, ['file']),
  op(
    'vault_write',
    'resource',
    'moderate',
    { file: str, body: { type: 'string' } },
    { file: 'path', body: 'content' },
    ['file', 'body'],
  ),
  op(
    'vault_find',
    'data_source',
    'read_only',
    { pattern: str, under: { ...str, default: '.' } },
    { pattern: 'glob', under: 'path' },
    ['pattern'],
  ),
  op('vault_bulk', 'data_source', 'read_only', { files: { type: 'array', items: str } }, { files: 'path' }, ['files']),
  op('vault_run', 'resource', 'high', { line: str, where: str }, { line: 'command', where: 'path' }, ['line']),
  op('vault_deploy', 'resource', 'critical', { line: str }, { line: 'command' }, ['line']),
  op('vault_ping', 'data_source', 'read_only', { target: str, then: { type: 'string' } }, { target: 'url' }, [
    'target',
  ]),
  op('vault_login', 'resource', 'low', { user: str, token: str }, { token: 'secret' }, ['user', 'token']),
  op(
    'vault_stash',
    'resource',
    'low',
    {
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: { key: { type: 'string' }, note: { type: 'string' } },
        },
      },
    },
    { items: { items: { properties: { key: 'secret', note: 'content' } } } },
    ['items'],
  ),
];

export const vaultRegistry: readonly ProviderDescriptor[] = [
  { name: 'vault', description: 'A test provider whose handlers trust ctx.', operations: vaultOperations },
];

/** What the handlers were called with (a refused call never appears here). */
export const calls: { name: string; ctx: HandlerContext; params: Record<string, unknown> }[] = [];

const seen = (name: string, params: Record<string, unknown>, ctx: HandlerContext) => {
  calls.push({ name, params, ctx });
};

export const vaultHandlers = {
  vault: {
    async vault_read(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_read', params, ctx);
      return { text: await readFile(ctx.paths.file!.absolute, 'utf8') };
    },
    async vault_write(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_write', params, ctx);
      await writeFile(ctx.paths.file!.absolute, String(params.body));
      return { written: ctx.paths.file!.relative };
    },
    async vault_find(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_find', params, ctx);
      return { under: ctx.paths.under!.relative, pattern: params.pattern };
    },
    async vault_bulk(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_bulk', params, ctx);
      return { files: ctx.pathLists.files!.map((p) => p.relative) };
    },
    async vault_run(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_run', params, ctx);
      return { ran: params.line };
    },
    async vault_deploy(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_deploy', params, ctx);
      return { ran: params.line };
    },
    async vault_ping(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_ping', params, ctx);
      const response = await ctx.net.fetch(typeof params.then === 'string' ? params.then : String(params.target));
      return { status: response.status, body: await response.text() };
    },
    async vault_login(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_login', params, ctx);
      // A careless body: it quotes the secret in its error, message and details alike.
      if (String(params.token).startsWith('bad')) {
        throw new ToolError('INVALID_INPUT', `token ${String(params.token)} was rejected for ${String(params.user)}`, {
          token: params.token,
          nested: [{ again: `x${String(params.token)}y` }],
        });
      }
      throw new Error(`crashed while holding ${String(params.token)}`);
    },
    async vault_stash(params: Record<string, unknown>, ctx: HandlerContext) {
      seen('vault_stash', params, ctx);
      const items = params.items as { key?: string }[];
      throw new ToolError('INVALID_INPUT', `cannot stash ${items.map((i) => i.key).join(', ')}`);
    },
  },
};

export function vaultProviders(): Provider[] {
  return defineProviders(vaultRegistry as never, vaultHandlers as never);
}

/** A toolkit serving the vault provider alone (or beside the reference set). */
export function vaultToolkit(
  options: ToolkitOptions & { workspace: string },
  withReference = false,
): Toolkit<AnyOperations> {
  calls.length = 0;
  return createToolkit({
    ...options,
    providers: withReference
      ? [...createToolkit({ workspace: options.workspace }).options.providers, ...vaultProviders()]
      : vaultProviders(),
  });
}
