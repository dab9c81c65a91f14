// The published type declarations compile in a consumer's project: strict, without skipLibCheck,
// and without the optional `ai` peer installed. The fixture's node_modules holds a copy of the
// built package (dist + package.json, as `npm install` of the tarball would) and its runtime
// dependencies, but no `ai`.
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
    await writeFile(join(project, 'tsconfig.json'), tsconfig(['index.ts']));
    await writeFile(join(project, 'uses-ai.ts'), "import type { ToolSet } from 'ai';\nexport type T = ToolSet;\n");
    await writeFile(join(project, 'tsconfig.ai.json'), tsconfig(['uses-ai.ts']));
  }, scaled(180_000));
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it(
    'compiles with strict and without skipLibCheck, with no `ai` package present',
    { timeout: scaled(120_000) },
    () => {
      const run = spawnSync(tsc, ['-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
      expect(run.stdout + run.stderr).toBe('');
      expect(run.status).toBe(0);
    },
  );

  it('really has no `ai` to resolve (the fixture would hide TS2307 otherwise)', { timeout: scaled(120_000) }, () => {
    const run = spawnSync(tsc, ['-p', 'tsconfig.ai.json'], { cwd: project, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain("TS2307: Cannot find module 'ai'");
  });
});
