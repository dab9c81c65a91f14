// The official MCP conformance suite's 0.2 line (protocol 2026-07-28) against `toolwright mcp
// --http`, in both serving modes. The suite and the Node 22 it needs are their own package in
// tools/mcp-conformance-2026, installed here on first use and run with that Node whatever Node
// runs the tests. Only the scenarios that apply to a tools-only server are run; the others call
// the suite's own fixture tools (`greet`, `slow_compute`, `test_input_required_result_elicitation`,
// …) or prompts and resources, which this server does not declare. Within the scenarios run, a
// check the suite itself marks untestable (it needs a fixture tool) is not a failure, nor are the
// checks listed below with their reason.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const suiteFolder = join(root, 'tools/mcp-conformance-2026');
const suiteBin = join(suiteFolder, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const suiteNode = join(suiteFolder, 'node_modules/.bin/node');
const run = promisify(execFile);

const SCENARIOS = [
  'server-stateless',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'caching',
  'http-header-validation',
  'input-required-result-validate-input',
  'input-required-result-unsupported-methods',
];

/** Checks of the scenarios run that concern what a tools-only server does not serve. */
const NOT_APPLICABLE: Record<string, string> = {
  'sep-2549-prompts-list-caching-hints': 'no prompts are served',
  'sep-2549-resources-list-caching-hints': 'no resources are served',
  'sep-2549-resources-templates-list-caching-hints': 'no resources are served',
  'sep-2575-server-sends-prompts-list-changed-on-subscription': 'no prompts are served',
  'sep-2575-server-sends-tools-list-changed-on-subscription': 'the tool list never changes while serving',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: { untestable?: boolean };
}

async function startServer(workspace: string, extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [builtCli(), 'mcp', '--http', '0', '--workspace', workspace, ...extra], {
    cwd: root,
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
  const ran = await run(suiteNode, [suiteBin, 'server', '--url', url, '--scenario', scenario, '-o', out], {
    encoding: 'utf8',
    timeout: scaled(120_000),
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const folder = (await readdir(out)).find((name) => name.startsWith(`server-${scenario}-`));
  expect(folder, `${scenario} wrote no results: ${ran.stdout}\n${ran.stderr}`).toBeDefined();
  return JSON.parse(await readFile(join(out, folder!, 'checks.json'), 'utf8')) as Check[];
}

describe('official MCP conformance suite, 2026-07-28', () => {
  let workspace: string;
  beforeAll(async () => {
    if (!existsSync(suiteBin) || !existsSync(suiteNode))
      await run('npm', ['ci', '--prefix', suiteFolder, '--no-audit', '--no-fund'], { timeout: scaled(300_000) });
    workspace = await mkdtemp(join(tmpdir(), 'tw-conformance-2026-'));
    await writeFile(join(workspace, 'a.txt'), 'alpha\n');
  }, scaled(300_000));
  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  for (const mode of [[], ['--stateless']]) {
    const name = mode.length === 0 ? 'sessions' : 'stateless';
    it(`passes every check that applies to a tools-only server (${name})`, { timeout: scaled(300_000) }, async () => {
      const { child, url } = await startServer(workspace, mode);
      const out = await mkdtemp(join(tmpdir(), 'tw-conformance-2026-out-'));
      try {
        const failed: string[] = [];
        let succeeded = 0;
        for (const scenario of SCENARIOS) {
          for (const check of await runScenario(url, scenario, out)) {
            if (check.status === 'SUCCESS') succeeded++;
            if (check.status !== 'FAILURE' || check.details?.untestable || NOT_APPLICABLE[check.id]) continue;
            failed.push(`${scenario}/${check.id}: ${check.errorMessage ?? ''}`);
          }
        }
        expect(failed).toEqual([]);
        // The run did check something: discovery, the envelope, headers, caching, tools/list, DNS rebinding.
        expect(succeeded).toBeGreaterThanOrEqual(40);
      } finally {
        child.kill();
        await rm(out, { recursive: true, force: true });
      }
    });
  }
});
