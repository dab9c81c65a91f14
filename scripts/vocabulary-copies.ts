// The runtime's copies of what it shares with the generator, as they must read (paths relative to
// the repository root): scripts/generate-vocabulary.ts writes them, a test checks them.
import { readFile } from 'node:fs/promises';
import { renderRuntimeFixturePaths, renderRuntimeVocabulary } from '../codegen/src/emit/vocabulary.js';
import { VOCABULARY } from '../codegen/src/vocabulary.js';

/** The repository root. */
export const root = new URL('../', import.meta.url);

export async function runtimeCopies(): Promise<{ path: string; content: string }[]> {
  const fixturePaths = await readFile(new URL('codegen/src/fixture-paths.ts', root), 'utf8');
  return [
    { path: 'src/runtime/vocabulary.ts', content: renderRuntimeVocabulary(VOCABULARY) },
    { path: 'src/conformance/fixture-paths.ts', content: renderRuntimeFixturePaths(fixturePaths) },
  ];
}
