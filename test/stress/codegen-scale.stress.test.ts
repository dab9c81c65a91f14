// The generator on a large catalog: 1,000 operations (every operation of catalog.yaml many times
// over, 50 providers). The quick suite generates 120 (codegen.test.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalog } from '../../bench/synthetic-catalog.js';
import { runGenerate } from '../../codegen/src/run.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');

describe('toolwright generate at scale', () => {
  it('handles a 1,000-operation catalog', { timeout: scaled(600_000) }, async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'big.yaml'), syntheticCatalog(path.join(projectRoot, 'catalog.yaml'), 1000));
    let stderr = '';
    const code = await runGenerate(
      { handlers: 'src/handlers/index.ts', catalog: 'big.yaml' },
      { cwd: dir, stdout: { write: () => {} }, stderr: { write: (s: string) => (stderr += s) } },
    );
    expect(code, stderr).toBe(0);
    const registry = await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8');
    expect(registry.match(/: OperationDescriptor = \{/g)?.length).toBe(1000);
  });
});
