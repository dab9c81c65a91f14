// The bash and HCL grammars (and web-tree-sitter's own module) ship as .wasm files in src/runtime/grammars/ (copied into dist/ by
// the build), refreshed from their npm packages by `npm run refresh:grammars`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { GRAMMAR_SOURCES as SOURCES } from '../../scripts/refresh-grammars.mjs';
import { BASH_WASM, grammarPath, loadGrammar, parseWith } from '../../src/runtime/shell/parser.js';
import { HCL_WASM } from '../../src/runtime/policy/formats/hcl.js';

const GRAMMAR_SOURCES = SOURCES as Record<string, string>;
const require = createRequire(import.meta.url);
const grammars = fileURLToPath(new URL('../../src/runtime/grammars/', import.meta.url));

describe('shipped grammars', () => {
  it('are byte for byte the grammar packages’ builds (run `npm run refresh:grammars` when this fails)', async () => {
    expect(Object.keys(GRAMMAR_SOURCES).sort()).toEqual([BASH_WASM, HCL_WASM, 'tree-sitter.wasm'].sort());
    for (const [file, specifier] of Object.entries(GRAMMAR_SOURCES)) {
      const shipped = await readFile(grammars + file);
      const packaged = await readFile(require.resolve(specifier));
      expect(shipped.equals(packaged), file).toBe(true);
    }
  });

  it('are found beside the policy code and parse their languages', async () => {
    expect(grammarPath(BASH_WASM)).toBe(grammars + BASH_WASM);
    expect(grammarPath('tree-sitter.wasm')).toBe(grammars + 'tree-sitter.wasm');
    const bash = parseWith((await loadGrammar(BASH_WASM)).parser, 'ls | sort');
    expect(bash?.rootNode.descendantsOfType('command').length).toBe(2);
    bash?.delete();
    const hcl = parseWith((await loadGrammar(HCL_WASM)).parser, 'default = "ask"\n');
    expect(hcl?.rootNode.hasError).toBe(false);
    expect(hcl?.rootNode.namedChildren[0]?.type).toBe('body');
    hcl?.delete();
  });

  it('a missing grammar is a clear error, not a crash', async () => {
    expect(() => grammarPath('tree-sitter-nothing.wasm')).toThrow(/grammar tree-sitter-nothing\.wasm is missing/);
    await expect(loadGrammar('tree-sitter-nothing.wasm')).rejects.toThrow(/reinstall toolwright/);
  });
});
