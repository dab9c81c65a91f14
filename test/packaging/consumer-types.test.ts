// The published type declarations compile in a consumer's project: strict, without skipLibCheck,
// and without the optional `ai` peer installed; the README's library example compiles there; and a
// typed call with a wrong input field gets the compiler's error on that field. The fixture's
// node_modules holds a copy of the built package (dist + package.json, as `npm install` of the
// tarball would) and its runtime dependencies, but no `ai`.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = join(root, 'node_modules/.bin/tsc');

const CONSUMER = `import { createToolkit, toAISDKTools, createMcpServer, startMcpHttpServer, toOpenAITools, type AISDKToolSet } from 'toolwright';
const toolkit = createToolkit({ workspace: process.cwd() });
const tools: AISDKToolSet = await toAISDKTools(toolkit);
const server = await createMcpServer(toolkit);
const http = await startMcpHttpServer(() => createToolkit({ workspace: process.cwd() }), { maxSessions: 10 });
const names: string[] = toOpenAITools(toolkit).map((t) => t.function.name);
const text: string = (await toolkit.call.read_file({ path: 'a.txt' })).content;
void [tools, server, http.url, names, text];
`;

/** Typed calls with one mistake each: the field (or name) the compiler must point at, and what it must say. */
const MISTAKES: readonly { line: string; at: string; says: string }[] = [
  {
    line: "await toolkit.invoke('filesystem', 'read_file', { pathh: 'a.txt' });",
    at: 'pathh',
    says: "'pathh' does not exist in type 'ReadFileInput'. Did you mean to write 'path'?",
  },
  {
    line: "await toolkit.invoke('filesystem', 'read_file', { path: 1 });",
    at: 'path',
    says: "Type 'number' is not assignable to type 'string'.",
  },
  {
    line: "await toolkit.invoke('filesystem', 'read_file', { offset: 2 });",
    at: '{ offset',
    says: "Property 'path' is missing in type '{ offset: number; }' but required in type 'ReadFileInput'.",
  },
  {
    line: "await toolkit.invoke('search', 'grep', { pattern: 'x', output_mode: 'lines' });",
    at: 'output_mode',
    says: `Type '"lines"' is not assignable to type '"`, // the enum's members, in the compiler's order
  },
  {
    line: "await toolkit.invoke('search', 'read_file', { path: 'a.txt' });",
    at: "'read_file'",
    says: `Argument of type '"read_file"' is not assignable to parameter of type 'OperationNameOf<Operations, "search">'.`,
  },
  {
    line: "await toolkit.call.read_file({ pathh: 'a.txt' });",
    at: 'pathh',
    says: "'pathh' does not exist in type 'ReadFileInput'. Did you mean to write 'path'?",
  },
];

/** The README's library example (the first TypeScript block under "Use as a library"). */
async function readmeLibraryExample(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Use as a library'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  expect(block, 'README.md has a TypeScript block under "Use as a library"').not.toBeNull();
  return block![1]!;
}

/** tsc's diagnostics, one string each (a diagnostic's continuation lines joined to it). */
function diagnostics(output: string): string[] {
  return output.split(/\n(?=\S)/).filter((d) => d.trim() !== '');
}

function tsconfig(files: string[]): string {
  return JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      types: ['node'],
    },
    files,
  });
}

describe('type declarations in a consumer project', () => {
  let project: string;
  let output = '';
  let found: string[] = [];
  /** The diagnostics in `file` (a path relative to the project). */
  const diagnosticsOf = (file: string) => found.filter((d) => d.startsWith(`${file}(`));
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'tw-consumer-'));
    const pkgDir = join(project, 'node_modules/toolwright');
    await mkdir(pkgDir, { recursive: true });
    // The build of this checkout, emitted straight into the fixture (dist/ of the repo is left alone).
    const built = spawnSync(tsc, ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(pkgDir, 'dist')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    await copyFile(join(root, 'package.json'), join(pkgDir, 'package.json'));
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const dep of [...Object.keys(pkg.dependencies), '@types/node']) {
      await mkdir(dirname(join(project, 'node_modules', dep)), { recursive: true });
      await symlink(join(root, 'node_modules', dep), join(project, 'node_modules', dep), 'dir');
    }
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
    await writeFile(join(project, 'index.ts'), CONSUMER);
    await writeFile(join(project, 'uses-ai.ts'), "import type { ToolSet } from 'ai';\nexport type T = ToolSet;\n");
    await writeFile(join(project, 'readme.ts'), `${await readmeLibraryExample()}\nexport {};\n`);
    const mistakes = ["import { createToolkit } from 'toolwright';", 'const toolkit = createToolkit();'];
    await writeFile(
      join(project, 'mistakes.ts'),
      [...mistakes, ...MISTAKES.map((m) => m.line), 'export {};', ''].join('\n'),
    );
    // One compiler run for all four files (each a module of its own): the tests read its
    // diagnostics file by file.
    await writeFile(join(project, 'tsconfig.json'), tsconfig(['index.ts', 'readme.ts', 'mistakes.ts', 'uses-ai.ts']));
    const run = spawnSync(tsc, ['-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    output = run.stdout;
    found = diagnostics(output);
  }, scaled(180_000));
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('compiles with strict and without skipLibCheck, with no `ai` package present', () => {
    expect(diagnosticsOf('index.ts'), output).toEqual([]);
    // Nothing in the declarations either (they would be reported under node_modules/toolwright).
    const elsewhere = found.filter((d) => !/^(mistakes|uses-ai)\.ts\(/.test(d));
    expect(elsewhere, output).toEqual([]);
  });

  it("the README's library example compiles, strict, with grep's matches used", () => {
    expect(diagnosticsOf('readme.ts'), output).toEqual([]);
  });

  it('a typed invoke or call with a wrong input gets the error on the field, never at the operation name as `never`', () => {
    expect(output).not.toContain("type 'never'");
    const inMistakes = diagnosticsOf('mistakes.ts');
    expect(inMistakes, output).toHaveLength(MISTAKES.length);
    MISTAKES.forEach((mistake, index) => {
      const line = index + 3;
      const column = mistake.line.indexOf(mistake.at) + 1;
      const diagnostic = inMistakes.find((d) => d.startsWith(`mistakes.ts(${line},`));
      expect(diagnostic, `a diagnostic on line ${line}\n${output}`).toBeDefined();
      expect(diagnostic!.startsWith(`mistakes.ts(${line},${column}): error`), diagnostic).toBe(true);
      expect(diagnostic!.replace(/\s+/g, ' '), mistake.line).toContain(mistake.says);
    });
  });

  it('really has no `ai` to resolve (the fixture would hide TS2307 otherwise)', () => {
    const inUsesAi = diagnosticsOf('uses-ai.ts');
    expect(inUsesAi, output).toHaveLength(1);
    expect(inUsesAi[0]).toContain("TS2307: Cannot find module 'ai'");
  });
});
