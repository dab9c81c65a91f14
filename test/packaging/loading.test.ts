// Cost of loading: `import 'toolwright'` loads neither the MCP SDK nor zod, undici, execa
// or turndown, and the CLI's `call` loads no MCP or network stack. A child process runs the built
// dist/ with a module.register() hook that logs every resolved ESM URL, and dumps the CommonJS cache
// at exit (CJS modules required by CJS never pass the ESM hooks).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBuild } from '../support/built-cli.js';
import { scaled } from '../support/time.js';

const HEAVY = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/node',
  '@modelcontextprotocol/core',
  'zod',
  'zod-to-json-schema',
  'undici',
  'execa',
  'turndown',
  'hono',
  '@hono/node-server',
  'pg',
  'jose',
  '@opentelemetry/api',
  'vscode-jsonrpc',
  'vscode-languageserver-protocol',
];

const HOOKS = `let log;
import { appendFileSync } from 'node:fs';
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}
`;
const REGISTER = `import { register, createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
const log = process.env.TW_LOAD_LOG;
register(new URL('./hooks.mjs', import.meta.url), { data: { log } });
process.on('exit', () => {
  const cache = createRequire(import.meta.url).cache;
  appendFileSync(log, Object.keys(cache).map((p) => 'file://' + p).join('\\n') + '\\n');
});
`;

/** The node_modules packages a run loaded (by package name). */
function packagesIn(log: string): Set<string> {
  const names = new Set<string>();
  for (const match of log.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)) names.add(match[1]!);
  return names;
}

