#!/usr/bin/env node
// The `toolwright` command: list the tools, call one, or serve them all over MCP. The program (every
// verb and flag) is defined here; each verb's work lives in src/cli/<verb>.ts and is loaded only
// when that verb runs, so `call read_file` never loads the MCP SDK.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command as CommandType } from 'commander';
import { lazyRequire } from './runtime/startup/lazy-require.js';
import { collectEach, EXIT_TOOL_ERROR, EXIT_USAGE, UsageError } from './cli/usage.js';
import type { ToolkitFlags } from './cli/toolkit-flags.js';
import type { McpFlags } from './cli/mcp.js';
import { registerPolicyCommand } from './cli/policy.js';
import { registerGenerateCommand } from './cli/generate.js';
import { registerStoreCommand } from './cli/store.js';
import { registerAuditCommand } from './cli/audit.js';
import { registerApprovalsCommand } from './cli/approvals.js';
import { registerInitCommand } from './cli/init.js';
import { integerAtLeast, parseEditFormat, parseList, parsePort, parseQuirksMode } from './cli/option-values.js';
import { CALL_OPTIONS, PRESET_NAMES, TOOLKIT_OPTIONS, type OptionSpec } from './cli/toolkit-option-table.js';
import { plainCallArgv } from './cli/call-argv.js';
import { inertText } from './runtime/text/control-text.js';

// Required, not imported: commander is CommonJS, and through the ESM loader it cost twice the time.
// Required on first use: `--version` alone is answered without it.
const commander = lazyRequire<typeof import('commander')>('commander');
type Command = CommandType;

/** Where the CLI reads and writes; tests pass their own. */
export interface CliIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Read in full for `call <op> -`. */
  readStdin: () => Promise<string>;
}

/** Set once `mcp` served: its open handles (stdin, sockets) must not keep the process alive after. */
let servedMcp = false;

const DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;

const EXAMPLES = `
Examples:
  $ toolwright schema                                   list the tools
  $ toolwright schema read_file                         one tool's parameters
  $ toolwright call read_file '{"path":"README.md","limit":20}'
  $ echo '{"pattern":"TODO"}' | toolwright call grep -
  $ toolwright mcp --workspace ~/project                MCP over stdio
  $ toolwright mcp --http 8765                          MCP over Streamable HTTP at http://127.0.0.1:8765/mcp
  $ toolwright mcp --provider ./dist/git-provider.js    serve your own providers beside the reference ones
  $ toolwright generate catalog.yaml --check            is the generated code up to date?
  $ toolwright store migrate --store postgres://tw@db.internal/toolwright   bring a store's schema up to date
  $ toolwright audit -w ~/project --since 1h            the calls of the last hour, from the workspace's store
  $ toolwright approvals list --store postgres://tw@db.internal/toolwright   the calls parked for a decision
  $ toolwright init provider my-provider               scaffold a provider package

schema, call and mcp take:
  -w, --workspace <dir>    folder every path is confined to (default: the current folder)
  --allow-private-network  let web_fetch reach loopback/private addresses (blocked by default)
  --policy <file|preset>   allow/ask/deny rules (YAML or agent.hcl) or a preset: ${PRESET_NAMES};
                           "ask" prompts on the terminal (call) or through MCP elicitation (mcp)
  --profile <patterns>     expose only matching tools, e.g. "filesystem.*,search.grep"
  --tasks-file <file>      keep the task list in a JSON file instead of in memory
  --store <url>            keep tasks, jobs and the audit in a store: postgres://user:password@host/db
                           (shared by replicas), a folder outside the workspace, or "embedded" (the
                           workspace's state folder, $XDG_STATE_HOME/toolwright/<digest>)
  --sandbox <mode>         run bash in bubblewrap: none (default), workspace-write, read-only
  --network-allow <host>   sandboxed bash reaches this host through a proxy (repeatable); also
                           --network all|none, --network-methods read, --network-allow-private,
                           --network-credential ENV=HOST,… (see docs/security.md)
  --provider <module>      also serve a module's providers export (repeatable), e.g. ./dist/providers.js
  --list-all-tools         also list tools that cannot work here (no search backend, no user, denied)

Environment: TOOLWRIGHT_SEARCH_URL (SearXNG) or TOOLWRIGHT_BRAVE_API_KEY enable web_search;
TOOLWRIGHT_MCP_TOKEN is the bearer token of \`mcp --http\`; TOOLWRIGHT_STORE_URL is the default of --store;
XDG_STATE_HOME holds the workspaces' state folders (default ~/.local/state).
Exit codes: 0 success, 1 the tool returned an error, 2 usage error (bad flag or JSON, unknown tool).`;

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0';
  }
}

function withToolkitOptions(command: Command, first: readonly OptionSpec[] = []): Command {
  for (const option of [...first, ...TOOLKIT_OPTIONS])
    if (option.parse) command.option(option.flags, option.description, option.parse);
    else command.option(option.flags, option.description);
  return command;
}

