// The bodies of `toolwright policy check` and `policy test`, loaded when one of them runs. Their
// runtime modules are imported statically: one import point, so they load as one chunk.
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { operations } from '../generated/registry.js';
import {
  compilePolicyFor,
  POLICY_PRESETS,
  type CompiledPolicy,
  type PolicyDecision,
  type PolicyOptions,
  type PolicyRule,
} from '../runtime/policy/index.js';
import { didYouMean } from '../runtime/policy/errors.js';
import { parsePolicyTextFor } from '../runtime/policy/formats/load.js';
import { loadBashParser } from '../runtime/policy/shell/analyser.js';
import { classifyReadOnly, type ReadOnlyVerdict } from '../runtime/policy/shell/read-only.js';
import { Workspace } from '../runtime/workspace.js';
import { UsageError } from './usage.js';

export interface PolicyVerbIO {
  stdout: { write(chunk: string): unknown };
}

async function load(
  spec: string,
  deferExamples: boolean,
): Promise<{ policy: PolicyOptions; compiled: CompiledPolicy }> {
  if (Object.hasOwn(POLICY_PRESETS, spec))
    return { policy: spec as PolicyOptions, compiled: compilePolicyFor(spec as PolicyOptions, operations) };
  let text: string;
  try {
    text = await readFile(path.resolve(spec), 'utf8');
  } catch (error) {
    const presets = Object.keys(POLICY_PRESETS);
    throw new UsageError(
      `${spec}: cannot read the policy file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), and it is not a preset (${presets.join(', ')})${didYouMean(spec, presets).replace(/^ \((.*)\)$/, '; $1')}`,
      { cause: error },
    );
  }
  try {
    return await parsePolicyTextFor(text, spec, { deferExamples, operations });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function describeRule(rule: PolicyRule | undefined, index: number | 'default', fallback: string): string {
  if (index === 'default' || !rule) return `default (${fallback})`;
  const fields = (['provider', 'operation', 'kind', 'risk', 'command', 'path', 'host'] as const)
    .filter((k) => rule[k] !== undefined)
    .map((k) => `${k}=${JSON.stringify(rule[k])}`);
  return `rule ${index}: ${fields.join(' ')} → ${rule.decision}`;
}

function render(decision: PolicyDecision, compiled: CompiledPolicy): string {
  const lines = [
    `decision: ${decision.decision}`,
    `rule: ${describeRule(compiled.rules[decision.rule as number], decision.rule, compiled.fallback)}`,
  ];
  if (decision.reason) lines.push(`reason: ${decision.reason}`);
  if (decision.commands) {
    lines.push(`commands (${decision.commands.length}; the call gets the strictest):`);
    for (const c of decision.commands) {
      const notes = [
        c.rule === 'default' ? 'default' : `rule ${c.rule}`,
        ...(c.via ? [`via ${c.via.join(' → ')}`] : []),
        ...(c.writes ? [`writes ${c.writes.join(', ')}`] : []),
        ...(c.opaque ? [`opaque: ${c.opaque}`] : []),
      ];
      lines.push(`  ${c.decision.padEnd(5)}  ${c.command}   [${notes.join('; ')}]`);
    }
  }
  return lines.join('\n');
}

export interface CheckFlags {
  policy: string;
  workspace?: string;
  json?: boolean;
}

/** `policy check`: decides one call and prints the decision; exit 0 when allowed, 1 otherwise. */
export async function checkCall(
  operation: string,
  json: string,
  flags: CheckFlags,
  io: PolicyVerbIO,
  exitCode: { value: number },
): Promise<void> {
  const { compiled } = await load(flags.policy, false);
  const op = operations.find((o) => o.name === operation || o.id === operation);
  if (!op)
    throw new UsageError(`no operation named "${operation}" (operations: ${operations.map((o) => o.name).join(', ')})`);
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new UsageError('the input must be a JSON object, e.g. \'{"command":"git status"}\'');
  let root: string;
  try {
    root = realpathSync(path.resolve(flags.workspace ?? process.cwd()));
  } catch {
    throw new UsageError(`--workspace ${flags.workspace}: not an existing folder`);
  }
  const workspace = new Workspace(root);
  const decision = await compiled.decideCall(op, input, {
    workspaceRoot: workspace.root,
    resolve: (p) => workspace.resolve(p),
  });
  // shell_read also refuses what its classifier cannot prove read-only, whatever the policy says.
  let readOnly: ReadOnlyVerdict | undefined;
  if (op.name === 'shell_read' && typeof (input as { command?: unknown }).command === 'string') {
    await loadBashParser();
    readOnly = classifyReadOnly((input as { command: string }).command);
  }
  const shown = flags.json
    ? JSON.stringify(readOnly ? { ...decision, shell_read: readOnly } : decision, null, 2)
    : render(decision, compiled) +
      (readOnly
        ? `\nshell_read: ${readOnly.ok ? 'accepted (read-only)' : `refused: \`${readOnly.command}\`: ${readOnly.reason}`}`
        : '');
  io.stdout.write(`${shown}\n`);
  exitCode.value = decision.decision === 'allow' && (!readOnly || readOnly.ok) ? 0 : 1;
}

/** `policy test`: runs every rule's examples; exit 1 when one fails. */
export async function testExamples(file: string, io: PolicyVerbIO, exitCode: { value: number }): Promise<void> {
  const { compiled } = await load(file, true);
  const results = await compiled.examineExamples();
  for (const r of results) {
    const shown = JSON.stringify(Object.keys(r.input).length === 1 ? Object.values(r.input)[0] : r.input);
    io.stdout.write(
      `${r.passed ? 'ok  ' : 'FAIL'}  rule ${r.rule} ${r.list}[${r.index}] ${shown}${r.message ? `\n      ${r.message}` : ''}\n`,
    );
  }
  const failed = results.filter((r) => !r.passed).length;
  io.stdout.write(`${results.length} examples, ${failed} failed\n`);
  exitCode.value = failed > 0 ? 1 : 0;
}
