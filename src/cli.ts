#!/usr/bin/env node
// The `toolwright` command: list the tools, call one, or serve them all over MCP.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { parse as parseYaml } from 'yaml';
import { createMcpElicitationUserChannel } from './adapters/mcp-user.js';
import { serveMcpStdio, startMcpHttpServer, DEFAULT_MAX_RESULT_BYTES } from './adapters/mcp.js';
import { invokeByName, parseArguments } from './adapters/dispatch.js';
import type { JsonSchema, OperationDescriptor } from './runtime/descriptor.js';
import { POLICY_PRESETS, compilePolicy, type PolicyOptions, type PolicyPreset } from './runtime/policy.js';
import { createDefaultTaskStore, createFileTaskStore, type TaskStore } from './runtime/services/tasks.js';
import { createTerminalUserChannel, type UserChannel } from './runtime/services/user.js';
import { createToolkit } from './runtime/toolkit.js';
import type { Toolkit, ToolkitOptions } from './runtime/types.js';

/** Where the CLI reads and writes; tests pass their own. */
export interface CliIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Read in full for `call <op> -`. */
  readStdin: () => Promise<string>;
}

interface ToolkitFlags {
  workspace?: string;
  allowPrivateNetwork?: boolean;
  policy?: string;
  profile?: string[];
  tasksFile?: string;
  sandbox?: 'none' | 'workspace-write' | 'read-only';
}

/** Set once `mcp` served: its open handles (stdin, sockets) must not keep the process alive after. */
let servedMcp = false;

/** A usage problem (bad flag value, unreadable policy, invalid JSON): exit code 2. */
class UsageError extends Error {}

const EXAMPLES = `
Examples:
  $ toolwright schema                                   list the tools
  $ toolwright schema read_file                         one tool's parameters
  $ toolwright call read_file '{"path":"README.md","limit":20}'
  $ echo '{"pattern":"TODO"}' | toolwright call grep -
  $ toolwright mcp --workspace ~/project                MCP over stdio
  $ toolwright mcp --http 8765                          MCP over Streamable HTTP at http://127.0.0.1:8765/mcp

Every command takes:
  -w, --workspace <dir>    folder every path is confined to (default: the current folder)
  --allow-private-network  let web_fetch reach loopback/private addresses (blocked by default)
  --policy <file|preset>   allow/ask/deny rules (YAML) or a preset: readOnly, askForRisky, allowAll;
                           "ask" prompts on the terminal (call) or through MCP elicitation (mcp)
  --profile <patterns>     expose only matching tools, e.g. "filesystem.*,search.grep"
  --tasks-file <file>      keep the task list in a JSON file instead of in memory
  --sandbox <mode>         run bash in bubblewrap: none (default), workspace-write, read-only

Environment: TOOLWRIGHT_SEARCH_URL (SearXNG) or TOOLWRIGHT_BRAVE_API_KEY enable web_search.
Exit codes: 0 success, 1 the tool returned an error, 2 usage error.`;

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

function parseList(value: string, previous: string[] | undefined): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return [...(previous ?? []), ...items];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number (0-65535; 0 picks a free port)');
  return port;
}

function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024) throw new InvalidArgumentError('must be an integer >= 1024');
  return n;
}

function parseSandboxMode(value: string): 'none' | 'workspace-write' | 'read-only' {
  if (value === 'none' || value === 'workspace-write' || value === 'read-only') return value;
  throw new InvalidArgumentError('must be none, workspace-write or read-only');
}

function withToolkitOptions(command: Command): Command {
  return command
    .option('-w, --workspace <dir>', 'folder every path is confined to (default: the current folder)')
    .option('--allow-private-network', 'let web_fetch reach loopback, private and link-local addresses (blocked by default)')
    .option('--policy <file|preset>', `policy: a YAML file ({rules: [...], default}) or a preset (${Object.keys(POLICY_PRESETS).join(', ')})`)
    .option('--profile <patterns>', 'comma-separated capability patterns to expose, e.g. "filesystem.*,search.grep" (default: all)', parseList)
    .option('--tasks-file <file>', 'keep tasks in this JSON file (relative to the workspace) instead of in memory')
    .option('--sandbox <mode>', 'run bash in a bubblewrap sandbox: none (default), workspace-write or read-only (no network either way)', parseSandboxMode);
}

