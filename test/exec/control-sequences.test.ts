// What a model or an operator's terminal reads carries no control sequence unless a terminal was
// asked for: bash, bash_output and shell_read output without a pty, error texts, progress, the
// CLI's printing and every column of `toolwright audit` show escape sequences, C1 controls, a lone
// carriage return, bidi overrides and isolates and zero-width characters as visible escapes; a
// pty's output stays raw. Through the library, the CLI, and MCP over stdio and HTTP.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import type { BashResult, ShellReadResult } from '../../src/generated/types.js';
import { createToolkit, defineProviders, openStore, type HandlerContext, type Provider } from '../../src/index.js';
import { inertJson, inertLine, inertText } from '../../src/runtime/text/control-text.js';
import { cli, root } from '../support/cli.js';
import { handWrittenOperation } from '../support/descriptors.js';
import { readJobToEnd } from '../support/exec-helpers.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

/** Printed by the command: clear screen, an OSC 8 link, a bidi override and isolate, C1 CSI, DEL, a lone CR, a zero-width space. */
const PRINT =
  "printf '\\033[2Jclear \\033]8;;http://evil.test\\033\\\\link\\033]8;;\\033\\\\ \\xe2\\x80\\xaeevil \\xe2\\x81\\xa6iso\\xe2\\x81\\xa9 \\xc2\\x9b31m \\x7f hidden\\rshown \\xe2\\x80\\x8bzw\\r\\nend\\tTAB\\n'";
/** Every one of them, as a character. */
const RAW = ['\u001b', '\u202e', '\u2066', '\u2069', '\u009b', '\u007f', '\u200b'];
/** What the model sees instead. */
const VISIBLE = [
  '\\u001b[2Jclear',
  '\\u001b]8;;http://evil.test\\u001b\\link',
  '\\u202eevil',
  '\\u2066iso\\u2069',
  '\\u009b31m',
  '\\u007f',
  'hidden\\rshown',
  '\\u200bzw',
];

function expectInert(where: string, text: string): void {
  for (const ch of RAW) expect(text.includes(ch), `${where} holds U+${ch.charCodeAt(0).toString(16)}`).toBe(false);
  expect(/\r(?!\n)/.test(text), `${where} holds a lone carriage return`).toBe(false);
}

function expectVisible(where: string, text: string): void {
  expectInert(where, text);
  for (const shown of VISIBLE) expect(text, where).toContain(shown);
  // Line ends (CRLF too) and tabs are kept as they are.
  expect(text, where).toContain('\r\nend\tTAB\n');
}

describe('the escaper', () => {
  it('escapes controls, sequences and invisible format characters, and keeps newlines, tabs and CRLF', () => {
    expect(inertText('a\u001b[31mb\u202ec\u2028d\r\ne\rf\tg\n\u{e0041}')).toBe(
      'a\\u001b[31mb\\u202ec\\u2028d\r\ne\\rf\tg\n\\udb40\\udc41',
    );
    expect(inertLine('a\nb\tc\r\nd\u0085')).toBe('a\\nb\\tc\\r\\nd\\u0085');
    const json = JSON.stringify({ s: 'x\u001b\u009b\u202e\u007f' });
    expect(inertJson(json)).toBe('{"s":"x\\u001b\\u009b\\u202e\\u007f"}');
    expect(JSON.parse(inertJson(json))).toEqual(JSON.parse(json));
    const plain = 'nothing to do here\n';
    expect(inertText(plain)).toBe(plain);
  });
});

