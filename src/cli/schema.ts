// `toolwright schema [tool]`: the tool list (name, kind, risk, policy verdict) or one tool's parameters.
import { unknownToolMessage } from '../adapters/dispatch.js';
import type { JsonSchema, OperationDescriptor } from '../runtime/contract/descriptor.js';
import { compilePolicyFor } from '../runtime/policy/index.js';
import { buildToolkit } from '../runtime/toolkit/toolkit.js';
import { unmetRequirement } from '../runtime/toolkit/toolkit-services.js';
import type { ToolkitOf } from '../runtime/contract/types.js';
import type { CliIO } from '../cli.js';
import type { ToolkitFlags } from './toolkit-flags.js';
import { toolkitOptions } from './toolkit-options.js';
import { UsageError } from './usage.js';
import { inertJson, inertText } from '../runtime/text/control-text.js';

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

function renderToolList(toolkit: ToolkitOf): string {
  const policy =
    toolkit.options.policy === undefined
      ? undefined
      : compilePolicyFor(
          toolkit.options.policy,
          toolkit.options.providers.flatMap((p) => p.operations),
        );
  const listed = toolkit.operations;
  const lines = [`${listed.length} tools over ${toolkit.workspace.root}`];
  const width = Math.max(0, ...listed.map((op) => op.name.length)) + 2;
  for (const provider of toolkit.getSchema()) {
    lines.push('', `${provider.name}: ${provider.description}`);
    for (const op of provider.operations) {
      const flags = [op.idempotent ? 'idempotent' : '', op.open_world ? 'open-world' : ''].filter(Boolean).join(', ');
      const descriptor = toolkit.find(op.id);
      const decision = policy && descriptor ? policy.decide(descriptor).decision : 'allow';
      const verdict = decision === 'allow' ? '' : `  [policy: ${decision}]`;
      lines.push(
        `  ${pad(op.name, width)}${pad(op.kind, 13)}${pad(op.risk, 11)}${op.title}${flags ? `  (${flags})` : ''}${verdict}`,
      );
    }
  }
  const all = toolkit.options.listAll ? undefined : buildToolkit({ ...toolkit.options, listAll: true });
  const hidden = (all?.operations ?? [])
    .filter((op) => !listed.includes(op))
    .map((op) => {
      const why = unmetRequirement(op, all!.services);
      return why === undefined ? op.name : `${op.name} (${why})`;
    });
  if (hidden.length > 0)
    lines.push('', `Not listed because they cannot work here: ${hidden.join('; ')} (--list-all-tools shows them).`);
  lines.push('', 'Run `toolwright schema <tool>` for its parameters, or add --json for the full schema.');
  return lines.join('\n');
}

function describeParam(name: string, schema: JsonSchema, required: boolean, role: unknown): string {
  const type = Array.isArray(schema.type)
    ? schema.type.join('|')
    : typeof schema.type === 'string'
      ? schema.type
      : JSON.stringify(schema.type ?? 'any');
  const facts = [type, required ? 'required' : 'optional'];
  if (typeof role === 'string') facts.push(`role ${role}`);
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  if (Array.isArray(schema.enum)) facts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined) facts.push(`>= ${JSON.stringify(schema.minimum)}`);
  if (schema.maximum !== undefined) facts.push(`<= ${JSON.stringify(schema.maximum)}`);
  const description =
    typeof schema.description === 'string' ? ` — ${schema.description.replace(/\s+/g, ' ').trim()}` : '';
  return `  ${name} (${facts.join(', ')})${description}`;
}

function renderOperation(op: OperationDescriptor): string {
  const properties = (op.params.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((op.params.required as string[] | undefined) ?? []);
  return [
    `${op.name} (${op.id}) — ${op.title}`,
    `kind ${op.kind} · risk ${op.risk}${op.riskNote ? ` (${op.riskNote})` : ''} · ${op.idempotent ? 'idempotent' : 'not idempotent'} · ${op.openWorld ? 'open world' : 'closed world'}`,
    ...(op.requires?.length ? [`needs: ${op.requires.join(', ')}`] : []),
    '',
    op.description.trim(),
    '',
    'Parameters:',
    ...(Object.keys(properties).length === 0
      ? ['  (none)']
      : Object.entries(properties).map(([name, schema]) =>
          describeParam(name, schema, required.has(name), op.roles?.[name]),
        )),
    '',
    `Errors: ${op.errors.join(', ') || '(only the common ones)'}`,
  ].join('\n');
}

export async function runSchema(
  io: CliIO,
  tool: string | undefined,
  flags: ToolkitFlags & { json?: boolean },
): Promise<number> {
  const toolkit = buildToolkit(await toolkitOptions(flags));
  if (tool === undefined) {
    // A provider's catalog text (titles, descriptions) is a third party's: inert on the terminal.
    io.stdout.write(
      `${flags.json ? inertJson(JSON.stringify(toolkit.getSchema(), null, 2)) : inertText(renderToolList(toolkit))}\n`,
    );
    return 0;
  }
  const op = toolkit.find(tool);
  if (!op)
    throw new UsageError(
      unknownToolMessage(
        tool,
        toolkit.operations.map((o) => o.name),
      ),
    );
  const schema = buildToolkit({ ...toolkit.options, listAll: true })
    .getSchema()
    .flatMap((p) => p.operations)
    .find((o) => o.id === op.id);
  io.stdout.write(`${flags.json ? inertJson(JSON.stringify(schema, null, 2)) : inertText(renderOperation(op))}\n`);
  return 0;
}
