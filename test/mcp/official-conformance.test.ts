// The official MCP conformance suite (@modelcontextprotocol/conformance) against `toolwright mcp
// --http`, in both serving modes. The suite needs Node 22 or later: under Node 20 this file is
// skipped, and CI runs it in its Node 22 and 24 legs. It is its own package in
// tools/mcp-conformance (no dependency of the repository, whose install on Node 20 would warn),
// installed here on first use. Only the scenarios that apply to a tools-only
// server are run; the others call the suite's own fixture tools (`test_simple_text`,
// `test_tool_with_progress`, `json_schema_2020_12_tool`, …) or prompts, resources and completion,
// which this server does not declare.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../support/built-cli.js';
import { scaled } from '../support/time.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const nodeMajor = Number(process.versions.node.split('.')[0]);
const suiteFolder = join(root, 'tools/mcp-conformance');
const suiteBin = join(suiteFolder, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

const SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'server-sse-multiple-streams',
  'server-sse-polling',
  'dns-rebinding-protection',
];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

async function startServer(workspace: string, extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [builtCli(), 'mcp', '--http', '0', ...extra], {
    cwd: workspace,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      said += chunk;
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(said);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${said}`)));
  });
  return { child, url };
}

async function runScenario(url: string, scenario: string, out: string): Promise<Check[]> {
  // The suite's exit status counts warnings and skipped checks alike: the checks file is read instead.
  const run = await promisify(execFile)(
    process.execPath,
    [suiteBin, 'server', '--url', url, '--scenario', scenario, '-o', out],
    { encoding: 'utf8', timeout: scaled(60_000) },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const folder = (await readdir(out)).find((name) => name.startsWith(`server-${scenario}-`));
  expect(folder, `${scenario} wrote no results: ${run.stdout}\n${run.stderr}`).toBeDefined();
  return JSON.parse(await readFile(join(out, folder!, 'checks.json'), 'utf8')) as Check[];
}

describe.skipIf(nodeMajor < 22)('official MCP conformance suite', () => {
  let workspace: string;
  beforeAll(async () => {
    if (!existsSync(suiteBin)) {
      await promisify(execFile)('npm', ['ci', '--prefix', suiteFolder, '--no-audit', '--no-fund', '--loglevel=error'], {
        timeout: scaled(300_000),
      });
    }
    workspace = await mkdtemp(join(tmpdir(), 'tw-conformance-'));
    await writeFile(join(workspace, 'a.txt'), 'alpha\n');
  }, scaled(360_000));
  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  for (const mode of [[], ['--stateless']]) {
    const name = mode.length === 0 ? 'sessions' : 'stateless';
    it(`passes every scenario that applies to a tools-only server (${name})`, async () => {
      const { child, url } = await startServer(workspace, mode);
      const out = await mkdtemp(join(tmpdir(), 'tw-conformance-out-'));
      try {
        const failed: string[] = [];
        let succeeded = 0;
        for (const scenario of SCENARIOS) {
          for (const check of await runScenario(url, scenario, out)) {
            if (check.status === 'FAILURE') failed.push(`${scenario}/${check.id}: ${check.errorMessage ?? ''}`);
            if (check.status === 'SUCCESS') succeeded++;
          }
        }
        expect(failed).toEqual([]);
        // The run did check something: initialize, ping, logging, tools/list and DNS rebinding at least.
        expect(succeeded).toBeGreaterThanOrEqual(6);
      } finally {
        child.kill();
        await rm(out, { recursive: true, force: true });
      }
    });
  }
});
