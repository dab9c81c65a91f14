// The files `toolwright init provider <name>` writes: a provider package with one data_source
// operation (it counts the lines of a workspace file), its handler, a hand-written test and the
// scripts to generate, typecheck, build and test it. toolwright and its generator are the tarballs
// init packed into vendor/; the other versions are this toolkit's own (test/cli/init.test.ts checks
// them against its package.json), so the scaffold builds as the repository's examples do.

export const SCAFFOLD_VERSIONS = {
  typescript: '7.0.2',
  vitest: '4.1.12',
  vite: '8.3.8',
  typesNode: '^20.19.43',
} as const;

export interface ScaffoldNames {
  /** The npm package name, as given. */
  packageName: string;
  /** The catalog's provider name (an identifier). */
  provider: string;
  /** The dependency spec of toolwright (`file:vendor/toolwright-0.1.0.tgz`). */
  toolwright: string;
  /** The dependency spec of @toolwright/codegen, of the same version. */
  codegen: string;
}

/** The one operation's name; its handler lives in src/handlers/count-lines.ts. */
export const OPERATION = 'count_lines';

/** Relative path → content, in the order they are written. */
export function scaffoldFiles(names: ScaffoldNames): Map<string, string> {
  const files = new Map<string, string>();
  files.set('catalog.yaml', catalog(names));
  files.set('package.json', packageJson(names));
  files.set('tsconfig.json', TSCONFIG);
  files.set('tsconfig.build.json', TSCONFIG_BUILD);
  files.set('.gitignore', 'node_modules/\ndist/\n');
  files.set('src/handlers/count-lines.ts', HANDLER);
  files.set('src/handlers/index.ts', handlersIndex(names));
  files.set('src/index.ts', INDEX);
  files.set('test/count-lines.test.ts', test(names));
  files.set('README.md', readme(names));
  return files;
}

function catalog({ provider }: ScaffoldNames): string {
  return `# yaml-language-server: $schema=node_modules/toolwright/dist/catalog.schema.json
# The operations of this provider. \`npm run generate\` turns this file into src/generated/ (types,
# schemas, validators, registry) and test/generated/ (conformance tests from the examples).

providers:
  ${provider}:
    description: Facts about the files of the workspace.
    operations:
      ${OPERATION}:
        title: Count lines
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Count the lines of a text file in the workspace (a last line without a newline counts).
        params:
          type: object
          additionalProperties: false
          required: [path]
          properties:
            path:
              role: path
              type: string
              minLength: 1
              description: The file, relative to the workspace.
        result:
          type: object
          additionalProperties: false
          required: [path, lines]
          properties:
            path: { type: string, description: Workspace-relative path. }
            lines: { type: integer, minimum: 0, description: Number of lines. }
        errors: [NOT_FOUND]
        examples:
          - name: counts the lines of a file
            files: { "notes.txt": "one\\ntwo\\nthree" }
            input: { path: notes.txt }
            expect:
              output: { path: notes.txt, lines: 3 }
          - name: refuses a path outside the workspace
            input: { path: ../outside.txt }
            expect: { error: OUTSIDE_WORKSPACE }
`;
}

function packageJson({ packageName, toolwright, codegen }: ScaffoldNames): string {
  const manifest = {
    name: packageName,
    version: '0.1.0',
    description: 'A toolwright provider.',
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    files: ['dist', 'catalog.yaml'],
    scripts: {
      generate: 'toolwright generate --handlers src/handlers/index.ts',
      build: 'tsc -p tsconfig.build.json',
      typecheck: 'tsc --noEmit',
      test: 'toolwright generate --handlers src/handlers/index.ts --check && tsc --noEmit && vitest run',
    },
    dependencies: { toolwright },
    devDependencies: {
      '@toolwright/codegen': codegen,
      '@types/node': SCAFFOLD_VERSIONS.typesNode,
      typescript: SCAFFOLD_VERSIONS.typescript,
      vite: SCAFFOLD_VERSIONS.vite,
      vitest: SCAFFOLD_VERSIONS.vitest,
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      isolatedModules: true,
      types: ['node'],
      noEmit: true,
    },
    include: ['src', 'test'],
  },
  null,
  2,
)}\n`;

const TSCONFIG_BUILD = `${JSON.stringify(
  {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: false, outDir: 'dist', rootDir: 'src', declaration: true },
    include: ['src'],
  },
  null,
  2,
)}\n`;

const HANDLER = `// The body of ${OPERATION}. It checks nothing about the path itself: the runtime has resolved the
// \`path\` param inside the workspace (ctx.paths.path), refusing \`../x\` and links that lead out.
import { readFile } from 'node:fs/promises';
import type { HandlerContext } from 'toolwright';
import type { CountLinesParams, CountLinesResult } from '../generated/types.js';

