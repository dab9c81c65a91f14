// The edit corpus of the code bench: small TypeScript and Python projects, and edits that break
// them (syntax and type errors, in the edited file or in a file importing it) or leave them clean.
// Generated: every template at every anchor of every module.

export interface CodeEdit {
  language: 'typescript' | 'python';
  kind: 'syntax' | 'type' | 'importer' | 'clean';
  path: string;
  old_str: string;
  new_str: string;
}

const TS_MODULES = ['orders', 'billing', 'shipping', 'stock', 'users', 'reports'];
const PY_MODULES = ['orders', 'billing', 'shipping', 'stock', 'users', 'reports'];

/** A TypeScript module whose names all carry `name`, and a file using it. */
function tsModule(name: string): string {
  const cap = name[0]!.toUpperCase() + name.slice(1);
  return [
    `export interface ${cap}Item {`,
    '  id: string;',
    '  quantity: number;',
    '}',
    '',
    `export function count${cap}(items: ${cap}Item[]): number {`,
    '  let total = 0;',
    '  for (const item of items) total += item.quantity;',
    '  return total;',
    '}',
    '',
    `export class ${cap}Book {`,
    `  private readonly items: ${cap}Item[] = [];`,
    `  add(item: ${cap}Item): void {`,
    '    this.items.push(item);',
    '  }',
    '  size(): number {',
    `    return count${cap}(this.items);`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function tsUser(name: string): string {
  const cap = name[0]!.toUpperCase() + name.slice(1);
  return [
    `import { ${cap}Book, count${cap} } from './${name}';`,
    '',
    `const book = new ${cap}Book();`,
    `book.add({ id: 'a', quantity: 2 });`,
    `export const ${name}Total: number = count${cap}([{ id: 'b', quantity: 3 }]) + book.size();`,
    '',
  ].join('\n');
}

function pyModule(name: string): string {
  const cap = name[0]!.toUpperCase() + name.slice(1);
  return [
    'from dataclasses import dataclass',
    '',
    '',
    '@dataclass',
    `class ${cap}Item:`,
    '    id: str',
    '    quantity: int',
    '',
    '',
    `def count_${name}(items: list[${cap}Item]) -> int:`,
    '    total = 0',
    '    for item in items:',
    '        total += item.quantity',
    '    return total',
    '',
    '',
    `class ${cap}Book:`,
    '    def __init__(self) -> None:',
    `        self.items: list[${cap}Item] = []`,
    '',
    `    def add(self, item: ${cap}Item) -> None:`,
    '        self.items.append(item)',
    '',
    '    def size(self) -> int:',
    `        return count_${name}(self.items)`,
    '',
  ].join('\n');
}

function pyUser(name: string): string {
  const cap = name[0]!.toUpperCase() + name.slice(1);
  return [
    `from shop.${name} import ${cap}Book, ${cap}Item, count_${name}`,
    '',
    `book = ${cap}Book()`,
    `book.add(${cap}Item("a", 2))`,
    `${name}_total: int = count_${name}([${cap}Item("b", 3)]) + book.size()`,
    '',
  ].join('\n');
}

export function corpusFiles(): { typescript: Record<string, string>; python: Record<string, string> } {
  const typescript: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      include: ['src'],
    }),
  };
  for (const name of TS_MODULES) {
    typescript[`src/${name}.ts`] = tsModule(name);
    typescript[`src/use-${name}.ts`] = tsUser(name);
  }
  const python: Record<string, string> = { 'shop/__init__.py': '' };
  for (const name of PY_MODULES) {
    python[`shop/${name}.py`] = pyModule(name);
    python[`use_${name}.py`] = pyUser(name);
  }
  return { typescript, python };
}

export function corpusEdits(): CodeEdit[] {
  const edits: CodeEdit[] = [];
  for (const name of TS_MODULES) {
    const cap = name[0]!.toUpperCase() + name.slice(1);
    const path = `src/${name}.ts`;
    const ts = (kind: CodeEdit['kind'], old_str: string, new_str: string, file = path) =>
      edits.push({ language: 'typescript', kind, path: file, old_str, new_str });
    ts('syntax', '  let total = 0;', '  let total = ;');
    ts('syntax', '    this.items.push(item);\n  }', '    this.items.push(item);');
    ts('syntax', 'for (const item of items)', 'for (const item of items');
    ts('syntax', '  id: string;', '  id: string:;');
    ts(
      'type',
      '  let total = 0;',
      "  let total = '0' as unknown as string;\n  total = 1 as unknown as string;\n  const n: number = total;",
    );
    ts('type', '  return total;', "  return 'total';");
    ts('type', `    return count${cap}(this.items);`, `    return count${cap}(this.items, 1);`);
    ts('type', '    this.items.push(item);', '    this.items.push(item.id);');
    ts(
      'importer',
      `export function count${cap}(items: ${cap}Item[]): number {`,
      `export function count${cap}(items: ${cap}Item[], unit: string): number {`,
    );
    ts('importer', '  quantity: number;', '  quantity: string;');
    ts('importer', '  add(item:', '  insert(item:');
    ts('importer', `export class ${cap}Book {`, `class ${cap}Book {`);
    ts('clean', '  let total = 0;', '  let total = 0; // running sum');
    ts('clean', '  size(): number {', '  /** How many are held. */\n  size(): number {');
    ts('clean', "book.add({ id: 'a', quantity: 2 });", "book.add({ id: 'a2', quantity: 5 });", `src/use-${name}.ts`);
  }
  for (const name of PY_MODULES) {
    const path = `shop/${name}.py`;
    const py = (kind: CodeEdit['kind'], old_str: string, new_str: string, file = path) =>
      edits.push({ language: 'python', kind, path: file, old_str, new_str });
    py('syntax', '    for item in items:', '    for item in items');
    py('syntax', '    total = 0', '    total = = 0');
    py('syntax', '        self.items.append(item)', '    self.items.append(item)\n        return');
    py('syntax', '    def size(self) -> int:', '    def size(self) -> int');
    py('type', '    return total', '    return "total"');
    py('type', '    total = 0', '    total: int = "zero"');
    py('type', `        return count_${name}(self.items)`, `        return count_${name}(self.items, 1)`);
    py('type', '        self.items.append(item)', '        self.items.append(item.id)');
    py('importer', `def count_${name}(items`, `def tally_${name}(items`);
    py('importer', '    def add(self, item', '    def insert(self, item');
    py(
      'importer',
      `def count_${name}(items: list[${name[0]!.toUpperCase() + name.slice(1)}Item]) -> int:`,
      `def count_${name}(items: list[${name[0]!.toUpperCase() + name.slice(1)}Item], unit: str) -> int:`,
    );
    py('clean', '    total = 0', '    total = 0  # running sum');
    py('clean', '    def size(self) -> int:', '    def size(self) -> int:\n        """How many are held."""');
    py('clean', `book.add(`, `book.add(  # one more\n    `, `use_${name}.py`);
  }
  return edits;
}
