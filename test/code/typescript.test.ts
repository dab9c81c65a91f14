// The code operations against the real typescript-language-server (with the JavaScript typescript
// 5.x package a TypeScript project holds), and what edits report through it.
import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { codeWorkspace, removeCodeWorkspaces, START_MS, warmToolkit } from '../support/code.js';
import { expectOk } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const FILES = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
    include: ['src'],
  }),
  'src/shapes.ts': [
    'export interface Shape {',
    '  area(): number;',
    '}',
    '',
    'export class Circle implements Shape {',
    '  constructor(readonly radius: number) {}',
    '  area(): number {',
    '    return Math.PI * this.radius ** 2;',
    '  }',
    '}',
    '',
    'export function totalArea(shapes: Shape[]): number {',
    '  return shapes.reduce((sum, shape) => sum + shape.area(), 0);',
    '}',
    '',
  ].join('\n'),
  'src/main.ts': [
    "import { Circle, totalArea } from './shapes';",
    '',
    'const circles = [new Circle(1), new Circle(2)];',
    'export const area: number = totalArea(circles);',
    '',
  ].join('\n'),
  'src/broken.ts': "export const count: number = 'three';\n",
};

let root: string;
let toolkit: Toolkit;

beforeAll(async () => {
  root = await codeWorkspace(FILES, true);
  toolkit = await warmToolkit(root, 'src/main.ts');
}, START_MS);
afterAll(async () => {
  await toolkit?.close();
  await removeCodeWorkspaces();
});

describe('typescript-language-server', () => {
  it('diagnostics of a file and of a folder', async () => {
    const file = expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'src/broken.ts' }));
    expect(file.diagnostics).toEqual([
      expect.objectContaining({
        path: 'src/broken.ts',
        line: 1,
        column: 14,
        severity: 'error',
        code: '2322',
        message: "Type 'string' is not assignable to type 'number'.",
      }),
    ]);
    const folder = await toolkit.invoke('code', 'diagnostics', { path: 'src', severity: 'error' });
    const out = expectOk(folder);
    expect(out.files_checked).toBe(3);
    expect(out.diagnostics.map((d: { path: string }) => d.path)).toEqual(['src/broken.ts']);
    expect(folder.text).toMatch(/^src\/broken\.ts:1:14 error Type 'string'/m);
    const paged = expectOk(await toolkit.invoke('code', 'diagnostics', { path: 'src', limit: 1, severity: 'hint' }));
    if (paged.total > 1) expect(paged.next).toEqual({ path: 'src', limit: 1, severity: 'hint', offset: 1 });
  });

  it('definition across files, by position and by name', async () => {
    const byPosition = expectOk(
      await toolkit.invoke('code', 'definition', { path: 'src/main.ts', line: 4, column: 30 }),
    );
    expect(byPosition.definitions).toEqual([
      expect.objectContaining({
        path: 'src/shapes.ts',
        line: 12,
        column: 17,
        text: 'export function totalArea(shapes: Shape[]): number {',
      }),
    ]);
    const byName = expectOk(await toolkit.invoke('code', 'definition', { symbol: 'Circle.area' }));
    expect(byName.definitions).toEqual([expect.objectContaining({ path: 'src/shapes.ts', line: 7, column: 3 })]);
  });

  it('references across files', async () => {
    const refs = expectOk(await toolkit.invoke('code', 'references', { symbol: 'totalArea' }));
    expect(refs.references.map((r: { path: string; line: number }) => `${r.path}:${r.line}`)).toEqual([
      'src/main.ts:1',
      'src/main.ts:4',
      'src/shapes.ts:12',
    ]);
    const noDeclaration = expectOk(
      await toolkit.invoke('code', 'references', {
        path: 'src/shapes.ts',
        line: 12,
        column: 17,
        include_declaration: false,
        limit: 1,
      }),
    );
    expect(noDeclaration).toMatchObject({ total: 2, truncated: true, references: [{ path: 'src/main.ts', line: 1 }] });
    expect(noDeclaration.next).toMatchObject({ offset: 1, limit: 1 });
  });

  it('hover shows the signature', async () => {
    const shown = expectOk(await toolkit.invoke('code', 'hover', { path: 'src/main.ts', line: 4, column: 30 }));
    expect(shown.contents).toContain('totalArea(shapes: Shape[]): number');
    const byName = expectOk(await toolkit.invoke('code', 'hover', { symbol: 'Circle' }));
    expect(byName).toMatchObject({ path: 'src/shapes.ts', line: 5, column: 14 });
    expect(byName.contents).toContain('class Circle');
  });

  it('symbols of a file and across the workspace', async () => {
    const outline = expectOk(await toolkit.invoke('code', 'symbols', { path: 'src/shapes.ts' }));
    expect(outline.symbols).toContainEqual(
      expect.objectContaining({ name: 'area', kind: 'method', container: 'Circle', line: 7 }),
    );
    expect(outline.symbols).toContainEqual(expect.objectContaining({ name: 'Shape', kind: 'interface', line: 1 }));
    const found = expectOk(await toolkit.invoke('code', 'symbols', { query: 'totalArea' }));
    expect(found.symbols).toContainEqual(expect.objectContaining({ name: 'totalArea', path: 'src/shapes.ts' }));
  });

  it('an ambiguous or unknown symbol says so', async () => {
    const ambiguous = await toolkit.invoke('code', 'definition', { symbol: 'area' });
    expect(ambiguous.ok ? undefined : ambiguous.error.code).toBe('AMBIGUOUS_MATCH');
    const unknown = await toolkit.invoke('code', 'definition', { symbol: 'Nowhere.nothing' });
    expect(unknown.ok ? undefined : unknown.error.code).toBe('NOT_FOUND');
  });
});