/** The JWT flags of `mcp --http`. */
function withJwtOptions(command: Command): Command {
  return command
    .option(
      '--auth-jwks <url>',
      "require JWT access tokens (--http) verified against this JWKS URL (the issuer's keys); the token's iss|sub is the principal",
    )
    .option('--auth-audience <aud>', 'the audience JWT access tokens must carry (with --auth-jwks)')
    .option(
      '--auth-issuer <iss>',
      'the issuer JWT access tokens must carry; served as the authorization server in /.well-known/oauth-protected-resource',
    )
    .option(
      '--auth-resource <url>',
      'the resource identifier served in the metadata document (default: http://<Host><path>)',
    )
    .option(
      '--auth-scope-claim <claim>',
      'the JWT claim whose values choose the policy of each call (scope: space-separated; roles: a list), with --auth-scope-policy',
    )
    .option(
      '--auth-scope-policy <value=policy>',
      'the policy (preset or file) for calls whose token holds this value of the scope claim (repeatable; the first listed that the token holds wins; a token holding none is refused)',
      collectEach,
    );
}

/** `toolwright mcp`: serves every tool over stdio or Streamable HTTP. */
function registerMcpCommand(program: Command, io: CliIO, exitCode: { value: number }): void {
  withToolkitOptions(
    withJwtOptions(program.command('mcp'))
      .description('Serve every tool over MCP: stdio by default, Streamable HTTP with --http')
      .option('--http <port>', 'serve Streamable HTTP on this port (0 picks a free one) instead of stdio', parsePort)
      .option('--host <address>', 'interface for --http; anything but loopback requires a bearer token', '127.0.0.1')
      .option(
        '--auth-token <token>',
        'bearer token clients must send (--http); prefer the TOOLWRIGHT_MCP_TOKEN variable, which `ps` does not show',
      )
      .option('--stateless', 'no sessions (--http): every request self-contained, for replicas behind a load balancer')
      .option(
        '--session-idle-timeout <seconds>',
        'close a session unused this long (--http; default 900)',
        integerAtLeast(1),
      )
      .option(
        '--max-sessions <n>',
        "most live sessions (--http; default 100); a new one evicts its own principal's least recently used idle one",
        integerAtLeast(1),
      )
      .option(
        '--max-sessions-per-principal <n>',
        'most live sessions of one JWT principal (--http; default 25); its own least recently used idle one makes room',
        integerAtLeast(1),
      )
      .option(
        '--max-running-tasks <n>',
        'MCP tasks one principal has working at once (default 16; with --store counted across replicas)',
        integerAtLeast(1),
      )
      .option(
        '--max-stored-tasks <n>',
        'MCP task records one principal keeps (default 200); its own oldest ended one makes room',
        integerAtLeast(1),
      )
      .option(
        '--max-stored-task-bytes <n>',
        'bytes of MCP task results one principal keeps (default 67108864); its own oldest ended ones make room',
        integerAtLeast(1),
      )
      .option(
        '--approvals',
        'park an ask nobody can be asked about at once (no elicitation, headless client) for an operator to decide (/approvals with --http, `toolwright approvals`) instead of refusing it; needs --store',
      )
      .option(
        '--approval-timeout <seconds>',
        'a parked call nobody decides within this long is denied (--approvals; default 300)',
        integerAtLeast(1),
      )
      .option(
        '--approver-claim <name=value>',
        'JWT principals whose claim NAME holds VALUE (a string or one of an array) may decide at /approvals (--http --approvals)',
      )
      .option(
        '--approver-tokens <file>',
        'bearer tokens (one a line) that may decide at /approvals (--http --approvals); with --auth-token, that token is an approver only if listed',
      )
      .option(
        '--allowed-hosts <names>',
        'extra host names accepted in the Host header (--http), e.g. "mcp.example.com"',
        parseList,
      )
      .option(
        '--max-result-bytes <n>',
        'cap on one tool result (text and structured output together)',
        integerAtLeast(1024),
        DEFAULT_MAX_RESULT_BYTES,
      )
      .option(
        '--edit-format <format>',
        "list only the edit tools of one format: str_replace (edit_file, multi_edit), apply_patch, or auto (by the client's name: apply_patch for Codex, str_replace otherwise) (default: all)",
        parseEditFormat,
      )
      .option(
        '--client-quirks <mode>',
        'adapt to known clients by the name they send (auto), or not at all (off)',
        parseQuirksMode,
        'auto',
      )
      .addHelpText(
        'after',
        `
Claude Desktop / Claude Code / Cursor configuration (stdio), from a checkout or an installed tarball:
  { "mcpServers": { "toolwright": { "command": "node", "args": ["/path/to/toolwright/dist/cli.js", "mcp", "--workspace", "/path/to/project"] } } }`,
      ),
  ).action(async (flags: McpFlags) => {
    servedMcp = true;
    const { runMcp } = await import('./cli/mcp.js');
    exitCode.value = await runMcp(io, flags);
  });
}

