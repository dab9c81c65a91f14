// How a compile worker's script is found, from the module that starts it: built, the .js beside it
// (the package's build puts every entry in dist/); from source, the .ts through tsx's API (a worker
// thread cannot take a loader flag, so it is evaluated code that imports the .ts).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `self` is the starting module's import.meta.url, `name` the worker's file name without extension (beside it). */
export function workerEntry(self: string, name: string): { script: string | URL; eval: boolean } {
  if (!self.endsWith('.ts')) return { script: fileURLToPath(new URL(`./${name}.js`, self)), eval: false };
  const target = JSON.stringify(new URL(`./${name}.ts`, self).href);
  const tsxApi = pathToFileURL(createRequire(self).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  return {
    script: `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${target}, ${target}))`,
    eval: true,
  };
}
