// `toolwright/validator-runtime`: the helpers Ajv's standalone validators require(), reached through
// toolwright so generated code needs no dependency the user did not install (ajv and ajv-formats
// are toolwright's own). Generated validators call ajvRuntimeModule with the module id Ajv wrote.
import { createRequire } from 'node:module';
import type { CompiledValidator } from './runtime/contract/descriptor.js';

const require = createRequire(import.meta.url);

/** Loaders by the module id the standalone code require()s; each loads only when a validator needs it. */
const loaders: Readonly<Record<string, () => unknown>> = {
  'ajv/dist/runtime/equal': () => require('ajv/dist/runtime/equal'),
  'ajv/dist/runtime/ucs2length': () => require('ajv/dist/runtime/ucs2length'),
  'ajv/dist/runtime/uri': () => require('ajv/dist/runtime/uri'),
  'ajv/dist/runtime/validation_error': () => require('ajv/dist/runtime/validation_error'),
  'ajv-formats/dist/formats': () => require('ajv-formats/dist/formats'),
};

/** The module ids above: the generator refuses standalone code that needs anything else. */
export const AJV_RUNTIME_MODULES: readonly string[] = Object.freeze(Object.keys(loaders));

/** What `require(id)` gives the standalone code: the CommonJS module object of an Ajv helper. */
export function ajvRuntimeModule(id: string): any {
  const load = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
  if (!load)
    throw new Error(
      `toolwright/validator-runtime: no Ajv runtime module "${id}" (known: ${AJV_RUNTIME_MODULES.join(', ')})`,
    );
  return load();
}

/** What a validator module's loader resolves: its exports, validators by name. */
type ValidatorModule = Readonly<Record<string, unknown>>;

/** The validators of one generated module, loaded on first use (see lazyValidators). */
export interface LazyValidators {
  /**
   * Loads the module once; nothing to wait for (undefined) once it is loaded. A failed load is not
   * kept: the next call tries again.
   */
  load(): Promise<void> | undefined;
  /** A validator that calls the module's export `name`; it throws (never passes) until `load` has settled. */
  validator(name: string): CompiledValidator;
}

/**
 * Generated registries hold each provider's validators behind one of these, so a process loads the
 * validators of the providers it calls and no others. `importModule` is the generated
 * `() => import('./validators/<chunk>.js')`.
 */
export function lazyValidators(importModule: () => Promise<ValidatorModule>, chunk: string): LazyValidators {
  let loaded: ValidatorModule | undefined;
  let loading: Promise<void> | undefined;
  const load = (): Promise<void> | undefined => {
    if (loaded) return undefined;
    loading ??= importModule().then(
      (module) => {
        loaded = module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const validator = (name: string): CompiledValidator => {
    const validate = ((data: unknown): boolean => {
      const real = loaded?.[name] as CompiledValidator | undefined;
      if (typeof real !== 'function') {
        throw new Error(
          loaded
            ? `toolwright/validator-runtime: the validators of ${chunk} have no ${name}`
            : `toolwright/validator-runtime: the validators of ${chunk} are not loaded (await the operation's loadValidators() first)`,
        );
      }
      const ok = real(data);
      validate.errors = real.errors;
      return ok;
    }) as CompiledValidator;
    validate.errors = null;
    return validate;
  };
  return { load, validator };
}
