// `toolwright policy check` (explain one decision) and `toolwright policy test` (run the examples).
// Only the command definitions load with the program; the policy code loads when a verb runs.
import type { Command } from 'commander';
import type { CompiledPolicy, PolicyDecision, PolicyOptions, PolicyRule } from '../runtime/policy.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/** A usage problem inside the verb: reported here with exit code 2. */
class PolicyUsage extends Error {}

async function load(
  spec: string,
  deferExamples: boolean,
): Promise<{ policy: PolicyOptions; compiled: CompiledPolicy }> {
  const { POLICY_PRESETS, compilePolicy } = await import('../runtime/policy.js');
  const { operations } = await import('../generated/registry.js');
  if (Object.hasOwn(POLICY_PRESETS, spec))
    return { policy: spec as PolicyOptions, compiled: compilePolicy(spec as PolicyOptions, operations) };
  const { readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const { parsePolicyText } = await import('../runtime/policy/formats/load.js');
  let text: string;
  try {
    text = await readFile(path.resolve(spec), 'utf8');
  } catch (error) {
    const { didYouMean } = await import('../runtime/policy/errors.js');
    const presets = Object.keys(POLICY_PRESETS);
    throw new PolicyUsage(
      `${spec}: cannot read the policy file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), and it is not a preset (${presets.join(', ')})${didYouMean(spec, presets).replace(/^ \((.*)\)$/, '; $1')}`,
      { cause: error },
    );
  }
  try {
    return await parsePolicyText(text, spec, { deferExamples, operations });
  } catch (error) {
    throw new PolicyUsage((error as Error).message);
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

interface CheckFlags {
  policy: string;
  workspace?: string;
  json?: boolean;
}

/** `policy check`: decides one call and prints the decision; exit 0 when allowed, 1 otherwise. */
async function checkCall(
  operation: string,
  json: string,
  flags: CheckFlags,
  io: IO,
  exitCode: { value: number },
): Promise<void> {
  const { compiled } = await load(flags.policy, false);
  const { operations: catalogOperations } = await import('../generated/registry.js');
  const { Workspace } = await import('../runtime/workspace.js');
  const { realpathSync } = await import('node:fs');
  const path = await import('node:path');
  const op = catalogOperations.find((o) => o.name === operation || o.id === operation);
  if (!op)
    throw new PolicyUsage(
      `no operation named "${operation}" (operations: ${catalogOperations.map((o) => o.name).join(', ')})`,
    );
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    throw new PolicyUsage(`the input is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new PolicyUsage('the input must be a JSON object, e.g. \'{"command":"git status"}\'');
  let root: string;
  try {
    root = realpathSync(path.resolve(flags.workspace ?? process.cwd()));
  } catch {
    throw new PolicyUsage(`--workspace ${flags.workspace}: not an existing folder`);
  }
  const workspace = new Workspace(root);
  const decision = await compiled.decideCall(op, input, {
    workspaceRoot: workspace.root,
    resolve: (p) => workspace.resolve(p),
  });
  // shell_read also refuses what its classifier cannot prove read-only, whatever the policy says.
  let readOnly: import('../runtime/policy/shell/read-only.js').ReadOnlyVerdict | undefined;
  if (op.name === 'shell_read' && typeof (input as { command?: unknown }).command === 'string') {
    const { loadBashParser } = await import('../runtime/policy/shell/parser.js');
    const { classifyReadOnly } = await import('../runtime/policy/shell/read-only.js');
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

export function registerPolicyCommand(program: Command, io: IO, exitCode: { value: number }): void {
  const policy = program.command('policy').description('Explain and test a policy file (YAML or HCL)');
  const guard =
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- commander passes each command its own argument types
    (action: (...args: any[]) => Promise<void>) =>
      async (...args: unknown[]) => {
        try {
          await action(...args);
        } catch (error) {
          if (!(error instanceof PolicyUsage)) throw error;
          io.stderr.write(`toolwright policy: ${error.message}\n`);
          exitCode.value = 2;
        }
      };

  policy
    .command('check')
    .description(
      'Decide one call: prints the decision, the rule that decided and, for shell lines, each simple command (exit 0 allow, 1 ask or deny)',
    )
    .requiredOption('--policy <file|preset>', 'the policy: a .yaml/.yml or .hcl file, or a preset')
    .option('-w, --workspace <dir>', 'workspace the paths are relative to (default: the current folder)')
    .option('--json', 'print the decision as JSON')
    .argument('<operation>', 'tool name (bash) or id (exec.bash)')
    .argument('[json]', 'the input as a JSON object', '{}')
    .action(
      guard((operation: string, json: string, flags: CheckFlags) => checkCall(operation, json, flags, io, exitCode)),
    );

  policy
    .command('test')
    .description("Run every rule's examples (match / not_match); exit 1 when one fails")
    .argument('<file>', 'the policy file (.yaml/.yml or .hcl)')
    .action(
      guard(async (file: string) => {
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
      }),
    );
}
