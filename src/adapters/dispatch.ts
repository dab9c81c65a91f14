// Runs a tool call that arrives by tool name (as models, MCP clients and the CLI name them).
import { ToolError } from '../runtime/errors.js';
import { notRunResult } from '../runtime/invoke-guard.js';
import { operationAliases } from '../runtime/aliases.js';
import { didYouMean } from '../runtime/policy/errors.js';
import type { InvokeOptions, InvokeResult, Toolkit } from '../runtime/types.js';

/** Parses a model's JSON arguments string; an empty string means no arguments. */
export function parseArguments(json: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (json.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (error) {
    return { ok: false, message: `the arguments are not valid JSON: ${(error as Error).message}` };
  }
}

/** What a name no tool has is told: the names there are, and the nearest one. */
export function unknownToolMessage(
  name: string,
  known: readonly string[],
  aliases?: Parameters<typeof didYouMean>[2],
): string {
  const hint = didYouMean(name, known, aliases).replace(/^ \((.*)\)$/, '; $1');
  return `no tool named ${JSON.stringify(name.slice(0, 200))} (available: ${known.join(', ')})${hint}`;
}

/**
 * Invokes the operation a model named. `input` may be the parsed arguments or the raw JSON string
 * (OpenAI sends strings). Never throws: unknown names and unparsable JSON become error results.
 */
export async function invokeByName(
  toolkit: Toolkit,
  name: string,
  input: unknown,
  options: InvokeOptions = {},
): Promise<InvokeResult> {
  const given: unknown = name; // from a model or a wire: not necessarily what the type says
  if (typeof given !== 'string') {
    return notRunResult(
      '?',
      new ToolError(
        'UNKNOWN_OPERATION',
        `the tool name must be a string, got ${given === null ? 'null' : typeof given}`,
      ),
    );
  }
  const op = toolkit.find(name); // tool name (read_file) or id (filesystem.read_file)
  if (!op) {
    const known = toolkit.operations.map((o) => o.name);
    return notRunResult(
      name,
      new ToolError('UNKNOWN_OPERATION', unknownToolMessage(name, known, operationAliases(toolkit.operations))),
    );
  }
  let args = input;
  if (typeof input === 'string') {
    const parsed = parseArguments(input);
    if (!parsed.ok) return notRunResult(op.id, new ToolError('INVALID_INPUT', parsed.message));
    args = parsed.value;
  }
  return toolkit.invoke(op.provider, op.name, args ?? {}, options);
}