describe('through the library', () => {
  it('bash without a pty: stdout, stderr and the text are inert; with a pty they are raw', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    try {
      const piped = await toolkit.invoke('exec', 'bash', { command: `${PRINT}; ${PRINT} >&2` });
      const out = expectOk<BashResult>(piped);
      expectVisible('stdout', out.stdout);
      expectVisible('stderr', out.stderr);
      expectInert('text', piped.text);
      const terminal = expectOk<BashResult>(await toolkit.invoke('exec', 'bash', { command: PRINT, pty: true }));
      expect(terminal.stdout).toContain('\u001b[2Jclear');
      expect(terminal.stdout).toContain('\u202eevil');
    } finally {
      await toolkit.close();
    }
  });

  it('bash_output of a background job: inert without a pty, raw with one; the job listing too', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    try {
      for (const pty of [false, true]) {
        const started = expectOk<BashResult>(
          await toolkit.invoke('exec', 'bash', {
            command: `${PRINT}; echo '\u001b[2Jcmd'`,
            run_in_background: true,
            pty,
          }),
        );
        const read = await readJobToEnd(toolkit, started.job_id!);
        if (pty) expect(read.output).toContain('\u001b[2Jclear');
        else expectVisible('job output', read.output);
      }
      const listed = await toolkit.invoke('exec', 'bash_output', {});
      expect(listed.ok).toBe(true);
      expectInert('job listing', listed.text);
      expect(listed.text).toContain("echo '\\u001b[2Jcmd'");
    } finally {
      await toolkit.close();
    }
  });

  it('shell_read of a file holding escape sequences is inert', async () => {
    const workspace = await tempDir();
    await writeFile(join(workspace, 'log.txt'), '\u001b[2Jclear \u202eevil \u009b31m\n');
    const toolkit = createToolkit({ workspace });
    try {
      const result = await toolkit.invoke('exec', 'shell_read', { command: 'cat log.txt' });
      const output = expectOk<ShellReadResult>(result);
      expectInert('shell_read', JSON.stringify(output) + result.text);
      expect(result.text).toContain('\\u001b[2Jclear \\u202eevil \\u009b31m');
    } finally {
      await toolkit.close();
    }
  });

  it('error texts: a path, an operation name or a handler message with escapes is inert', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    try {
      const missing = await toolkit.invoke('filesystem', 'read_file', { path: '\u001b[2Jgone\u202e.txt' });
      expect(missing.ok).toBe(false);
      expectInert('NOT_FOUND', missing.text + (missing.ok ? '' : missing.error.message));
      expect(missing.text).toContain('\\u001b[2Jgone\\u202e.txt');
      const unknown = await toolkit.invoke('filesystem', 'read\u001b[2J_file' as 'read_file', { path: 'a' });
      expect(unknown.ok).toBe(false);
      expectInert('UNKNOWN_OPERATION', unknown.text);
      const guard = await toolkit.invoke('file\u009bsystem' as 'filesystem', 'read_file', { path: 'a' });
      expectInert('unknown provider', guard.text);
    } finally {
      await toolkit.close();
    }
  });

  it('file names in listings are inert in the text (glob, list_directory, grep), and as they are in the output', async () => {
    const workspace = await tempDir();
    // An OSC 8 link, BEL, clear screen, a bidi override, a zero-width space, backspace, C1 CSI, a lone CR.
    const name = 'a\u001b]8;;http:x\u0007b\u001b[2J\u202ec\u200bd\be\u009bf\rg';
    await writeFile(join(workspace, `${name}.txt`), 'needle\n');
    await writeFile(join(workspace, 'plain.txt'), 'needle\n');
    const toolkit = createToolkit({ workspace });
    const calls = [
      await toolkit.invoke('search', 'glob', { pattern: '*.txt' }),
      await toolkit.invoke('filesystem', 'list_directory', { path: '.' }),
      await toolkit.invoke('search', 'grep', { pattern: 'needle' }),
    ];
    for (const result of calls) {
      expect(result.ok).toBe(true);
      for (const char of [...RAW, '\u0007', '\b', '\r']) expect(result.text).not.toContain(char);
      expect(result.text).toContain(inertLine(name));
      expect(result.text).toContain('plain.txt');
      // The output keeps the name itself: a call that passes it back reaches the file.
      expect(JSON.stringify(result.ok && result.output)).toContain(JSON.stringify(name).slice(1, -1));
    }
    const read = await toolkit.invoke('filesystem', 'read_file', { path: `${name}.txt` });
    expect(read.ok && read.text).toContain('needle');
  });

  it('progress messages a handler sends are inert', async () => {
    const noisy = handWrittenOperation({
      provider: 'noisy',
      name: 'noisy_step',
      kind: 'data_source',
      risk: 'read_only',
      properties: {},
      required: [],
      roles: {},
      idempotent: true,
    });
    const providers: Provider[] = defineProviders(
      [{ name: 'noisy', description: 'test', operations: [noisy] }] as never,
      {
        noisy: {
          noisy_step: (_params: unknown, ctx: HandlerContext) => {
            ctx.progress?.({ progress: 1, message: 'reading \u001b[2J\u202eevil\u009b31m' });
            return {};
          },
        },
      } as never,
    );
    const toolkit = createToolkit({ workspace: await tempDir(), providers });
    const messages: string[] = [];
    await toolkit.invoke('noisy', 'noisy_step', {}, { onProgress: (event) => messages.push(event.message ?? '') });
    expect(messages).toEqual(['reading \\u001b[2J\\u202eevil\\u009b31m']);
  });
});

