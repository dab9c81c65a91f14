// A UserChannel that reaches the human through MCP elicitation, so ask_user and policy `ask`
// rules work under an MCP client that supports it (stdin/stdout are the protocol there).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../runtime/errors.js';
import type { UserChannel } from '../runtime/services/user.js';
import type { Toolkit } from '../runtime/types.js';
import { DEFAULT_MAX_APPROVAL_CHARS, approvalText, visibleText } from '../runtime/services/visible-text.js';

const MARK = Symbol.for('toolwright.mcpElicitationChannel');

export interface McpElicitationUserChannel extends UserChannel {
  /** Binds the channel to the MCP server whose client will be asked. */
  attach(server: Server): void;
  readonly [MARK]: true;
}

export interface McpElicitationUserChannelOptions {
  /** Longest approval request sent (default 20,000 characters); a longer one is refused, never cut. */
  maxApprovalChars?: number;
}

function supportsElicitation(server: Server | undefined): server is Server {
  return server?.getClientCapabilities()?.elicitation !== undefined;
}

function cannotElicit(server: Server | undefined): string | undefined {
  if (!server) return 'no MCP client is connected yet';
  if (!supportsElicitation(server)) return 'the MCP client cannot elicit (it did not declare the elicitation capability), so no user channel is attached';
  return undefined;
}

/**
 * Create it before the toolkit (`createToolkit({ user: channel })`); `createMcpServer` attaches it
 * to the server it builds. Without client support it reports itself unreachable (ask_user is not
 * listed), questions fail UNAVAILABLE and approvals are refused saying the client cannot elicit.
 */
export function createMcpElicitationUserChannel(options: McpElicitationUserChannelOptions = {}): McpElicitationUserChannel {
  let server: Server | undefined;
  const maxApprovalChars = options.maxApprovalChars ?? DEFAULT_MAX_APPROVAL_CHARS;
  return {
    [MARK]: true,
    attach(target) { server = target; },
    unreachable: () => cannotElicit(server),
    async ask(question, { signal }) {
      if (!supportsElicitation(server)) {
        throw new ToolError('UNAVAILABLE', `${cannotElicit(server)}: the question cannot reach the user; ask it in your reply instead`);
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
          message: visibleText([question.question, ...described].join('\n')),
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
      if (!supportsElicitation(server)) {
        throw new ToolError('DENIED_BY_POLICY', `${call.operation} needs the user's approval, but ${cannotElicit(server)}`);
      }
      // The human sees the whole input, hidden characters escaped, or the call is refused.
      const shown = approvalText(call, maxApprovalChars);
      if (shown.refusal) throw new ToolError('DENIED_BY_POLICY', `${call.operation} was refused: ${shown.refusal}`);
      const result = await server.elicitInput(
        {
          message: shown.text,
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
