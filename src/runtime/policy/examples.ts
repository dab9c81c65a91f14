// A rule's `examples`: inputs of its operation it must match (`match`) or must not (`not_match`),
// checked when the policy compiles, as policy tests written as data.
import type { OperationDescriptor } from '../descriptor.js';
import { applicableFields, mainArgument, modelledCommands, ruleMatchesInput, type CompiledRule } from './arguments.js';
import { commandPathModelLoaded, loadCommandPathModel } from './command-paths.js';
import { PolicyError } from './errors.js';
import { roleIndex } from '../roles.js';
import { bashParserLoaded, loadBashParser } from './shell/parser.js';

export interface ExampleResult {
  rule: number;
  list: 'match' | 'not_match';
  index: number;
  input: Record<string, unknown>;
  passed: boolean;
  /** The failure, as checkExamples would report it. */
  message?: string;
}

interface ExampleCase {
  op: OperationDescriptor;
  input: Record<string, unknown>;
  list: 'match' | 'not_match';
  index: number;
}

/** Examples are matched on paths as given: no workspace is looked at. */
const NO_WORKSPACE = { workspaceRoot: '/nonexistent-workspace' };

/**
 * Whether some rule has examples that are shell lines (checking them needs the bash parser and,
 * for a path rule on an operation whose lines' paths are modelled, the read-only model).
 */
export function hasShellExamples(
  compiled: readonly CompiledRule[],
  operations: readonly OperationDescriptor[],
): boolean {
  return compiled.some(
    (r) =>
      r.rule.examples && (r.commands || (r.paths && exampleCases(r, operations).some((c) => modelledCommands(c.op)))),
  );
}

/** Whether what the examples need (the parser, the read-only model for path examples of lines) is loaded. */
export function examplesReady(compiled: readonly CompiledRule[], operations: readonly OperationDescriptor[]): boolean {
  if (!hasShellExamples(compiled, operations)) return true;
  const pathLines = compiled.some((r) => r.paths && r.rule.examples);
  return pathLines ? commandPathModelLoaded() : bashParserLoaded();
}

/** The parser, and the read-only model where path examples may be shell lines. */
async function loadForExamples(compiled: readonly CompiledRule[], operations: readonly OperationDescriptor[]) {
  if (!hasShellExamples(compiled, operations)) return;
  await loadBashParser();
  if (compiled.some((r) => r.paths && r.rule.examples)) await loadCommandPathModel();
}

/** Example inputs as the rule's operation takes them. */
function exampleCases(rule: CompiledRule, operations: readonly OperationDescriptor[]): ExampleCase[] {
  const ex = rule.rule.examples;
  if (!ex) return [];
  const op = operations.find(
    (o) => rule.selects(o) && (rule.fields.length === 0 || rule.fields.some((f) => applicableFields(o).includes(f))),
  );
  if (!op) return [];
  const cases: ExampleCase[] = [];
  for (const list of ['match', 'not_match'] as const) {
    (ex[list] ?? []).forEach((item, index) => {
      const input = typeof item === 'string' ? stringExample(op, item) : item;
      cases.push({ op, input, list, index });
    });
  }
  return cases;
}

/**
 * A string example as an input: the shell line, URL or path it stands for; for an operation whose
 * paths come from a patch, a patch that names that path.
 */
function stringExample(op: OperationDescriptor, item: string): Record<string, unknown> {
  const main = mainArgument(op);
  if (main !== undefined) return { [main]: item };
  const patch = roleIndex(op).patch[0];
  if (patch !== undefined) return { [patch]: `*** Begin Patch\n*** Delete File: ${item}\n*** End Patch\n` };
  return { input: item };
}

function exampleFailure(rule: CompiledRule, ownCount: number, c: ExampleCase): PolicyError | undefined {
  const matched = ruleMatchesInput(rule, c.op, c.input, NO_WORKSPACE);
  if (matched === (c.list === 'match')) return undefined;
  const where = rule.index < ownCount ? `policy rule ${rule.index + 1}` : `policy rule ${rule.index + 1} (preset)`;
  const shown = JSON.stringify(Object.keys(c.input).length === 1 ? Object.values(c.input)[0] : c.input);
  return new PolicyError(
    `${where}: example ${c.list}[${c.index}] ${shown} ${matched ? 'is matched by the rule but is listed under not_match' : 'is not matched by the rule'}`,
    rule.index,
    'examples',
    { list: c.list, index: c.index },
  );
}

/** The first failing example (shell examples need the parser loaded), or undefined. */
export function firstExampleFailure(
  compiled: readonly CompiledRule[],
  operations: readonly OperationDescriptor[],
  ownCount: number,
): PolicyError | undefined {
  for (const rule of compiled) {
    for (const c of exampleCases(rule, operations)) {
      const failure = exampleFailure(rule, ownCount, c);
      if (failure) return failure;
    }
  }
  return undefined;
}

/** Checks every example (loading the parser for shell ones); throws the first failure. */
export async function checkAllExamples(
  compiled: readonly CompiledRule[],
  operations: readonly OperationDescriptor[],
  ownCount: number,
): Promise<void> {
  await loadForExamples(compiled, operations);
  const failure = firstExampleFailure(compiled, operations, ownCount);
  if (failure) throw failure;
}

/** Every example with its outcome; never throws for a failing one. */
export async function exampleResults(
  compiled: readonly CompiledRule[],
  operations: readonly OperationDescriptor[],
  ownCount: number,
): Promise<ExampleResult[]> {
  await loadForExamples(compiled, operations);
  return compiled.flatMap((rule) =>
    exampleCases(rule, operations).map((c) => {
      const failure = exampleFailure(rule, ownCount, c);
      return {
        rule: rule.index,
        list: c.list,
        index: c.index,
        input: c.input,
        passed: !failure,
        ...(failure ? { message: failure.message } : {}),
      };
    }),
  );
}