export async function countLines(params: CountLinesParams, ctx: HandlerContext): Promise<CountLinesResult> {
  // Resolved before this runs; a missing file is NOT_FOUND, worded as for every provider.
  const file = await ctx.existingPath('path');
  const text = await readFile(file.absolute, 'utf8');
  let lines = 0;
  for (let at = text.indexOf('\\n'); at !== -1; at = text.indexOf('\\n', at + 1)) lines++;
  if (text.length > 0 && !text.endsWith('\\n')) lines++;
  return { path: file.relative, lines };
}
`;

function handlersIndex({ provider }: ScaffoldNames): string {
  return `// The handler map: one body per operation of catalog.yaml. \`satisfies Handlers\` makes a missing or
// mistyped handler a compile error; the generated conformance tests import \`handlers\` from here.
import type { Handlers } from '../generated/types.js';
import { countLines } from './count-lines.js';

export const handlers = {
  ${provider}: {
    ${OPERATION}: countLines,
  },
} satisfies Handlers;
`;
}

const INDEX = `// The package's entry: its providers, for createToolkit({ providers }) and for
// \`toolwright call|mcp --provider ./dist/index.js\`.
import { defineProviders } from 'toolwright';
import { providers as registry } from './generated/registry.js';
import { handlers } from './handlers/index.js';

export const providers = defineProviders(registry, handlers);
export { handlers };
`;

function test({ provider }: ScaffoldNames): string {
  return `// ${OPERATION} through a toolkit, as a host composes it.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit } from 'toolwright';
import { providers } from '../src/index.js';

let workspace: string;
beforeEach(async () => {
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), '${provider}-')));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('${OPERATION}', () => {
  it('counts every line, a last one without a newline too', async () => {
    await writeFile(path.join(workspace, 'a.txt'), 'one\\ntwo\\n');
    await writeFile(path.join(workspace, 'b.txt'), 'one\\ntwo\\nthree');
    await writeFile(path.join(workspace, 'empty.txt'), '');
    const toolkit = createToolkit({ workspace, providers });
    expect(await toolkit.call.${OPERATION}({ path: 'a.txt' })).toEqual({ path: 'a.txt', lines: 2 });
    expect(await toolkit.call.${OPERATION}({ path: 'b.txt' })).toEqual({ path: 'b.txt', lines: 3 });
    expect(await toolkit.call.${OPERATION}({ path: 'empty.txt' })).toEqual({ path: 'empty.txt', lines: 0 });
  });

  it('says NOT_FOUND for a missing file and OUTSIDE_WORKSPACE for a path that leads out', async () => {
    const toolkit = createToolkit({ workspace, providers });
    const missing = await toolkit.invoke('${provider}', '${OPERATION}', { path: 'nope.txt' });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('NOT_FOUND');
    const outside = await toolkit.invoke('${provider}', '${OPERATION}', { path: '../x.txt' });
    expect(outside.ok ? 'ok' : outside.error.code).toBe('OUTSIDE_WORKSPACE');
  });
});
`;
}

function readme({ packageName, provider }: ScaffoldNames): string {
  return `# ${packageName}

A [toolwright](https://www.npmjs.com/package/toolwright) provider: the operations in
\`catalog.yaml\`, their bodies in \`src/handlers/\`.

\`\`\`sh
npm install
npm run generate   # catalog.yaml → src/generated/ and test/generated/
npm test           # generate --check, tsc, vitest (the generated conformance tests and test/)
npm run build      # dist/
npx toolwright call ${OPERATION} '{"path":"README.md"}' --provider ./dist/index.js
\`\`\`

To add an operation: declare it under \`providers.${provider}.operations\` in catalog.yaml (with an
example: the conformance tests run it), \`npm run generate\`, write its body in
\`src/handlers/<operation>.ts\`, and add it to the map in \`src/handlers/index.ts\`.

\`vendor/\` holds the toolwright and @toolwright/codegen this package was made with, packed by
\`toolwright init\` (package.json depends on them as \`file:\` tarballs, so \`npm install\` needs no
registry that has toolwright). To move to another build, replace the two files and their names in
package.json, or depend on published versions instead.
`;
}
