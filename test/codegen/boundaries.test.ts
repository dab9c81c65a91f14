// The generator and the runtime are two packages that import nothing of each other: what they
// share (the vocabulary in catalog.schema.json, the fixture path rules) is declared once on the
// generator's side, and the runtime holds generated copies that must be current.
import { readFile, readdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AJV_RUNTIME_MODULES as GENERATOR_HELPERS } from '../../codegen/src/compile.js';
import { AJV_RUNTIME_MODULES as RUNTIME_HELPERS } from '../../src/validator-runtime.js';
import { runtimeCopies } from '../../codegen/src/emit/vocabulary.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Every module specifier a TypeScript file names: static, type-only, re-exports and dynamic imports,
 * and (`urls`) files it locates relative to itself (`new URL('../x', import.meta.url)`).
 */
function specifiers(text: string, urls = true): string[] {
  const found: string[] = [];
  const patterns = [
    // Statements start a line; code the generator emits sits in string literals, after a quote.
    /^\s*(?:import|export)\s+(?:type\s+)?[^'"();]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    ...(urls ? [/\bnew URL\(\s*['"](\.[^'"]*)['"]\s*,\s*import\.meta\.url/g] : []),
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Every file the modules `entries` reach through relative specifiers, and the packages they name. */
async function reach(entries: string[], urls = true): Promise<{ files: Set<string>; bare: Map<string, string> }> {
  const files = new Set<string>();
  const bare = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = /\.[cm]?ts$/.test(file) ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
    if (text === undefined) continue;
    for (const spec of specifiers(text, urls)) {
      if (!spec.startsWith('.')) {
        bare.set(spec, path.relative(root, file));
        continue;
      }
      const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
      queue.push(target);
    }
  }
  return { files, bare };
}

async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the generator and the runtime import nothing of each other', () => {
  it("codegen's import graph (type imports included) never leaves codegen/, and names only its dependencies", async () => {
    const { files, bare } = await reach(await tsFiles(path.join(root, 'codegen/src')));
    const outside = [...files].filter((file) => !file.startsWith(path.join(root, 'codegen') + path.sep));
    expect(outside.map((file) => path.relative(root, file))).toEqual([]);
    const manifest = JSON.parse(await readFile(path.join(root, 'codegen/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
    const foreign = [...bare]
      .filter(([spec]) => {
        const name = spec.startsWith('node:')
          ? spec.slice(5)
          : spec
              .split('/')
              .slice(0, spec.startsWith('@') ? 2 : 1)
              .join('/');
        return !allowed.has(name);
      })
      .map(([spec, file]) => `${file}: ${spec}`);
    expect(foreign).toEqual([]);
    expect(bare.has('toolwright')).toBe(false);
  });

  it("the runtime's import graph never reaches codegen/", async () => {
    // Imports only: run from source, the generate verb locates the generator's sources by URL.
    const { files } = await reach(await tsFiles(path.join(root, 'src')), false);
    const inCodegen = [...files].filter((file) => file.startsWith(path.join(root, 'codegen') + path.sep));
    expect(inCodegen.map((file) => path.relative(root, file))).toEqual([]);
  });

  it('the walk sees type-only imports and re-exports (what it must catch)', () => {
    expect(
      specifiers(
        [
          "import type { CodegenEntry } from '../../src/cli/generate.js';",
          "export { ROLES, type Role } from '../../src/runtime/descriptor.js';",
          "const x = await import('../../src/x.js');",
          "readFileSync(new URL('../../src/y.json', import.meta.url));",
        ].join('\n'),
      ),
    ).toEqual(['../../src/cli/generate.js', '../../src/runtime/descriptor.js', '../../src/x.js', '../../src/y.json']);
  });
});

describe("the runtime's copies of what it shares with the generator", () => {
  it('are what `npm run generate` writes from catalog.schema.json and codegen/src/fixture-paths.ts', async () => {
    for (const { path: relative, content } of await runtimeCopies()) {
      expect(await readFile(path.join(root, relative), 'utf8'), `${relative} is stale: run npm run generate`).toBe(
        content,
      );
    }
  });

  it('the Ajv helpers the generator may emit are the ones toolwright/validator-runtime provides', () => {
    expect([...GENERATOR_HELPERS].sort()).toEqual([...RUNTIME_HELPERS].sort());
  });
});
