// How a job process's script is found, from the module that starts it: the built .js beside that
// module (tsc's layout) or, from a bundle chunk in dist/chunks/, at its tsc path under dist/; from
// source, the .ts, run through tsx's loader.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `self` is the starting module's import.meta.url, `name` the script's file name without extension
 * (beside it), `distPath` its path from dist/ (`handlers/web/html/convert-job`).
 */
export function jobScript(self: string, name: string, distPath: string): { script: string; execArgv: string[] } {
  if (!self.endsWith('.ts')) {
    const beside = new URL(`./${name}.js`, self);
    return { script: fileURLToPath(existsSync(beside) ? beside : new URL(`../${distPath}.js`, self)), execArgv: [] };
  }
  const tsx = pathToFileURL(createRequire(self).resolve('tsx')).href;
  return { script: fileURLToPath(new URL(`./${name}.ts`, self)), execArgv: ['--import', tsx] };
}
