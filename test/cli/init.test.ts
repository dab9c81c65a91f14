// `toolwright init provider <name> [--dir D]`: the files it writes, the catalog they hold passing
// the generator's checks, and the names and folders it refuses without writing anything.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { runCli } from '../../src/cli.js';
import { providerNameFor, runInitProvider } from '../../src/cli/init.js';
import { tempDir } from '../support/helpers.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const ownPackage = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

async function init(cwd: string, name: string, dir?: string) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
  const code = await runInitProvider(io, name, dir === undefined ? {} : { dir }, ownPackage.version, cwd);
  return { code, stdout, stderr };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('toolwright init provider', () => {
  it('writes the package into ./<name>, with this toolkit’s versions', async () => {
    const cwd = await tempDir();
    const outcome = await init(cwd, 'demo-lines');
    expect(outcome).toMatchObject({ code: 0, stderr: '' });
    expect(outcome.stdout).toContain('wrote the provider demo_lines (10 files) in demo-lines');
    const dir = path.join(cwd, 'demo-lines');
    expect(await filesUnder(dir)).toEqual([
      '.gitignore',
      'README.md',
      'catalog.yaml',
      'package.json',
      'src/handlers/count-lines.ts',
      'src/handlers/index.ts',
      'src/index.ts',
      'test/count-lines.test.ts',
      'tsconfig.build.json',
      'tsconfig.json',
    ]);
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      type: string;
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest).toMatchObject({ name: 'demo-lines', type: 'module' });
    expect(Object.keys(manifest.scripts)).toEqual(expect.arrayContaining(['generate', 'build', 'test']));
    expect(manifest.dependencies).toEqual({ toolwright: `^${ownPackage.version}` });
    const own = ownPackage.devDependencies;
    expect(manifest.devDependencies).toEqual({
      '@toolwright/codegen': ownPackage.version,
      '@types/node': own['@types/node'],
      typescript: own.typescript,
      vite: own.vite,
      vitest: own.vitest,
    });
    const handlers = await readFile(path.join(dir, 'src/handlers/index.ts'), 'utf8');
    expect(handlers).toContain('demo_lines: {');
    expect(handlers).toContain('satisfies Handlers');
    expect(await readFile(path.join(dir, 'src/index.ts'), 'utf8')).toContain('defineProviders(registry, handlers)');
  });

  it('its catalog passes the generator’s checks and yields conformance tests importing its handlers', async () => {
    const cwd = await tempDir();
    expect((await init(cwd, '@acme/word-tools', 'pkg')).code).toBe(0);
    const catalog = await readFile(path.join(cwd, 'pkg', 'catalog.yaml'), 'utf8');
    expect(catalog).toContain('  word_tools:');
    expect(catalog).not.toMatch(/^errors:/m);
    const outcome = await generate(catalog, 'catalog.yaml', {
      out: 'src/generated',
      tests: 'test/generated',
      handlers: 'src/handlers/index.ts',
    });
    expect(outcome.ok ? [] : outcome.problems).toEqual([]);
    if (!outcome.ok) return;
    const conformance = outcome.files.find((file) => file.path === 'test/generated/word_tools.conformance.test.ts');
    expect(conformance?.content).toContain('import { handlers } from "../../src/handlers/index.js";');
    const types = outcome.files.find((file) => file.path === 'src/generated/types.ts')!.content;
    expect(types).toMatch(/export interface CountLinesResult \{[^}]*lines: number;/);
  });

  it('refuses a folder that is not empty, and a file, writing nothing', async () => {
    const cwd = await tempDir();
    await mkdir(path.join(cwd, 'taken'));
    await writeFile(path.join(cwd, 'taken', 'keep.txt'), 'mine');
    await writeFile(path.join(cwd, 'plain'), 'a file');
    for (const [dir, message] of [
      ['taken', 'taken is not empty'],
      ['plain', 'plain is a file, not a folder'],
    ] as const) {
      const outcome = await init(cwd, 'demo', dir);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain(message);
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await readdir(path.join(cwd, 'taken'))).toEqual(['keep.txt']);
    expect(await readFile(path.join(cwd, 'plain'), 'utf8')).toBe('a file');
    // An empty folder is fine.
    await mkdir(path.join(cwd, 'empty'));
    expect((await init(cwd, 'demo', 'empty')).code).toBe(0);
  });

  it('refuses names that are no npm package name or give no provider name', async () => {
    const cwd = await tempDir();
    const bad = {
      Demo: 'not a valid npm package name',
      'demo lines': 'not a valid npm package name',
      _demo: 'not a valid npm package name',
      '.demo': 'not a valid npm package name',
      '@scope/': 'not a valid npm package name',
      'a/b': 'not a valid npm package name',
      '9lines': 'gives the provider name "9lines"',
      [`x${'a'.repeat(48)}`]: 'at most 48',
      [`a${'-'.repeat(220)}`]: 'longer than the 214 characters',
    };
    for (const [name, message] of Object.entries(bad)) {
      const outcome = await init(cwd, name);
      expect([name, outcome.code, outcome.stderr]).toEqual([name, 2, expect.stringContaining(message)]);
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await readdir(cwd)).toEqual([]);
    expect(providerNameFor('my.tools-2')).toEqual({ provider: 'my_tools_2' });
  });

  it('is a verb of the CLI; a missing name is a usage error', async () => {
    const cwd = await tempDir();
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) } };
    expect(await runCli(['init', 'provider'], io)).toBe(2);
    expect(stderr).toMatch(/missing required argument 'name'/);
    expect(await runCli(['init', 'provider', 'via-cli', '--dir', path.join(cwd, 'out')], io)).toBe(0);
    expect(await readdir(path.join(cwd, 'out'))).toContain('catalog.yaml');
  });
});
