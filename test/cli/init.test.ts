// `toolwright init provider <name> [--dir D]`: the files it writes, the catalog they hold passing
// the generator's checks, the names, folders and packages it refuses without writing anything, and
// how it finds and packs the toolwright and generator it runs from (an installed copy here; the
// checkout's own build is packed end to end by scripts/test-examples.sh).
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { runCli } from '../../src/cli.js';
import { providerNameFor, runInitProvider } from '../../src/cli/init.js';
import { locatePackages, packFolder, type Vendor } from '../../src/cli/init-vendor.js';
import { tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const ownPackage = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

const TOOLWRIGHT_TGZ = `toolwright-${ownPackage.version}.tgz`;
const CODEGEN_TGZ = `toolwright-codegen-${ownPackage.version}.tgz`;

/** Stands in for packing the running packages: two small files under their tarball names. */
const fakeVendor: Vendor = async (destination) => {
  await writeFile(path.join(destination, TOOLWRIGHT_TGZ), 'toolwright');
  await writeFile(path.join(destination, CODEGEN_TGZ), 'codegen');
  return { toolwright: TOOLWRIGHT_TGZ, codegen: CODEGEN_TGZ };
};

async function init(cwd: string, name: string, dir?: string, vendor: Vendor = fakeVendor) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
  const code = await runInitProvider(io, name, dir === undefined ? {} : { dir }, ownPackage.version, cwd, vendor);
  return { code, stdout, stderr };
}

/** A folder holding `node_modules/toolwright` and (unless left out) the generator, as `npm install` of the two tarballs leaves them. */
async function installedLayout(options: { codegenVersion?: string; withCodegen?: boolean; built?: boolean } = {}) {
  const project = await tempDir();
  const write = async (relative: string, content: string) => {
    await mkdir(path.dirname(path.join(project, relative)), { recursive: true });
    await writeFile(path.join(project, relative), content);
  };
  const manifest = (name: string, version: string) =>
    JSON.stringify({ name, version, type: 'module', files: ['dist'], scripts: { prepack: 'exit 1' } });
  await write('node_modules/toolwright/package.json', manifest('toolwright', ownPackage.version));
  if (options.built !== false) {
    await write('node_modules/toolwright/dist/index.js', 'export {};\n');
    await write('node_modules/toolwright/dist/cli.js', 'export {};\n');
  }
  if (options.withCodegen !== false) {
    const version = options.codegenVersion ?? ownPackage.version;
    await write('node_modules/@toolwright/codegen/package.json', manifest('@toolwright/codegen', version));
    await write('node_modules/@toolwright/codegen/dist/index.js', 'export {};\n');
  }
  return { project, toolwrightDir: path.join(project, 'node_modules/toolwright') };
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
    expect(outcome.stdout).toContain('wrote the provider demo_lines (10 files) in demo-lines, with the toolwright');
    expect(outcome.stdout).toContain('\nnext: cd demo-lines && npm install && npm run generate && npm test\n');
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
      `vendor/${TOOLWRIGHT_TGZ}`,
      `vendor/${CODEGEN_TGZ}`,
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
    // toolwright and its generator come from vendor/, never from a registry.
    expect(manifest.dependencies).toEqual({ toolwright: `file:vendor/${TOOLWRIGHT_TGZ}` });
    expect(await readFile(path.join(dir, 'vendor', TOOLWRIGHT_TGZ), 'utf8')).toBe('toolwright');
    const own = ownPackage.devDependencies;
    expect(manifest.devDependencies).toEqual({
      '@toolwright/codegen': `file:vendor/${CODEGEN_TGZ}`,
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
      // A name the generator would refuse when the scaffold first generates.
      constructor: 'a member of every JavaScript object',
      '@acme/constructor': 'a member of every JavaScript object',
    };
    for (const [name, message] of Object.entries(bad)) {
      const outcome = await init(cwd, name);
      expect([name, outcome.code, outcome.stderr]).toEqual([name, 2, expect.stringContaining(message)]);
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await readdir(cwd)).toEqual([]);
    expect(providerNameFor('my.tools-2')).toEqual({ provider: 'my_tools_2' });
  });

  it('is a verb of the CLI; a missing or bad name is a usage error', async () => {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) } };
    expect(await runCli(['init', 'provider'], io)).toBe(2);
    expect(stderr).toMatch(/missing required argument 'name'/);
    stderr = '';
    expect(await runCli(['init', 'provider', 'Bad Name'], io)).toBe(2);
    expect(stderr).toMatch(/^toolwright init provider: "Bad Name" is not a valid npm package name/);
  });

  it('a package it cannot pack is a usage error, and nothing is written', async () => {
    const cwd = await tempDir();
    const outcome = await init(cwd, 'demo', undefined, async () => 'the generator is not installed beside toolwright');
    expect(outcome).toMatchObject({ code: 2, stdout: '' });
    expect(outcome.stderr).toBe('toolwright init provider: the generator is not installed beside toolwright\n');
    expect(await readdir(cwd)).toEqual([]);
  });
});

describe('the packages init provider packs', () => {
  it(
    'finds the generator beside an installed toolwright and packs both, without their build scripts',
    { timeout: scaled(120_000) },
    async () => {
      const { project, toolwrightDir } = await installedLayout();
      const located = locatePackages(toolwrightDir, ownPackage.version);
      if (typeof located === 'string') throw new Error(located);
      expect(located.map((source) => [source.name, source.version, source.dir])).toEqual([
        ['toolwright', ownPackage.version, toolwrightDir],
        ['@toolwright/codegen', ownPackage.version, path.join(project, 'node_modules/@toolwright/codegen')],
      ]);
      const destination = await tempDir();
      // The prepack scripts `exit 1`: packing passes only because no script runs.
      const files = [await packFolder(located[0], destination), await packFolder(located[1], destination)];
      expect(files).toEqual([TOOLWRIGHT_TGZ, CODEGEN_TGZ]);
      const listed = execFileSync('tar', ['-tzf', path.join(destination, TOOLWRIGHT_TGZ)], { encoding: 'utf8' });
      expect(listed.split('\n').filter(Boolean).sort()).toEqual([
        'package/dist/cli.js',
        'package/dist/index.js',
        'package/package.json',
      ]);
    },
  );

  it('refuses, naming what to do, when the generator is missing, of another version, or a package is not built', async () => {
    const missing = await installedLayout({ withCodegen: false });
    expect(locatePackages(missing.toolwrightDir, ownPackage.version)).toMatch(
      new RegExp(
        `^the provider needs @toolwright/codegen ${ownPackage.version} beside toolwright, and none is installed there .*install ${CODEGEN_TGZ.replace(/\./g, '\\.')} where toolwright is installed`,
      ),
    );
    const other = await installedLayout({ codegenVersion: '9.9.9' });
    expect(locatePackages(other.toolwrightDir, ownPackage.version)).toMatch(
      /needs @toolwright\/codegen .*, but 9\.9\.9 is installed beside it/,
    );
    const unbuilt = await installedLayout({ built: false });
    expect(locatePackages(unbuilt.toolwrightDir, ownPackage.version)).toMatch(
      /^toolwright in .* is not built \(no dist\/index\.js\): run `npm run build && npm run build:codegen`/,
    );
  });
});
