// `--provider MODULE` (repeatable): modules exporting `providers: Provider[]`, served beside the
// reference providers by `mcp`, `call` and `schema`, and decided by `policy check`. Paths are resolved relative to the current folder.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { referenceProviders } from '../handlers/index.js';
import { indexProviders } from '../runtime/provider-index.js';
import { isProviderList, type Provider } from '../runtime/providers.js';
import { UsageError } from './usage.js';

/** A problem with a --provider module: the CLI reports it as a usage error (exit 2). */
export class ProviderModuleError extends Error {}

/** Loads every module, in order; the providers of all of them, or a ProviderModuleError. */
export async function loadProviderModules(specs: readonly string[], cwd = process.cwd()): Promise<Provider[]> {
  const providers: Provider[] = [];
  for (const spec of specs) providers.push(...(await loadOne(spec, cwd)));
  return providers;
}

async function loadOne(spec: string, cwd: string): Promise<readonly Provider[]> {
  const url = resolveModule(spec, cwd);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const hint = /\.(m|c)?ts$/.test(spec)
      ? ' (a TypeScript module must be compiled first, or run the CLI under tsx)'
      : '';
    throw new ProviderModuleError(`--provider ${spec}: cannot load it: ${(error as Error).message}${hint}`);
  }
  if (!('providers' in namespace)) {
    const names = Object.keys(namespace);
    throw new ProviderModuleError(
      `--provider ${spec}: the module has no \`providers\` export (it exports: ${names.join(', ') || 'nothing'}); ` +
        'export const providers = defineProviders(registry, handlers)',
    );
  }
  if (!isProviderList(namespace.providers)) {
    throw new ProviderModuleError(
      `--provider ${spec}: \`providers\` must be the Provider[] that defineProviders(registry, handlers) returns`,
    );
  }
  return namespace.providers;
}

/** The reference providers, then those of every --provider module; a clash of tool names is a usage error. */
export async function resolveProviders(specs: readonly string[] | undefined): Promise<readonly Provider[]> {
  if (!specs?.length) return referenceProviders;
  try {
    const providers = [...referenceProviders, ...(await loadProviderModules(specs))];
    indexProviders(providers); // a duplicate tool name is a usage error here, not a crash later
    return providers;
  } catch (error) {
    throw error instanceof ProviderModuleError || error instanceof TypeError ? new UsageError(error.message) : error;
  }
}

/** A path (relative to cwd, or absolute) if one exists, else a package name resolved from cwd. */
function resolveModule(spec: string, cwd: string): string {
  const asPath = path.resolve(cwd, spec);
  if (existsSync(asPath)) return pathToFileURL(asPath).href;
  if (spec.startsWith('.') || path.isAbsolute(spec))
    throw new ProviderModuleError(`--provider ${spec}: no such file (${asPath})`);
  try {
    return pathToFileURL(createRequire(path.join(cwd, 'noop.js')).resolve(spec)).href;
  } catch {
    throw new ProviderModuleError(
      `--provider ${spec}: no such file, and no package of that name is installed in ${cwd}`,
    );
  }
}
