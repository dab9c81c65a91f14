// How a compile worker's script is found, from the module that starts it: the built .js beside that
// module (tsc's layout) or, from a bundle chunk in dist/chunks/, at its tsc path under dist/; from
// source, the .ts through tsx.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * `self` is the starting module's import.meta.url, `name` the worker's file name without extension
 * (beside it), `distPath` its path from dist/ (`handlers/web/html/convert-worker`).
 */
export function workerEntry(self: string, name: string, distPath: string): { script: string | URL; eval: boolean } {
  if (!self.endsWith('.ts')) {
    const beside = new URL(`./${name}.js`, self);
    return { script: existsSync(beside) ? beside : new URL(`../${distPath}.js`, self), eval: false };
  }
  const target = JSON.stringify(new URL(`./${name}.ts`, self).href);
  const tsxApi = pathToFileURL(createRequire(self).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  return {
    script: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${target}, ${target}))`,
    eval: true,
  };
}