function registerSchemaCommand(program: Command, io: CliIO, exitCode: { value: number }): void {
  withToolkitOptions(
    program
      .command('schema')
      .description("List the tools (name, kind, risk), or show one tool's description and parameters")
      .argument('[tool]', 'a tool name (read_file) or id (filesystem.read_file)')
      .option('--json', "print JSON: the whole schema, or the one tool's"),
  ).action(async (tool: string | undefined, flags: ToolkitFlags & { json?: boolean }) => {
    const { runSchema } = await import('./cli/schema.js');
    exitCode.value = await runSchema(io, tool, flags);
  });
}

function registerCallCommand(program: Command, io: CliIO, exitCode: { value: number }): void {
  withToolkitOptions(
    program
      .command('call')
      .description('Call one tool and print its text (exit 1 if the tool returns an error, 2 for an unknown tool)')
      .argument('<tool>', 'a tool name (read_file) or id (filesystem.read_file)')
      .argument('[json]', 'the arguments as a JSON object; "-" reads them from stdin', '{}'),
    CALL_OPTIONS,
  ).action(async (tool: string, json: string, flags: ToolkitFlags & { json?: boolean }) => {
    const { runCall } = await import('./cli/call.js');
    exitCode.value = await runCall(io, tool, json, flags);
  });
}

type RegisterVerb = (program: Command, io: CliIO, exitCode: { value: number }) => void;

/** Every verb and how it registers its command, in the order help lists them. */
const VERBS: Readonly<Record<string, RegisterVerb>> = {
  schema: registerSchemaCommand,
  call: registerCallCommand,
  mcp: registerMcpCommand,
  policy: registerPolicyCommand,
  generate: (program, io, exitCode) => registerGenerateCommand(program, io, exitCode, packageVersion()),
  store: registerStoreCommand,
  audit: registerAuditCommand,
  approvals: registerApprovalsCommand,
  init: (program, io, exitCode) => registerInitCommand(program, io, exitCode, packageVersion()),
};

/**
 * Builds the commander program; `exitCode.value` carries the outcome of an action. With `only`,
 * the program holds that verb alone: it parses that verb's arguments exactly as the whole program
 * does, without declaring every other verb's options first.
 */
export function buildProgram(io: CliIO, exitCode: { value: number }, only?: string): Command {
  const program = new (commander().Command)('toolwright')
    .description(
      'Reference tool providers for AI agents (files, search, shell, web, tasks, sub-agents, questions): list them, call one, or serve them over MCP.',
    )
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // Commander's errors quote the arguments given, which a script may have taken from anywhere.
      outputError: (s, write) => write(inertText(s)),
    })
    .exitOverride()
    .addHelpText('after', EXAMPLES);

  for (const [name, register] of Object.entries(VERBS)) {
    if (only === undefined || only === name) register(program, io, exitCode);
  }
  return program;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io?: Partial<CliIO>): Promise<number> {
  const fullIO: CliIO = {
    stdout: io?.stdout ?? process.stdout,
    stderr: io?.stderr ?? process.stderr,
    readStdin: io?.readStdin ?? readProcessStdin,
  };
  // What commander prints for these, without loading it (a version check should cost little more than node).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    fullIO.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const exitCode = { value: 0 };
  try {
    const plainCall = argv[0] === 'call' ? plainCallArgv(argv.slice(1)) : undefined;
    if (plainCall) {
      const { runCall } = await import('./cli/call.js');
      return await runCall(fullIO, plainCall.tool, plainCall.json, plainCall.flags);
    }
    // A known verb is parsed by a program holding only that verb (declaring all the others cost a
    // `call` about 3 ms); anything else (help, no verb, a mistyped verb and its "did you mean") sees them all.
    const verb = argv[0] !== undefined && Object.hasOwn(VERBS, argv[0]) ? argv[0] : undefined;
    await buildProgram(fullIO, exitCode, verb).parseAsync([...argv], { from: 'user' });
    return exitCode.value;
  } catch (error) {
    if (error instanceof commander().CommanderError) {
      // Help and --version end with code 0; commander already printed any problem.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    // Messages quote untrusted text (JSON input, a policy file's names, paths): never raw to the terminal.
    fullIO.stderr.write(`toolwright: ${inertText(String((error as Error)?.message ?? error))}\n`);
    return error instanceof UsageError ? EXIT_USAGE : EXIT_TOOL_ERROR;
  }
}

function readProcessStdin(): Promise<string> {
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.once('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    process.stdin.once('error', reject);
  });
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

/** A reader that went away (`| head`) ends the process quietly, whatever verb was writing. */
function exitQuietlyOnBrokenPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      process.exit(
        error.code === 'EPIPE' ? (typeof process.exitCode === 'number' ? process.exitCode : 0) : EXIT_TOOL_ERROR,
      );
    });
  }
}

if (isMain()) {
  exitQuietlyOnBrokenPipe();
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
      // Open handles (stdin of a finished stdio server, HTTP keep-alive) must not keep the process up.
      if (servedMcp) setImmediate(() => process.exit(code));
    },
    (error: unknown) => {
      process.stderr.write(`toolwright: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = EXIT_TOOL_ERROR;
    },
  );
}