async function loadPolicy(spec: string): Promise<PolicyOptions> {
  const path = resolve(spec);
  let exists = false;
  try { exists = statSync(path).isFile(); } catch { /* not a file */ }
  if (!exists) {
    if (spec in POLICY_PRESETS) return spec as PolicyPreset;
    throw new UsageError(`--policy ${spec}: no such file, and not a preset (${Object.keys(POLICY_PRESETS).join(', ')})`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--policy ${spec}: ${(error as Error).message}`);
  }
  const policy = (typeof doc === 'object' && doc !== null && 'preset' in doc ? (doc as { preset: unknown }).preset : doc) as PolicyOptions;
  try {
    compilePolicy(policy);
  } catch (error) {
    throw new UsageError(`--policy ${spec}: ${(error as Error).message}`);
  }
  return policy;
}

async function toolkitOptions(flags: ToolkitFlags, extra: { user?: UserChannel; tasks?: TaskStore } = {}): Promise<ToolkitOptions> {
  const workspace = resolve(flags.workspace ?? process.cwd());
  let isDir = false;
  try { isDir = statSync(workspace).isDirectory(); } catch { /* reported below */ }
  if (!isDir) throw new UsageError(`--workspace ${workspace}: not an existing folder`);
  const options: ToolkitOptions = { workspace };
  if (flags.policy !== undefined) options.policy = await loadPolicy(flags.policy);
  if (flags.profile !== undefined) options.profile = flags.profile;
  if (flags.allowPrivateNetwork) options.web = { allowPrivateNetwork: true };
  if (flags.sandbox !== undefined) options.exec = { sandbox: flags.sandbox };
  if (flags.tasksFile !== undefined) {
    options.tasks = createFileTaskStore({ path: isAbsolute(flags.tasksFile) ? flags.tasksFile : resolve(workspace, flags.tasksFile) });
  } else if (extra.tasks) {
    options.tasks = extra.tasks;
  }
  if (extra.user) options.user = extra.user;
  return options;
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

function renderToolList(toolkit: Toolkit): string {
  const policy = toolkit.options.policy === undefined ? undefined : compilePolicy(toolkit.options.policy);
  const lines = [`${toolkit.operations.length} tools over ${toolkit.workspace.root}`];
  const width = Math.max(0, ...toolkit.operations.map((op) => op.name.length)) + 2;
  for (const provider of toolkit.getSchema()) {
    lines.push('', `${provider.name}: ${provider.description}`);
    for (const op of provider.operations) {
      const flags = [op.idempotent ? 'idempotent' : '', op.open_world ? 'open-world' : ''].filter(Boolean).join(', ');
      const descriptor = toolkit.find(op.id);
      const decision = policy && descriptor ? policy.decide(descriptor).decision : 'allow';
      const verdict = decision === 'allow' ? '' : `  [policy: ${decision}]`;
      lines.push(`  ${pad(op.name, width)}${pad(op.kind, 13)}${pad(op.risk, 11)}${op.title}${flags ? `  (${flags})` : ''}${verdict}`);
    }
  }
  lines.push('', 'Run `toolwright schema <tool>` for its parameters, or add --json for the full schema.');
  return lines.join('\n');
}

function describeParam(name: string, schema: JsonSchema, required: boolean): string {
  const type = Array.isArray(schema.type) ? schema.type.join('|') : String(schema.type ?? 'any');
  const facts = [type, required ? 'required' : 'optional'];
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  if (Array.isArray(schema.enum)) facts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined) facts.push(`>= ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) facts.push(`<= ${String(schema.maximum)}`);
  const description = typeof schema.description === 'string' ? ` — ${schema.description.replace(/\s+/g, ' ').trim()}` : '';
  return `  ${name} (${facts.join(', ')})${description}`;
}

function renderOperation(op: OperationDescriptor): string {
  const properties = (op.params.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((op.params.required as string[] | undefined) ?? []);
  return [
    `${op.name} (${op.id}) — ${op.title}`,
    `kind ${op.kind} · risk ${op.risk}${op.riskNote ? ` (${op.riskNote})` : ''} · ${op.idempotent ? 'idempotent' : 'not idempotent'} · ${op.openWorld ? 'open world' : 'closed world'}`,
    '',
    op.description.trim(),
    '',
    'Parameters:',
    ...(Object.keys(properties).length === 0 ? ['  (none)'] : Object.entries(properties).map(([name, schema]) => describeParam(name, schema, required.has(name)))),
    '',
    `Errors: ${op.errors.join(', ') || '(only the common ones)'}`,
  ].join('\n');
}

function readProcessStdin(): Promise<string> {
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.once('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    process.stdin.once('error', reject);
  });
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolveSignal(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

/** Builds the commander program; `exitCode.value` carries the outcome of an action. */
export function buildProgram(io: CliIO, exitCode: { value: number }): Command {
  const program = new Command('toolwright')
    .description('Reference tool providers for AI agents (files, search, shell, web, tasks, sub-agents, questions): list them, call one, or serve them over MCP.')
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride()
    .addHelpText('after', EXAMPLES);

  withToolkitOptions(
    program.command('schema')
      .description('List the tools (name, kind, risk), or show one tool\'s description and parameters')
      .argument('[tool]', 'a tool name (read_file) or id (filesystem.read_file)')
      .option('--json', 'print JSON: the whole schema, or the one tool\'s'),
  ).action(async (tool: string | undefined, flags: ToolkitFlags & { json?: boolean }) => {
    const toolkit = createToolkit(await toolkitOptions(flags));
    if (tool === undefined) {
      io.stdout.write(`${flags.json ? JSON.stringify(toolkit.getSchema(), null, 2) : renderToolList(toolkit)}\n`);
      return;
    }
    const op = toolkit.find(tool);
    if (!op) throw new UsageError(`no tool named "${tool}" (available: ${toolkit.operations.map((o) => o.name).join(', ')})`);
    const schema = toolkit.getSchema().flatMap((p) => p.operations).find((o) => o.id === op.id);
    io.stdout.write(`${flags.json ? JSON.stringify(schema, null, 2) : renderOperation(op)}\n`);
  });

  withToolkitOptions(
    program.command('call')
      .description('Call one tool and print its text (exit 1 if the tool returns an error)')
      .argument('<tool>', 'a tool name (read_file) or id (filesystem.read_file)')
      .argument('[json]', 'the arguments as a JSON object; "-" reads them from stdin', '{}')
      .option('--json', 'print the whole result as JSON ({ok, output, text, meta} or {ok:false, error, ...})'),
  ).action(async (tool: string, json: string, flags: ToolkitFlags & { json?: boolean }) => {
    const text = json === '-' ? await io.readStdin() : json;
    const parsed = parseArguments(text);
    if (!parsed.ok) throw new UsageError(parsed.message);
    if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      throw new UsageError('the arguments must be a JSON object, e.g. \'{"path":"a.txt"}\'');
    }
    const user = process.stdin.isTTY && json !== '-' ? createTerminalUserChannel() : undefined;
    const toolkit = createToolkit(await toolkitOptions(flags, user ? { user } : {}));
    const controller = new AbortController();
    const onInterrupt = () => controller.abort();
    process.once('SIGINT', onInterrupt);
    try {
      const result = await invokeByName(toolkit, tool, parsed.value, { signal: controller.signal });
      if (flags.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else if (result.ok) io.stdout.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
      else io.stderr.write(`${result.text}\n`);
      exitCode.value = result.ok ? 0 : 1;
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  });

  withToolkitOptions(
    program.command('mcp')
      .description('Serve every tool over MCP: stdio by default, Streamable HTTP with --http')
      .option('--http <port>', 'serve Streamable HTTP on this port (0 picks a free one) instead of stdio', parsePort)
      .option('--host <address>', 'interface for --http; keep the default unless you add your own authentication', '127.0.0.1')
      .option('--max-result-bytes <n>', 'cap on one tool result (text and structured output together)', parsePositiveInt, DEFAULT_MAX_RESULT_BYTES)
      .addHelpText('after', `
Claude Desktop / Claude Code / Cursor configuration (stdio):
  { "mcpServers": { "toolwright": { "command": "npx", "args": ["-y", "toolwright", "mcp", "--workspace", "/path/to/project"] } } }`),
  ).action(async (flags: ToolkitFlags & { http?: number; host: string; maxResultBytes: number }) => {
    const serverOptions = { maxResultBytes: flags.maxResultBytes };
    servedMcp = true;
    // A stray error inside one tool call must not take the whole server (and the client's session) down.
    const report = (error: unknown) => io.stderr.write(`toolwright: unexpected error (still serving): ${(error as Error)?.stack ?? String(error)}\n`);
    process.on('uncaughtException', report);
    process.on('unhandledRejection', report);
    if (flags.http === undefined) {
      const user = createMcpElicitationUserChannel();
      const toolkit = createToolkit(await toolkitOptions(flags, { user }));
      const running = await serveMcpStdio(toolkit, serverOptions);
      io.stderr.write(`toolwright: MCP server on stdio, ${toolkit.operations.length} tools over ${toolkit.workspace.root}\n`);
      const signal = waitForSignal();
      await Promise.race([running.closed, signal]);
      await running.close();
      return;
    }
    // One toolkit per MCP session (own read-tracking), one task list for the whole server.
    const tasks = createDefaultTaskStore();
    const base = await toolkitOptions(flags, { tasks });
    const first = createToolkit(base);
    const running = await startMcpHttpServer(
      () => createToolkit({ ...base, user: createMcpElicitationUserChannel() }),
      { ...serverOptions, port: flags.http, host: flags.host },
    );
    if (!['127.0.0.1', 'localhost', '::1'].includes(flags.host)) {
      io.stderr.write(`toolwright: warning: listening on ${flags.host} without authentication; anyone who can reach it can run these tools\n`);
    }
    io.stderr.write(`toolwright: MCP server listening on ${running.url}, ${first.operations.length} tools over ${first.workspace.root}\n`);
    await waitForSignal();
    await running.close();
  });

  return program;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io?: Partial<CliIO>): Promise<number> {
  const fullIO: CliIO = {
    stdout: io?.stdout ?? process.stdout,
    stderr: io?.stderr ?? process.stderr,
    readStdin: io?.readStdin ?? readProcessStdin,
  };
  const exitCode = { value: 0 };
  const program = buildProgram(fullIO, exitCode);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode.value;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end with code 0; commander already printed any problem.
      return error.exitCode === 0 ? 0 : 2;
    }
    fullIO.stderr.write(`toolwright: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
      // Open handles (stdin of a finished stdio server, HTTP keep-alive) must not keep the process up.
      if (servedMcp) setImmediate(() => process.exit(code));
    },
    (error: unknown) => {
      process.stderr.write(`toolwright: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
