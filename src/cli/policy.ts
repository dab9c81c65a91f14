// `toolwright policy check` (explain one decision) and `toolwright policy test` (run the examples).
// Only the command definitions load with the program; the verbs' code (policy-verbs.ts) loads when one runs.
import type { Command } from 'commander';
import type { CheckFlags } from './policy-verbs.js';
import { inertText } from '../runtime/text/control-text.js';
import { collectEach, UsageError } from './usage.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
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
          if (!(error instanceof UsageError)) throw error;
          // The message may quote the policy file or the input (names, commands): inert.
          io.stderr.write(`toolwright policy: ${inertText(error.message)}\n`);
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
    .option(
      '--provider <module>',
      'also decide the operations of the providers a module exports as `providers` (repeatable)',
      collectEach,
    )
    .argument('<operation>', 'tool name (bash) or id (exec.bash)')
    .argument('[json]', 'the input as a JSON object', '{}')
    .action(
      guard(async (operation: string, json: string, flags: CheckFlags) =>
        (await import('./policy-verbs.js')).checkCall(operation, json, flags, io, exitCode),
      ),
    );

  policy
    .command('test')
    .description("Run every rule's examples (match / not_match); exit 1 when one fails")
    .argument('<file>', 'the policy file (.yaml/.yml or .hcl)')
    .option(
      '--provider <module>',
      'also know the operations of the providers a module exports as `providers` (repeatable), for rules about them',
      collectEach,
    )
    .action(
      guard(async (file: string, flags: { provider?: string[] }) =>
        (await import('./policy-verbs.js')).testExamples(file, flags, io, exitCode),
      ),
    );
}
