// The Responses API's free-form (custom) tool form of apply_patch: the model writes the raw patch
// text, constrained by a Lark grammar of the envelope, instead of a JSON object holding it; and the
// helper that runs the `custom_tool_call` items it sends back.
import type { OperationDescriptor } from '../runtime/descriptor.js';
import { ToolError } from '../runtime/errors.js';
import { notRunResult } from '../runtime/invoke-guard.js';
import { roleIndex } from '../runtime/roles.js';
import type { InvokeOptions, Toolkit } from '../runtime/types.js';
import { invokeByName } from './dispatch.js';

/** Responses API: `CustomTool` with a grammar-constrained input. */
export interface OpenAIResponsesCustomTool {
  type: 'custom';
  name: string;
  description: string;
  format: { type: 'grammar'; syntax: 'lark'; definition: string };
}

/** The apply_patch envelope as a Lark grammar (what the model's free-form input must match). */
export const APPLY_PATCH_LARK_GRAMMAR = String.raw`start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line*
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change+

filename: /(.+)/
add_line: "+" /(.*)/ LF -> line

change_move: "*** Move to: " filename LF
change: change_context* change_line+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.*)/ LF
eof_line: "*** End of File" LF

%import common.LF
`;

/** The param that takes the raw text of a free-form call: the operation's one `patch`-role param. */
export function freeFormParam(op: OperationDescriptor): string | undefined {
  if (op.editFormat !== 'apply_patch') return undefined;
  const patch = roleIndex(op).patch;
  return patch.length === 1 ? patch[0] : undefined;
}

/** The custom tool for an operation that takes a patch, or undefined for any other. */
export function customToolFor(op: OperationDescriptor): OpenAIResponsesCustomTool | undefined {
  if (freeFormParam(op) === undefined) return undefined;
  return {
    type: 'custom',
    name: op.name,
    description: `${op.description.trim()}\nSend the patch itself as the tool's input (not JSON).`,
    format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_LARK_GRAMMAR },
  };
}

/** A Responses API `custom_tool_call` output item. */
export interface OpenAICustomToolCallItem {
  type?: 'custom_tool_call';
  call_id: string;
  name: string;
  input: string;
}

/** Runs one Responses API custom tool call (the raw patch text) and returns its `custom_tool_call_output` item. */
export async function runOpenAIResponsesCustomToolCall(
  toolkit: Toolkit,
  call: OpenAICustomToolCallItem,
  options: InvokeOptions = {},
): Promise<{ type: 'custom_tool_call_output'; call_id: string; output: string }> {
  const name: unknown = call?.name;
  const op = typeof name === 'string' ? toolkit.find(name) : undefined;
  const param = op ? freeFormParam(op) : undefined;
  let text: string;
  if (op && param === undefined) {
    text = notRunResult(
      op.id,
      new ToolError('INVALID_INPUT', `${op.name} takes JSON arguments, not free-form text; call it as a function`),
    ).text;
  } else if (op && typeof call.input !== 'string') {
    text = notRunResult(op.id, new ToolError('INVALID_INPUT', 'a custom tool call must carry its input as text')).text;
  } else {
    // An unknown name gets the dispatcher's answer (the tools there are, a near name).
    text = (await invokeByName(toolkit, call?.name, op ? { [param!]: call.input } : {}, options)).text;
  }
  return { type: 'custom_tool_call_output', call_id: call?.call_id, output: text };
}
