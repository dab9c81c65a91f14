// A `secret` value is taken out wherever it appears, not only from its own param: a third party's
// operation whose shell line, URL or JSON quotes the secret (raw, JSON-escaped, URL-encoded, quoted
// for the shell in each way, and combinations), and whose handler quotes it again in its error and
// progress, leaves it in no sink: the approval request (programmatic and MCP elicitation), the
// result (error, the policy's decision), progress, the audit (embedded and PostgreSQL) and spans.
import { join } from 'node:path';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import {
  createProgrammaticUserChannel,
  createToolkit,
  defineProviders,
  openStore,
  ToolError,
  type AnyOperations,
  type ApprovalRequest,
  type HandlerContext,
  type ProgressEvent,
  type Provider,
  type Toolkit,
  type ToolkitOptions,
} from '../../src/index.js';
import { Redactor, secretForms } from '../../src/runtime/secrets/redaction.js';
import type { Store } from '../../src/runtime/store/types.js';
import { handWrittenOperation } from '../support/descriptors.js';
import { tempDir } from '../support/helpers.js';
import { answerApprovals, linkedClient } from '../support/mcp-memory.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';

/** Every form of the secret holds CORE whole: a sink holding CORE holds the secret in some form. */
const CORE = 'Zq9vKx7Lm2';
const SECRET = `${CORE}"\\'$ &/=?%é`;

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const dq = (s: string) => `"${s.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
const ansiC = (s: string) => `$'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
const percentQ = (s: string) => s.replace(/[^A-Za-z0-9_\-.:/@%+=,]/g, (c) => (c.charCodeAt(0) < 0x80 ? `\\${c}` : c));

/** How the shell line quotes the secret. */
const variants: [string, string][] = [
  ['raw', `deploy --token=${SECRET}`],
  ['single-quoted', `deploy --token ${sq(SECRET)}`],
  ['double-quoted', `deploy --token ${dq(SECRET)}`],
  ["$'…'-quoted", `deploy --token ${ansiC(SECRET)}`],
  ['backslash-escaped (printf %q)', `deploy --token ${percentQ(SECRET)}`],
  ['URL-encoded in a URL', `curl https://deploy.test/?token=${encodeURIComponent(SECRET)}&x=1`],
  ['URL-encoded, lower-case hex', `curl https://deploy.test/?token=${encodeURIComponent(SECRET).toLowerCase()}`],
  ['JSON-escaped inside single quotes', `deploy --json ${sq(JSON.stringify({ token: SECRET }))}`],
  ['JSON-escaped inside double quotes', `deploy --json ${dq(JSON.stringify({ token: SECRET }))}`],
  ['twice', `deploy ${sq(SECRET)} && deploy ${dq(SECRET)}`],
];

const deployOp = handWrittenOperation({
  provider: 'ops',
  name: 'deploy',
  kind: 'resource',
  risk: 'high',
  properties: { command: { type: 'string', minLength: 1 }, token: { type: 'string' } },
  required: ['command', 'token'],
  roles: { command: 'command', token: 'secret' },
  idempotent: false,
});

/** A careless handler: reports progress quoting its input, and fails quoting it as JSON, in message and details. */
const handlers = {
  ops: {
    async deploy(params: { command: string; token: string }, ctx: HandlerContext) {
      ctx.progress?.({ progress: 1, message: `running ${params.command} with ${encodeURIComponent(params.token)}` });
      throw new ToolError('INVALID_INPUT', `deploy refused ${JSON.stringify(params)}`, {
        sent: params,
        url: `https://deploy.test/?t=${encodeURIComponent(params.token)}`,
        shell: `echo ${sq(params.token)}`,
      });
    },
  },
};

function opsToolkit(options: Partial<ToolkitOptions> & { workspace: string }): Toolkit<AnyOperations> {
  const providers: Provider[] = defineProviders(
    [{ name: 'ops', description: 'test', operations: [deployOp] }] as never,
    handlers as never,
  );
  return createToolkit({ ...options, providers });
}

function expectNoSecret(where: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  expect(text, where).not.toContain(CORE);
}

let cluster: PgCluster | undefined;
const engines: { name: string; spec: (folder: string) => string }[] = [
  { name: 'embedded', spec: (folder) => join(folder, 'store') },
];
if (pgBinaries || requirePg) engines.push({ name: 'postgres', spec: () => cluster!.url() });

const exporter = new InMemorySpanExporter();
beforeAll(async () => {
  if (engines.length > 1) cluster = await startCluster();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
}, scaled(60_000));
afterAll(async () => {
  trace.disable();
  await cluster?.destroy();
});
afterEach(() => exporter.reset());

describe('the forms a secret is looked for in', () => {
  it('every variant the tests quote is one of them, and the redactor finds each inside other text', () => {
    const forms = secretForms(SECRET);
    const redactor = new Redactor([SECRET], () => '<S>');
    for (const [label, line] of variants) {
      expectNoSecret(label, redactor.text(line));
      expectNoSecret(`${label}, as JSON`, redactor.text(JSON.stringify({ line })));
    }
    expect(forms).toContain(JSON.stringify(SECRET).slice(1, -1));
    expect(forms).toContain(encodeURIComponent(SECRET));
    // JSON with `/` escaped, as PHP's json_encode writes it.
    expect(redactor.text(`{"t":${JSON.stringify(SECRET).replace(/\//g, '\\/')}}`)).toBe('{"t":"<S>"}');
    expect(redactor.text(`a ${SECRET} b ${SECRET}${SECRET} c`)).toBe('a <S> b <S><S> c');
  });

  it('overlapping and long secrets: nothing of a form is left beside the marker, in linear work', () => {
    const long = `${'k'.repeat(300)}-tail-${CORE}`;
    const redactor = new Redactor(['abcabc', long, 'abc'], () => '#');
    expect(redactor.text('xabcabcabcx')).toBe('x#x');
    expect(redactor.text(`<${long}>`)).toBe('<#>');
    // Longer than the prefix looked for: found by its prefix, matched on as far as it goes.
    expect(redactor.text(`<${long.slice(0, 200)}>`)).toBe('<#>');
    // A text made of the secret's first letter over and over is one pass (and no secret).
    const text = 'k'.repeat(200_000);
    expect(redactor.text(text)).toBe('#');
    // Short values are only whole-value redactions: never searched for in text.
    expect(new Redactor(['abc'], () => '#').text('abcabc')).toBe('abcabc');
  });
});

