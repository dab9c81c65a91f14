// How a compile worker's script is found, from the module that starts it: built, where the
// runtime finds its job scripts (jobScript); from source, the .ts through tsx's API (a worker
// thread cannot take a loader flag, so it is evaluated code that imports the .ts).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { jobScript } from './runtime-facts.js';

/**
 * `self` is the starting module's import.meta.url, `name` the worker's file name without extension
 * (beside it), `distPath` its path from dist/.
 */
export function workerEntry(self: string, name: string, distPath: string): { script: string | URL; eval: boolean } {
  if (!self.endsWith('.ts')) return { script: jobScript(self, name, distPath).script, eval: false };
  const target = JSON.stringify(new URL(`./${name}.ts`, self).href);
  const tsxApi = pathToFileURL(createRequire(self).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  return {
    script: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${target}, ${target}))`,
    eval: true,
  };
}
