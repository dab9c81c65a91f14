// The MCP face of an operation: its tool definition (name, schemas, annotations, task support)
// and its call result as a CallToolResult capped to the result budget. Frozen definitions are
// built once per operation, so tools/list sends the same objects every time.
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import { RISK_ORDER, type OperationDescriptor } from '../../runtime/contract/descriptor.js';
import type { InvokeResult, ToolkitOf } from '../../runtime/contract/types.js';
import { imageOf, withoutImageData } from '../../runtime/contract/media.js';
import { DEFAULT_MAX_RESULT_BYTES, capText, fitResult } from '../result-size.js';

/** MCP tool annotations, every hint explicit (clients assume the worst for missing ones). */
export function mcpAnnotations(op: OperationDescriptor): ToolAnnotations {
  const readOnly = op.kind === 'data_source' || op.kind === 'interactive';
  return {
    title: op.title,
    readOnlyHint: readOnly,
    destructiveHint: op.kind === 'resource' && RISK_ORDER.indexOf(op.risk) >= RISK_ORDER.indexOf('moderate'),
    idempotentHint: op.idempotent,
    openWorldHint: op.openWorld,
  };
}

function toolDefinition(op: OperationDescriptor, withOutputSchema: boolean): Tool {
  return {
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: structuredClone(op.params) as Tool['inputSchema'],
    ...(withOutputSchema ? { outputSchema: structuredClone(op.result) } : {}),
    annotations: mcpAnnotations(op),
    // A long call may run as an MCP task; the others take no `task` (taskSupport absent: forbidden).
    ...(op.longRunning ? { execution: { taskSupport: 'optional' as const } } : {}),
    _meta: {
      'toolwright/id': op.id,
      'toolwright/kind': op.kind,
      'toolwright/risk': op.risk,
      ...(op.riskNote ? { 'toolwright/risk_note': op.riskNote } : {}),
    },
  };
}

/** The `tools/list` entries for a toolkit's exposed operations (fresh objects, free to change). */
export function mcpToolDefinitions(toolkit: ToolkitOf): Tool[] {
  return toolkit.operations.map((op) => toolDefinition(op, true));
}

// What a server lists and checks per operation, built once per descriptor (descriptors never
// change) and never mutated: tools/list sends the same frozen objects every time.
interface OperationFacts {
  full: Tool;
  textOnly: Tool;
  params: ReadonlySet<string>;
}
const facts = new WeakMap<OperationDescriptor, OperationFacts>();

export function factsOf(op: OperationDescriptor): OperationFacts {
  let known = facts.get(op);
  if (!known) {
    const properties = (op.params as { properties?: Record<string, unknown> }).properties ?? {};
    known = {
      full: deepFreeze(toolDefinition(op, true)),
      textOnly: deepFreeze(toolDefinition(op, false)),
      params: new Set(Object.keys(properties)),
    };
    facts.set(op, known);
  }
  return known;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Turns an invoke result into an MCP `CallToolResult`, capped to `maxResultBytes`. `textOnly`: the
 * client gets no structuredContent (quirks.ts), so none is built and the text has the budget.
 */
export function toCallToolResult(
  op: OperationDescriptor,
  result: InvokeResult,
  maxResultBytes = DEFAULT_MAX_RESULT_BYTES,
  textOnly = false,
): CallToolResult {
  if (!result.ok) {
    return {
      content: [{ type: 'text', text: capText(result.text, Math.floor(maxResultBytes * 0.9), maxResultBytes) }],
      isError: true,
      _meta: { 'toolwright/error': { code: result.error.code, message: result.error.message } },
    };
  }
  // An image travels as MCP image content, outside the text budget (read_file bounds it to ≈5 MB).
  const image = imageOf(result.output);
  const sent = textOnly ? undefined : image ? withoutImageData(result.output) : result.output;
  const fitted = fitResult(op, result.text, sent, maxResultBytes);
  if (!fitted.ok) {
    return {
      content: [{ type: 'text', text: `Error TOO_LARGE: ${fitted.message}` }],
      isError: true,
      _meta: { 'toolwright/error': { code: 'TOO_LARGE', message: fitted.message } },
    };
  }
  // The structured part only when it is an object (CallToolResult requires one), which the
  // catalog's result schemas guarantee unless a host turned output validation off.
  const output = fitted.output;
  const structured = !textOnly && output !== null && typeof output === 'object' && !Array.isArray(output);
  return {
    content: [
      { type: 'text', text: fitted.text },
      ...(image ? [{ type: 'image' as const, data: image.data, mimeType: image.mimeType }] : []),
    ],
    ...(structured ? { structuredContent: output } : {}),
    ...(fitted.capped ? { _meta: { 'toolwright/capped': true } } : {}),
  };
}
