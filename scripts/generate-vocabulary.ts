// Writes the runtime's copies of what it shares with the generator (`npm run generate` runs it after
// the catalog's generation): src/runtime/vocabulary.ts from codegen/catalog.schema.json and
// src/conformance/fixture-paths.ts from codegen/src/fixture-paths.ts. --check writes nothing and
// exits 1 naming each copy that differs.
// Usage: tsx scripts/generate-vocabulary.ts [--check]
import { readFile, writeFile } from 'node:fs/promises';
import { runtimeCopies } from '../codegen/src/emit/vocabulary.js';

/** The repository root. */
const root = new URL('../', import.meta.url);

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const { path, content } of await runtimeCopies()) {
  const target = new URL(path, root);
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current === content) continue;
  if (check) stale.push(path);
  else await writeFile(target, content);
}
if (stale.length > 0) {
  process.stderr.write(
    `The runtime's shared copies are stale; run \`npm run generate\`:\n${stale.map((p) => `  ${p}\n`).join('')}`,
  );
  process.exit(1);
}
