// @toolwright/codegen: the generator behind `toolwright generate`. The runtime's CLI loads this
// module by package name when the verb runs; it has no bin of its own.
import { readFileSync } from 'node:fs';

export { runGenerate, type GenerateIO, type GenerateOptions } from './run.js';
export { generate, generateTo, type GenerateOutcome, type StreamOutcome } from './generate.js';

/** This package's version (package.json is one folder up from src/ and from the bundle in dist/). */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
