// The bodies of `toolwright policy check` and `policy test`, loaded when one of them runs. Their
// runtime modules are imported statically: one import point, so they load as one chunk.
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unknownToolMessage } from '../adapters/dispatch.js';
import type { OperationDescriptor } from '../runtime/contract/descriptor.js';
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
import { loadBashParser } from '../runtime/shell/analyser.js';
import { classifyReadOnly } from '../runtime/shell/read-only/classify.js';
import { shellReadEnv } from '../runtime/shell/read-only/git-env.js';
import { policyHooks } from '../runtime/policy/hooks.js';
import { ToolError } from '../runtime/contract/errors.js';
import { commandEnv } from '../handlers/exec/run/env.js';
import { checkRepositories, gitScanner } from '../handlers/exec/shell-read/git-repositories.js';
import { checkReach } from '../handlers/exec/shell-read/path-rules.js';
import { Workspace } from '../runtime/fs/workspace.js';
import { inertJson, inertLine } from '../runtime/text/control-text.js';
import { resolveProviders } from './provider-modules.js';
import { UsageError } from './usage.js';

export interface PolicyVerbIO {
  stdout: { write(chunk: string): unknown };
}

async function load(
  spec: string,
  deferExamples: boolean,
  operations: readonly OperationDescriptor[],
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

// Commands, reasons and examples come from the call's input and the policy file: every value shown
// is inert, one line each (a newline inside a command must not forge a line of the report).

/** A rule as messages and the docs count them: from 1, in the order the policy lists them. */
function ruleNumber(index: number | 'default'): string {
  return index === 'default' ? 'default' : `rule ${index + 1}`;
}

function describeRule(rule: PolicyRule | undefined, index: number | 'default', fallback: string): string {
  if (index === 'default' || !rule) return `default (${fallback})`;
  const fields = (['provider', 'operation', 'kind', 'risk', 'command', 'path', 'host'] as const)
    .filter((k) => rule[k] !== undefined)
    .map((k) => `${k}=${inertJson(JSON.stringify(rule[k]))}`);
  return `${ruleNumber(index)}: ${fields.join(' ')} → ${rule.decision}`;
}

function render(decision: PolicyDecision, compiled: CompiledPolicy): string {
  const lines = [
    `decision: ${decision.decision}`,
    `rule: ${describeRule(compiled.rules[decision.rule as number], decision.rule, compiled.fallback)}`,
  ];
  if (decision.reason) lines.push(`reason: ${inertLine(decision.reason)}`);
  if (decision.commands) {
    lines.push(`commands (${decision.commands.length}; the call gets the strictest):`);
    for (const c of decision.commands) {
      const notes = [
        ruleNumber(c.rule),
        ...(c.via ? [`via ${c.via.map(inertLine).join(' → ')}`] : []),
        ...(c.writes ? [`writes ${c.writes.map(inertLine).join(', ')}`] : []),
        ...(c.opaque ? [`opaque: ${inertLine(c.opaque)}`] : []),
      ];
      lines.push(`  ${c.decision.padEnd(5)}  ${inertLine(c.command)}   [${notes.join('; ')}]`);
    }
  }
  return lines.join('\n');
}

export interface CheckFlags {
  policy: string;
  workspace?: string;
  json?: boolean;
  /** --provider modules (repeatable): their operations are decided beside the reference ones. */
  provider?: string[];
}

/** `policy check`: decides one call and prints the decision; exit 0 when allowed, 1 otherwise. */
export async function checkCall(
  operation: string,
  json: string,
  flags: CheckFlags,
  io: PolicyVerbIO,
  exitCode: { value: number },
): Promise<void> {
  const operations = (await resolveProviders(flags.provider)).flatMap((p) => p.operations);
  const { compiled } = await load(flags.policy, false, operations);
  const op = operations.find((o) => o.name === operation || o.id === operation);
  if (!op)
    throw new UsageError(
      unknownToolMessage(
        operation,
        operations.map((o) => o.name),
      ),
    );
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
  // shell_read also refuses what its classifier cannot prove read-only, whatever the policy says,
  // and a line whose folder walks or git reach a path a rule hides.
  let readOnly: { ok: true; programs: string[] } | { ok: false; command: string; reason: string } | undefined;
  if (op.name === 'shell_read' && typeof (input as { command?: unknown }).command === 'string') {
    await loadBashParser();
    readOnly = await shellReadVerdict(compiled, op, input as { command: string; cwd?: unknown }, workspace);
  }
  const shown = flags.json
    ? inertJson(JSON.stringify(readOnly ? { ...decision, shell_read: readOnly } : decision, null, 2))
    : render(decision, compiled) +
      (readOnly
        ? `\nshell_read: ${readOnly.ok ? 'accepted (read-only)' : `refused: \`${inertLine(readOnly.command)}\`: ${inertLine(readOnly.reason)}`}`
        : '');
  io.stdout.write(`${shown}\n`);
  exitCode.value = decision.decision === 'allow' && (!readOnly || readOnly.ok) ? 0 : 1;
}

/** What shell_read itself says of a line the policy lets through: its classifier, then its path rules' run-time checks. */
async function shellReadVerdict(
  compiled: CompiledPolicy,
  op: OperationDescriptor,
  input: { command: string; cwd?: unknown },
  workspace: Workspace,
): Promise<{ ok: true; programs: string[] } | { ok: false; command: string; reason: string }> {
  const root = workspace.root;
  const cwd = typeof input.cwd === 'string' ? (await workspace.resolve(input.cwd)).absolute : root;
  const verdict = classifyReadOnly(input.command, { root, cwd });
  if (!verdict.ok) return verdict;
  const accepted = { ok: true as const, programs: verdict.programs };
  const hiddenPaths = policyHooks(compiled, op, workspace).hiddenPaths;
  if (!hiddenPaths) return accepted;
  const env = commandEnv({});
  for (const [name, value] of Object.entries(shellReadEnv(Object.keys(env)))) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const top = verdict.programs.includes('git') ? (await checkRepositories(cwd, env, root)).top : undefined;
  try {
    await checkReach(
      {
        command: input.command,
        reads: verdict.reads,
        git: verdict.git,
        root,
        top,
        scanner: () => gitScanner(env, root, undefined, undefined),
        lister: (program) => gitScanner(env, root, undefined, undefined, undefined, program),
      },
      hiddenPaths,
      new AbortController().signal,
    );
    return accepted;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const reason = error.details?.reason;
    return { ok: false, command: input.command, reason: typeof reason === 'string' ? reason : error.message };
  }
}

/** `policy test`: runs every rule's examples; exit 1 when one fails. */
export async function testExamples(
  file: string,
  flags: { provider?: string[] },
  io: PolicyVerbIO,
  exitCode: { value: number },
): Promise<void> {
  const operations = (await resolveProviders(flags.provider)).flatMap((p) => p.operations);
  const { compiled } = await load(file, true, operations);
  const results = await compiled.examineExamples();
  for (const r of results) {
    const shown = inertJson(JSON.stringify(Object.keys(r.input).length === 1 ? Object.values(r.input)[0] : r.input));
    io.stdout.write(
      `${r.passed ? 'ok  ' : 'FAIL'}  ${ruleNumber(r.rule)} ${r.list}[${r.index}] ${shown}${r.message ? `\n      ${inertLine(r.message)}` : ''}\n`,
    );
  }
  const failed = results.filter((r) => !r.passed).length;
  io.stdout.write(`${results.length} examples, ${failed} failed\n`);
  exitCode.value = failed > 0 ? 1 : 0;
}