describe('edits and renames through typescript-language-server', () => {
  it('rename previews, then applies across files', async () => {
    const preview = expectOk(await toolkit.invoke('code', 'rename', { symbol: 'totalArea', new_name: 'sumOfAreas' }));
    expect(preview).toMatchObject({ dry_run: true, files: ['src/main.ts', 'src/shapes.ts'], replacements: 3 });
    expect(preview.diff).toContain('+export function sumOfAreas(shapes: Shape[]): number {');
    expect(await readFile(path.join(root, 'src/shapes.ts'), 'utf8')).toContain('totalArea');
    const applied = expectOk(
      await toolkit.invoke('code', 'rename', { symbol: 'totalArea', new_name: 'sumOfAreas', dry_run: false }),
    );
    expect(applied.dry_run).toBe(false);
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toContain('sumOfAreas(circles)');
    expect(await readFile(path.join(root, 'src/shapes.ts'), 'utf8')).toContain('export function sumOfAreas(');
    expect(applied.diagnostics).toMatchObject({ introduced: [], complete: true });
    // The rename is a checkpoint like any edit: restoring it puts both files back.
    const listed = expectOk(await toolkit.invoke('filesystem', 'checkpoint_list', {}));
    const checkpoint = listed.checkpoints[0]!;
    expect(checkpoint).toMatchObject({ operation: 'code.rename', restorable: true });
    expect(checkpoint.files.map((file: { path: string }) => file.path).sort()).toEqual([
      'src/main.ts',
      'src/shapes.ts',
    ]);
    expectOk(await toolkit.invoke('filesystem', 'checkpoint_restore', { id: checkpoint.id }));
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toContain('totalArea(circles)');
    expect(await readFile(path.join(root, 'src/shapes.ts'), 'utf8')).toContain('export function totalArea(');
  });

  it('rename writes every file or none: a file changed since this session read it is STALE_FILE, and nothing is renamed', async () => {
    const main = await readFile(path.join(root, 'src/main.ts'), 'utf8');
    const shapes = await readFile(path.join(root, 'src/shapes.ts'), 'utf8');
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'src/shapes.ts' }));
    // Changed on disk since the read (a formatter touching it): src/main.ts, written first, is put back.
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(root, 'src/shapes.ts'), later, later);
    const refused = await toolkit.invoke('code', 'rename', {
      symbol: 'totalArea',
      new_name: 'sumOfAreas',
      dry_run: false,
    });
    expect(refused.ok ? undefined : refused.error.code).toBe('STALE_FILE');
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe(main);
    expect(await readFile(path.join(root, 'src/shapes.ts'), 'utf8')).toBe(shapes);
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'src/shapes.ts' }));
  });

  it('a file the path rules keep from rename refuses the whole rename, dry run too, and references leave it out', async () => {
    const main = await readFile(path.join(root, 'src/main.ts'), 'utf8');
    const shapes = await readFile(path.join(root, 'src/shapes.ts'), 'utf8');
    // The server is warm already (the file's toolkit): diagnostics would be refused under this policy.
    const guarded = createToolkit({
      workspace: root,
      code: { editDiagnosticsMs: scaled(60_000) },
      policy: { rules: [{ path: ['src/main.ts'], decision: 'deny', reason: 'kept back' }] },
    });
    try {
      for (const dry_run of [true, false]) {
        const refused = await guarded.invoke('code', 'rename', {
          symbol: 'totalArea',
          new_name: 'sumOfAreas',
          dry_run,
        });
        expect(refused.ok ? undefined : refused.error.code, String(dry_run)).toBe('DENIED_BY_POLICY');
        // Neither the file's name nor its text shows.
        expect(JSON.stringify(refused)).not.toContain('main.ts');
        expect(JSON.stringify(refused)).not.toContain('circles');
      }
      expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe(main);
      expect(await readFile(path.join(root, 'src/shapes.ts'), 'utf8')).toBe(shapes);
      const refs = expectOk(await guarded.invoke('code', 'references', { symbol: 'totalArea' }));
      expect(JSON.stringify(refs)).not.toContain('main.ts');
      expect(refs.references.map((r: { path: string }) => r.path)).toContain('src/shapes.ts');
    } finally {
      await guarded.close();
    }
  });

  it('a clean edit reports no error, and a pre-existing one is not new', async () => {
    const clean = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'src/broken.ts',
        old_str: 'export const count',
        new_str: '// a comment moves the old error down\nexport const count',
      }),
    );
    expect(clean.diagnostics).toMatchObject({ introduced: [], complete: true });
  });

  it('a change that breaks an importer is reported there', async () => {
    const result = await toolkit.invoke('filesystem', 'edit_file', {
      path: 'src/shapes.ts',
      old_str: 'export function totalArea(shapes: Shape[]): number {',
      new_str: 'export function totalArea(shapes: Shape[], unit: string): number {',
    });
    const out = expectOk(result);
    expect(out.diagnostics.introduced).toEqual([
      expect.objectContaining({ path: 'src/main.ts', line: 4, severity: 'error', code: '2554' }),
    ]);
    expect(result.text).toMatch(
      /This change introduced 1 error:\n {2}src\/main\.ts:4:\d+ Expected 2 arguments, but got 1\./,
    );
    const back = expectOk(
      await toolkit.invoke('filesystem', 'edit_file', {
        path: 'src/shapes.ts',
        old_str: ', unit: string',
        new_str: '',
      }),
    );
    expect(back.diagnostics).toMatchObject({ introduced: [], complete: true, files_checked: 2 });
  });

  it('write_file and multi_edit report too', async () => {
    const written = expectOk(
      await toolkit.invoke('filesystem', 'write_file', {
        path: 'src/extra.ts',
        content: 'export const x: string = 1;\n',
      }),
    );
    expect(written.diagnostics.introduced).toEqual([expect.objectContaining({ path: 'src/extra.ts', code: '2322' })]);
    const edited = expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'src/extra.ts',
        edits: [
          { old_str: 'string', new_str: 'number' },
          { old_str: '= 1;', new_str: '= 1 +;' },
        ],
      }),
    );
    expect(edited.diagnostics.introduced).toEqual([expect.objectContaining({ path: 'src/extra.ts', code: '1109' })]);
  });
  it('apply_patch reports what it broke, in the files it changed and their importers, and a dry run checks nothing', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/shapes.ts',
      '@@',
      '-export function totalArea(shapes: Shape[]): number {',
      '+export function totalArea(shapes: Shape[], scale: number): number {',
      '*** Add File: src/more.ts',
      "+export const label: number = 'circle';",
      '*** End Patch',
    ].join('\n');
    const preview = expectOk(await toolkit.invoke('filesystem', 'apply_patch', { input: patch, dry_run: true }));
    expect(preview.diagnostics).toBeUndefined();
    const result = await toolkit.invoke('filesystem', 'apply_patch', { input: patch });
    const out = expectOk(result);
    expect(out.diagnostics.introduced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'src/main.ts', line: 4, code: '2554' }),
        expect.objectContaining({ path: 'src/more.ts', code: '2322' }),
      ]),
    );
    expect(out.diagnostics.introduced).toHaveLength(2);
    expect(result.text).toContain('This change introduced 2 errors:');
    const undo = [
      '*** Begin Patch',
      '*** Update File: src/shapes.ts',
      '@@',
      '-export function totalArea(shapes: Shape[], scale: number): number {',
      '+export function totalArea(shapes: Shape[]): number {',
      '*** Delete File: src/more.ts',
      '*** End Patch',
    ].join('\n');
    const back = expectOk(await toolkit.invoke('filesystem', 'apply_patch', { input: undo }));
    expect(back.diagnostics).toMatchObject({ introduced: [], complete: true });
  });
});
