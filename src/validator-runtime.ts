// `toolwright/validator-runtime`: the helpers Ajv's standalone validators require(), reached through
// toolwright so generated code needs no dependency the user did not install (ajv and ajv-formats
// are toolwright's own). Generated validators call ajvRuntimeModule with the module id Ajv wrote.
import { createRequire } from 'node:module';

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
