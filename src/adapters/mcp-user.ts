// A UserChannel that reaches the human through MCP elicitation, so ask_user and policy `ask`
// rules work under an MCP client that supports it (stdin/stdout are the protocol there).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../runtime/errors.js';
import type { UserChannel } from '../runtime/services/user.js';
import type { Toolkit } from '../runtime/types.js';

const MARK = Symbol.for('toolwright.mcpElicitationChannel');

export interface McpElicitationUserChannel extends UserChannel {
  /** Binds the channel to the MCP server whose client will be asked. */
  attach(server: Server): void;
  readonly [MARK]: true;
}

function supportsElicitation(server: Server | undefined): server is Server {
  return server?.getClientCapabilities()?.elicitation !== undefined;
}

/**
 * Create it before the toolkit (`createToolkit({ user: channel })`); `createMcpServer` attaches it
 * to the server it builds. Without client support, questions fail UNAVAILABLE and approvals are refused.
 */
export function createMcpElicitationUserChannel(): McpElicitationUserChannel {
  let server: Server | undefined;
  return {
    [MARK]: true,
    attach(target) { server = target; },
    async ask(question, { signal }) {
      if (!supportsElicitation(server)) {
        throw new ToolError('UNAVAILABLE', 'the MCP client does not support elicitation, so the question cannot reach the user; ask it in your reply instead');
      }
      const labels = (question.options ?? []).map((o) => o.label);
      const described = (question.options ?? []).filter((o) => o.description).map((o) => `- ${o.label}: ${o.description}`);
      const answerSchema: ElicitRequestFormParams['requestedSchema']['properties'][string] = labels.length === 0
        ? { type: 'string', title: 'Answer' }
        : question.multi_select
          ? { type: 'array', title: 'Choose any', items: { type: 'string', enum: labels } }
          : { type: 'string', title: 'Choose one', enum: labels };
      const result = await server.elicitInput(
        {
          message: [question.question, ...described].join('\n'),
          requestedSchema: { type: 'object', properties: { answer: answerSchema }, required: ['answer'] },
        },
        { signal },
      );
      if (result.action !== 'accept') throw new ToolError('CANCELLED', `the user chose to ${result.action} the question`);
      const answer = result.content?.answer;
      if (Array.isArray(answer)) return { answer: answer.join(', '), selected: answer.map(String) };
      const text = answer === undefined ? '' : String(answer);
      return { answer: text, selected: labels.includes(text) ? [text] : [] };
    },
    async approve(call, { signal }) {
      if (!supportsElicitation(server)) return false;
      const input = JSON.stringify(call.input) ?? '';
      const shown = input.length > 2000 ? `${input.slice(0, 2000)}…` : input;
      const result = await server.elicitInput(
        {
          message: `Allow ${call.operation} (${call.kind}, risk ${call.risk})?\nInput: ${shown}`,
          requestedSchema: {
            type: 'object',
            properties: { approve: { type: 'boolean', title: 'Allow this call', default: false } },
            required: ['approve'],
          },
        },
        { signal },
      );
      return result.action === 'accept' && result.content?.approve === true;
    },
  };
}

/** Binds the toolkit's user channel to `server` when it is an elicitation channel. */
export function attachUserChannel(toolkit: Toolkit, server: Server): void {
  const user = toolkit.services.user as Partial<McpElicitationUserChannel> | undefined;
  if (user && user[MARK] === true && typeof user.attach === 'function') user.attach(server);
}