describe('what loading toolwright loads', () => {
  /** The hooks and the logs of the runs. */
  let scratch: string;
  let workspace: string;
  // The build of the current sources that the global setup made, bundled like the package ships
  // (scripts/bundle.mjs after the per-file compile, as `npm run build` does).
  const dist = join(sharedBuild(), 'dist');
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'tw-load-'));
    workspace = await mkdtemp(join(tmpdir(), 'tw-load-ws-'));
    await writeFile(join(workspace, 'a.txt'), 'hello\n');
    await writeFile(join(scratch, 'hooks.mjs'), HOOKS);
    await writeFile(join(scratch, 'register.mjs'), REGISTER);
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await rm(workspace, { recursive: true, force: true });
  });

  async function loaded(
    args: string[],
    name: string,
  ): Promise<{ packages: Set<string>; urls: Set<string>; ownModules: number; status: number | null; output: string }> {
    const log = join(scratch, `${name}.log`);
    await writeFile(log, '');
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(scratch, 'register.mjs')).href, ...args], {
      cwd: workspace,
      encoding: 'utf8',
      timeout: scaled(60_000),
      env: { PATH: process.env.PATH ?? '', TW_LOAD_LOG: log },
    });
    const urls = new Set((await readFile(log, 'utf8')).split('\n'));
    const ownModules = [...urls].filter((url) => url.startsWith(pathToFileURL(dist).href + '/')).length;
    return {
      packages: packagesIn([...urls].join('\n')),
      urls,
      ownModules,
      status: run.status,
      output: run.stdout + run.stderr,
    };
  }

  it("import 'toolwright' loads none of the heavy packages, and still works", { timeout: scaled(60_000) }, async () => {
    const index = pathToFileURL(join(dist, 'index.js')).href;
    const script = `const tw = await import(${JSON.stringify(index)});
      const toolkit = tw.createToolkit({ workspace: process.cwd() });
      const result = await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
      tw.toOpenAITools(toolkit); tw.toAnthropicTools(toolkit); tw.mcpToolDefinitions(toolkit);
      if (!result.ok) throw new Error(result.text);`;
    const run = await loaded(['--input-type=module', '-e', script], 'import');
    expect(run.status, run.output).toBe(0);
    expect(run.packages.has('ajv')).toBe(true); // the hook does see packages (the validators' runtime)
    for (const name of HEAVY) expect(run.packages.has(name), `${name} was loaded`).toBe(false);
  });

  it('the MCP SDK loads on first use of createMcpServer', { timeout: scaled(60_000) }, async () => {
    const index = pathToFileURL(join(dist, 'index.js')).href;
    const script = `const tw = await import(${JSON.stringify(index)});
      const server = await tw.createMcpServer(tw.createToolkit({ workspace: process.cwd() }));
      if (typeof server.connect !== 'function') throw new Error('not a server');`;
    const run = await loaded(['--input-type=module', '-e', script], 'mcp');
    expect(run.status, run.output).toBe(0);
    expect(run.packages.has('@modelcontextprotocol/server')).toBe(true);
    expect(run.packages.has('@modelcontextprotocol/sdk')).toBe(false); // the v1 SDK is a dev dependency
    // The HTTP server only for startMcpHttpServer.
    for (const name of ['@modelcontextprotocol/node', 'hono', '@hono/node-server'])
      expect(run.packages.has(name), `${name} was loaded`).toBe(false);
  });

  it(
    '`toolwright call read_file` loads no MCP, network, process or HTML stack (nor yaml without a policy file)',
    { timeout: scaled(60_000) },
    async () => {
      const run = await loaded([join(dist, 'cli.js'), 'call', 'read_file', '{"path":"a.txt"}'], 'call');
      expect(run.status, run.output).toBe(0);
      expect(run.output).toContain('hello');
      // Only the filesystem handlers load: not grep's, glob's or web_fetch's dependencies either,
      // nor commander (a plain call is read without it).
      for (const name of [...HEAVY, 'yaml', 'fast-glob', 'ignore', 'ipaddr.js', '@vscode/ripgrep', 'commander'])
        expect(run.packages.has(name), `${name} was loaded`).toBe(false);
    },
  );

  it(
    '`toolwright call read_file` loads the toolkit as a few chunks, not a chunk per combination of providers that share a module',
    { timeout: scaled(60_000) },
    async () => {
      const run = await loaded([join(dist, 'cli.js'), 'call', 'read_file', '{"path":"a.txt"}'], 'call-modules');
      expect(run.status, run.output).toBe(0);
      // 14 when the call verb's modules and the toolkit's were bundled as one core chunk; 29 before,
      // when each set of entries sharing a module made a chunk of its own; 48 before the bundle kept
      // the toolkit's modules together.
      expect(run.ownModules).toBeGreaterThan(5);
      const own = [...run.urls].filter((url) => url.includes('/dist/')).map((url) => url.replace(/^.*\/dist\//, ''));
      expect(run.ownModules, own.join(', ')).toBeLessThanOrEqual(16);
      // The toolkit and what `call` runs before its provider are one chunk.
      const holding = async (module: string) => {
        const found: string[] = [];
        for (const name of await readdir(join(dist, 'chunks')))
          if ((await readFile(join(dist, 'chunks', name), 'utf8')).includes(`dist/${module}\n`)) found.push(name);
        return found;
      };
      const core = await holding('runtime/toolkit/toolkit.js');
      expect(core).toHaveLength(1);
      for (const module of ['cli/call.js', 'generated/registry.js', 'handlers/index.js', 'runtime/contract/errors.js'])
        expect(await holding(module), module).toEqual(core);
    },
  );

  it(
    "`toolwright call read_file` loads none of the other filesystem operations' code (each is a chunk of its own)",
    { timeout: scaled(60_000) },
    async () => {
      const run = await loaded([join(dist, 'cli.js'), 'call', 'read_file', '{"path":"a.txt"}'], 'call-filesystem');
      expect(run.status, run.output).toBe(0);
      const chunks = await readdir(join(dist, 'chunks'));
      for (const operation of ['write-file', 'edit-file', 'multi-edit', 'apply-patch', 'list-directory']) {
        const chunk = chunks.find((name) => name.startsWith(`${operation}-`));
        expect(chunk, `no chunk of its own for ${operation}`).toBeDefined();
        expect(
          [...run.urls].some((url) => url.endsWith(`/chunks/${chunk}`)),
          `${chunk} was loaded`,
        ).toBe(false);
      }
    },
  );

  it('what answers MCP `initialize` imports none of the toolkit (it stays light)', async () => {
    const chunks = join(dist, 'chunks');
    const source = new Map<string, string>();
    for (const name of await readdir(chunks)) source.set(name, await readFile(join(chunks, name), 'utf8'));
    /** The chunk that holds a module of the build (esbuild heads each module's code with its path). */
    const holding = (module: string) => {
      const found = [...source].filter(([, text]) => text.includes(`dist/${module}\n`)).map(([name]) => name);
      expect(found, module).toHaveLength(1);
      return found[0]!;
    };
    /** Every chunk a chunk imports statically, transitively (dynamic imports load later, on use). */
    const staticClosure = (start: string) => {
      const seen = new Set([start]);
      const imports = /^(?:import|} from|export .* from) ?"\.\/([^"]+)";?$/gm;
      for (const queue = [start]; queue.length > 0;) {
        for (const [, target] of source.get(queue.pop()!)!.matchAll(imports)) {
          if (seen.has(target!)) continue;
          seen.add(target!);
          queue.push(target!);
        }
      }
      return seen;
    };
    const toolkit = holding('runtime/toolkit/toolkit.js');
    for (const early of ['cli/mcp.js', 'adapters/mcp/transports/stdio-early-init.js', 'adapters/mcp/identity.js'])
      expect(staticClosure(holding(early)).has(toolkit), early).toBe(false);
    // The check can fail: a provider's handlers do load with the toolkit's chunk.
    expect(staticClosure(holding('handlers/filesystem/index.js')).has(toolkit)).toBe(true);
  });

  it('`toolwright --help` loads only commander', { timeout: scaled(60_000) }, async () => {
    const run = await loaded([join(dist, 'cli.js'), '--help'], 'help');
    expect(run.status, run.output).toBe(0);
    expect([...run.packages]).toEqual(['commander']);
  });

  it('`toolwright --version` and `-V` load no package, not even commander', { timeout: scaled(60_000) }, async () => {
    for (const flag of ['--version', '-V']) {
      const run = await loaded([join(dist, 'cli.js'), flag], `version${flag}`);
      expect(run.status, run.output).toBe(0);
      expect(run.output).toMatch(/^\d+\.\d+\.\d+\n$/);
      expect([...run.packages], flag).toEqual([]);
    }
  });
});
