// The layout's rules, checked on the import graph (test/support/import-graph.ts): the runtime has
// no import cycle, type-only imports included (a type cycle ties modules together as much as a
// value one: neither can be read, moved or split alone); the runtime imports nothing outside itself
// (it receives providers and names none); no provider's handlers import another provider's folder;
// every public name is defined once; src/runtime holds folders only, each named in docs/development.md.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { cyclesOf, importsOf, sourceFiles, type ImportEdge } from '../support/import-graph.js';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const runtime = path.join(src, 'runtime');
const handlers = path.join(src, 'handlers');
const rel = (file: string) => path.relative(root, file);

function graphOf(dir: string): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(dir);
  return { files, edges: files.flatMap((file) => importsOf(file)) };
}

describe('the import graph', () => {
  it('finds a cycle closed by a type-only import, a re-export or a dynamic import, and none in a chain', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-graph-'));
    try {
      await writeFile(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
      await writeFile(
        path.join(dir, 'b.ts'),
        "import type { A } from './c.js';\nexport const b = 1 as unknown as A;\n",
      );
      await writeFile(path.join(dir, 'c.ts'), "export type A = typeof import('./a.js');\n");
      await writeFile(path.join(dir, 'd.ts'), "export { e } from './e.js';\n");
      await writeFile(path.join(dir, 'e.ts'), "export const e = () => import('./d.js');\n");
      await writeFile(path.join(dir, 'f.ts'), "import { a } from './a.js';\nexport const f = a;\n");
      const { files, edges } = graphOf(dir);
      const cycles = cyclesOf(edges, files).map((cycle) => cycle.map((file) => path.basename(file)));
      expect(cycles.sort()).toEqual([
        ['a.ts', 'b.ts', 'c.ts'],
        ['d.ts', 'e.ts'],
      ]);
      expect(edges.find((edge) => edge.specifier === './c.js')?.kind).toBe('type');
      expect(edges.find((edge) => edge.specifier === './d.js')?.kind).toBe('dynamic');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has no cycle inside the runtime, type-only imports included', () => {
    const { files, edges } = graphOf(runtime);
    expect(files.length).toBeGreaterThan(100);
    expect(cyclesOf(edges, files).map((cycle) => cycle.map(rel))).toEqual([]);
  });

  it('leads from the runtime to nothing outside it but packages (it receives providers and names none)', () => {
    const outside = graphOf(runtime)
      .edges.filter((edge) => edge.to !== undefined && !edge.to.startsWith(runtime + path.sep))
      .map((edge) => `${rel(edge.from)} → ${edge.specifier}`);
    expect(outside).toEqual([]);
  });

  it("leads from no provider's handlers into another provider's folder", () => {
    const providerOf = (file: string) => {
      const parts = path.relative(handlers, file).split(path.sep);
      return parts.length > 1 ? parts[0] : undefined; // handlers/index.ts assembles them all
    };
    const crossing = graphOf(handlers)
      .edges.filter((edge) => {
        const from = providerOf(edge.from);
        if (!from || !edge.to?.startsWith(handlers + path.sep)) return false;
        const to = providerOf(edge.to);
        return to !== undefined && to !== from;
      })
      .map((edge) => `${rel(edge.from)} → ${edge.specifier}`);
    expect(crossing).toEqual([]);
  });

  it('defines each name of the package entry once', () => {
    const entry = ts.createSourceFile('index.ts', readFileSyncText(path.join(src, 'index.ts')), ts.ScriptTarget.Latest);
    const publicNames = new Set<string>();
    for (const statement of entry.statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) publicNames.add(element.name.text);
      }
    }
    expect(publicNames.has('createToolkit')).toBe(true);
    const definitions = new Map<string, string[]>();
    for (const file of sourceFiles(src).filter((file) => !file.startsWith(path.join(src, 'generated')))) {
      const source = ts.createSourceFile(file, readFileSyncText(file), ts.ScriptTarget.Latest);
      for (const name of exportedDeclarations(source)) {
        if (publicNames.has(name)) definitions.set(name, [...(definitions.get(name) ?? []), rel(file)]);
      }
    }
    const twice = [...definitions]
      .filter(([, where]) => where.length > 1)
      .map(([name, where]) => `${name}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
    for (const name of ['createToolkit', 'Toolkit', 'compilePolicy', 'loadPolicyFile', 'createInProcessKernel']) {
      expect(definitions.get(name), name).toHaveLength(1);
    }
  });

  it('keeps src/runtime to folders, each named in docs/development.md', async () => {
    const entries = await readdir(runtime, { withFileTypes: true });
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    const development = await readFile(path.join(root, 'docs/development.md'), 'utf8');
    // The block that lists the runtime's folders: "src/runtime/" alone on a line, then one folder a line.
    const block = /^src\/runtime\/\n([\s\S]*?)^```/m.exec(development)?.[1] ?? '';
    const named = new Set([...block.matchAll(/^ {2}([a-z-]+)\/ /gm)].map((match) => match[1]));
    expect(entries.map((entry) => entry.name).filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !entries.some((entry) => entry.name === name))).toEqual([]);
  });
});

function readFileSyncText(file: string): string {
  return ts.sys.readFile(file) ?? '';
}

/** Names a module declares and exports itself (re-exports are not definitions). */
function exportedDeclarations(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    }
  }
  // Overloads declare a function several times in one module: one definition.
  return [...new Set(names)];
}