describe('through the CLI', () => {
  it('`call` prints inert text (and JSON), unless bash ran in a pty', async () => {
    const workspace = await tempDir();
    const plain = await cli(['call', 'bash', JSON.stringify({ command: PRINT }), '-w', workspace]);
    expect(plain.code).toBe(0);
    expectVisible('call bash', plain.out);
    const json = await cli(['call', 'bash', JSON.stringify({ command: PRINT }), '-w', workspace, '--json']);
    expectInert('call --json', json.out);
    expect((JSON.parse(json.out) as { output: BashResult }).output.stdout).toContain('\\u001b[2Jclear');
    const failed = await cli(['call', 'read_file', JSON.stringify({ path: 'x\u001b[2J\u202e' }), '-w', workspace]);
    expect(failed.code).toBe(1);
    expectInert('call error', failed.err);
    const terminal = await cli(['call', 'bash', JSON.stringify({ command: PRINT, pty: true }), '-w', workspace]);
    expect(terminal.out).toContain('\u001b[2Jclear');
  });

  it('`audit` escapes every column: operation names, principals, inputs, in the table and the JSON', async () => {
    const workspace = await tempDir();
    const spec = join(await tempDir(), 'store');
    const store = openStore(spec, { workspace });
    const forged = {
      scope: workspace,
      risk: 'low',
      decision: 'allow',
      rule: null,
      error_code: null,
      duration_ms: 1,
    };
    await store.audit.appendMany([
      {
        ...forged,
        time: new Date(),
        principal: 'https://idp.test|mallory\u202e\u2066',
        operation: 'exec.bash',
        input: {},
      },
      {
        ...forged,
        time: new Date(),
        principal: 'alice',
        operation: 'fake.op\u001b[1A\u001b[2K\r2026-01-01 alice exec.bash allow',
        input: { note: '\u009b2J\u200b' },
      },
      { ...forged, time: new Date(), principal: 'bob\n2026-01-01 root', operation: 'exec.bash', input: {} },
    ]);
    await store.close();
    const table = await cli(['audit', '--store', spec]);
    expect(table.code).toBe(0);
    expectInert('audit table', table.out);
    // One line per entry (and the header): nothing forged a line.
    expect(table.out.trimEnd().split('\n')).toHaveLength(4);
    expect(table.out).toContain('mallory\\u202e\\u2066');
    expect(table.out).toContain('fake.op\\u001b[1A\\u001b[2K\\r2026');
    expect(table.out).toContain('bob\\n2026');
    const json = await cli(['audit', '--store', spec, '--json']);
    expectInert('audit --json', json.out);
    expect(
      json.out
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { principal: string }).principal),
    ).toEqual(['https://idp.test|mallory\u202e\u2066', 'alice', 'bob\n2026-01-01 root']);
  });
});

describe('through MCP', () => {
  async function check(client: Client): Promise<void> {
    const piped = (await client.callTool({ name: 'bash', arguments: { command: PRINT } })) as CallToolResult;
    expectInert('MCP result', JSON.stringify(piped.content) + JSON.stringify(piped.structuredContent));
    expect(JSON.stringify(piped.structuredContent)).toContain('\\\\u001b[2Jclear');
    const terminal = (await client.callTool({
      name: 'bash',
      arguments: { command: PRINT, pty: true },
    })) as CallToolResult;
    expect((terminal.structuredContent as { stdout: string }).stdout).toContain('\u001b[2Jclear');
  }

  it('over stdio', { timeout: scaled(60_000) }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtCli(), 'mcp', '--workspace', await tempDir()],
      cwd: root,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await check(client);
    } finally {
      await client.close();
    }
  });

  it('over HTTP', { timeout: scaled(30_000) }, async () => {
    const workspace = await tempDir();
    const server = await startMcpHttpServer(({ session }) => createToolkit({ workspace, session }), {});
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      await check(client);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