describe.each(variants)('a secret in a shell line, %s', (_label, command) => {
  it('reaches no approval request, progress message, error or decision (library)', async () => {
    const seen: ApprovalRequest[] = [];
    const progress: ProgressEvent[] = [];
    const toolkit = opsToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ provider: 'ops', decision: 'ask' }] },
      user: createProgrammaticUserChannel({
        approve: (request) => {
          seen.push(request);
          return true;
        },
      }),
    });
    const result = await toolkit.invoke(
      'ops',
      'deploy',
      { command, token: SECRET },
      { onProgress: (e) => progress.push(e) },
    );
    expect(seen).toHaveLength(1);
    expectNoSecret('approval request', seen);
    expect(JSON.stringify(seen[0]!.input)).toContain('secret, ');
    expect(result.ok).toBe(false);
    expectNoSecret('result', result);
    expect(result.ok === false && result.error.message).toMatch(/^deploy refused /);
    expect(progress).toHaveLength(1);
    expectNoSecret('progress', progress);
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expectNoSecret(
      'span',
      exporter
        .getFinishedSpans()
        .map((span) => ({ name: span.name, attributes: span.attributes, status: span.status })),
    );
  });

  it('reaches no MCP elicitation or tool result', async () => {
    const toolkit = opsToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ provider: 'ops', decision: 'ask' }] },
      user: createMcpElicitationUserChannel(),
    });
    const { client, close } = await linkedClient(await createMcpServer(toolkit), 'test', { elicitation: {} });
    const messages = answerApprovals(client, true);
    try {
      const result = (await client.callTool({
        name: 'deploy',
        arguments: { command, token: SECRET },
      })) as CallToolResult;
      expect(messages).toHaveLength(1);
      expectNoSecret('elicitation', messages);
      expect(result.isError).toBe(true);
      expectNoSecret('tool result', result);
    } finally {
      await close();
    }
  });
});

describe.each(engines)('the audit keeps no secret ($name)', (engine) => {
  it('in any param, for calls allowed, denied by the policy, or failed', async () => {
    const workspace = await tempDir();
    const store: Store = openStore(engine.spec(await tempDir()), { workspace });
    const scope = `scope-${Math.random().toString(36).slice(2)}`;
    try {
      const allowed = opsToolkit({ workspace, store, storeScope: scope });
      const denied = opsToolkit({
        workspace,
        store,
        storeScope: scope,
        policy: { rules: [{ provider: 'ops', command: 'deploy *', decision: 'deny' }] },
      });
      for (const [, command] of variants) {
        const first = await allowed.invoke('ops', 'deploy', { command, token: SECRET });
        const second = await denied.invoke('ops', 'deploy', { command, token: SECRET });
        expectNoSecret('results', [first, second]);
      }
      await allowed.close();
      await denied.close();
      const entries = (await store.audit.query({ limit: 10_000 })).filter((e) => e.scope === scope);
      expect(entries).toHaveLength(variants.length * 2);
      expectNoSecret('audit', entries);
      expect(entries.some((e) => e.decision === 'deny')).toBe(true);
      expect(JSON.stringify(entries.map((e) => e.input))).toContain('\u27easecret\u27eb');
    } finally {
      await store.close();
    }
  });
});

/** Secrets the shell analyzer's quotes shorten or fold: cut at the quote's end, white space folded. */
const shortened: [string, string, (secret: string) => string][] = [
  ['cut off at the end of a quote', `${CORE}${'A'.repeat(60)}`, (s) => `deploy "$(printf %s '${s}')"`],
  [
    'beginning past column 80 of a line that cannot be checked',
    `${CORE}${'B'.repeat(40)}`,
    (s) => `deploy --flag-padding-padding-padding-padding-padding-pad --token=${s}\r`,
  ],
  ['holding a tab', `${CORE}\tpart2`, (s) => `deploy "$(printf %s '${s}')"`],
  ['holding two spaces', `correct  horse ${CORE}`, (s) => `deploy "$(printf %s '${s}')"`],
  ['holding a line break', `${CORE}\npart2`, (s) => `deploy "$(printf %s '${s}')"`],
];

describe.each(shortened)('a secret %s in a quote of the policy', (_label, secret, line) => {
  it('reaches neither the decision nor the approval request', async () => {
    const seen: ApprovalRequest[] = [];
    const toolkit = opsToolkit({
      workspace: await tempDir(),
      policy: 'askForRisky',
      user: createProgrammaticUserChannel({
        approve: (request) => {
          seen.push(request);
          return true;
        },
      }),
    });
    const result = await toolkit.invoke('ops', 'deploy', { command: line(secret), token: secret });
    expect(seen).toHaveLength(1);
    // The analyzer could not check the line, and says so quoting it.
    expect(JSON.stringify(result.meta.policy)).toMatch(/cannot be|not decided|is not/);
    expectNoSecret('decision', result.meta.policy);
    expectNoSecret('approval request', seen);
    expectNoSecret('result', result);
  });
});
