// A UserChannel that reaches the human through MCP elicitation, so ask_user and policy `ask`
// rules work under an MCP client that supports it (stdin/stdout are the protocol there).
import type { Server } from '@modelcontextprotocol/server';
import type { ElicitRequestFormParams, ElicitResult, RequestId } from '@modelcontextprotocol/server';
import { ToolError } from '../../runtime/contract/errors.js';
import type { ApprovalAnswer, UserChannel } from '../../runtime/services/user.js';
import type { ToolkitOf } from '../../runtime/contract/types.js';
import { DEFAULT_MAX_APPROVAL_CHARS, approvalText, visibleText } from '../../runtime/services/visible-text.js';
import { currentInputRound, elicitationAnswer, inputKey, type InputRound } from './rev2026/input.js';

const MARK = Symbol.for('toolwright.mcpElicitationChannel');

export interface McpElicitationUserChannel extends UserChannel {
  /**
   * Binds the channel to the MCP server whose client will be asked. A channel is for one
   * connection: bound to a second server it stops asking anyone (it cannot tell whose call it is).
   */
  attach(server: Server): void;
  readonly [MARK]: true;
}

export interface McpElicitationUserChannelOptions {
  /** Longest approval request sent (default 20,000 characters); a longer one is refused, never cut. */
  maxApprovalChars?: number;
}

// The MCP request a tool call serves, found by the abort signal the server hands to invoke (the
// runtime passes a caller's signal through to the user channel as it is). An elicitation is sent
// as part of that request, so Streamable HTTP carries it on the request's own stream.
interface CallScope {
  server: Server;
  requestId: RequestId;
}
const scopes = new WeakMap<AbortSignal, CallScope>();

/** Marks `signal`'s call as serving `requestId` on `server` until the returned function is called. */
export function enterCallScope(signal: AbortSignal, server: Server, requestId: RequestId): () => void {
  scopes.set(signal, { server, requestId });
  return () => {
    scopes.delete(signal);
  };
}

function supportsElicitation(server: Server | undefined): server is Server {
  return server?.getClientCapabilities()?.elicitation !== undefined;
}

const SHARED =
  'this user channel is bound to more than one MCP connection, so it cannot tell whose call it is asking about; give each session its own toolkit (a factory) to ask through elicitation';

function cannotElicit(server: Server | undefined, shared: boolean): string | undefined {
  if (shared) return SHARED;
  if (!server) return 'no MCP client is connected to ask (a stateless server cannot ask its clients anything)';
  if (!supportsElicitation(server))
    return 'the MCP client cannot elicit (it did not declare the elicitation capability), so no user channel is attached';
  return undefined;
}

/** Why an elicitation that did not come back with an answer reached no human. */
function unanswered(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === -32001) return `the client did not answer the approval prompt in time (${message})`;
  if (code === -32000) return `the connection to the client closed before it answered (${message})`;
  return `the client could not show the approval prompt (${message})`;
}

/**
 * Create it before the toolkit (`createToolkit({ user: channel })`); `createMcpServer` attaches it
 * to the server it builds. Without client support it reports itself unreachable (ask_user is not
 * listed), questions fail UNAVAILABLE and approvals are refused saying no human could be asked.
 * Whole on purpose: one object literal of the channel's methods, sharing the server it is attached to.
 */
export function createMcpElicitationUserChannel(
  options: McpElicitationUserChannelOptions = {},
): McpElicitationUserChannel {
  let server: Server | undefined;
  let shared = false;
  const maxApprovalChars = options.maxApprovalChars ?? DEFAULT_MAX_APPROVAL_CHARS;
  /** The elicitation, sent as part of the call's request when the call came through the bound server. */
  const elicit = (target: Server, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> => {
    const scope = scopes.get(signal);
    return target.elicitInput(params, {
      signal,
      ...(scope?.server === target ? { relatedRequestId: scope.requestId } : {}),
    });
  };
  return {
    [MARK]: true,
    attach(target) {
      if (server !== undefined && server !== target) shared = true;
      server = target;
    },
    unreachable: () => {
      const round = currentInputRound();
      return round ? roundUnreachable(round) : cannotElicit(server, shared);
    },
    async ask(question, { signal }) {
      const form = questionForm(question);
      const round = currentInputRound();
      if (round) return answerOf(form, askInRound(round, form));
      const why = cannotElicit(server, shared);
      if (why !== undefined || !server) {
        throw new ToolError('UNAVAILABLE', `${why}: the question cannot reach the user; ask it in your reply instead`);
      }
      return answerOf(form, await elicit(server, form.params, signal));
    },
    async approve(call, { signal }): Promise<ApprovalAnswer> {
      const round = currentInputRound();
      const why = round ? roundUnreachable(round) : cannotElicit(server, shared);
      if (why !== undefined || (!round && !server)) return { unanswerable: why ?? 'no MCP client is connected' };
      // The human sees the whole input, hidden characters escaped, or the call is refused.
      const shown = approvalText(call, maxApprovalChars);
      if (shown.refusal) throw new ToolError('DENIED_BY_POLICY', `${call.operation} was refused: ${shown.refusal}`);
      const params = { message: shown.text, requestedSchema: APPROVAL_SCHEMA };
      let result: ElicitResult;
      if (round) {
        result = approveInRound(round, params);
      } else
        try {
          result = await elicit(server!, params, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          return { unanswerable: unanswered(error) };
        }
      // A client with no one to show the prompt to (headless `claude -p`) cancels it: nobody said no.
      if (result.action === 'cancel') return { unanswerable: 'the client cancelled the approval prompt (headless?)' };
      return result.action === 'accept' && result.content?.approve === true;
    },
  };
}

const APPROVAL_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { approve: { type: 'boolean', title: 'Allow this call', default: false } },
  required: ['approve'],
};

interface QuestionForm {
  params: ElicitRequestFormParams;
  labels: string[];
}

/** The elicitation form that asks `question`. */
function questionForm(question: Parameters<UserChannel['ask']>[0]): QuestionForm {
  const labels = (question.options ?? []).map((o) => o.label);
  const described = (question.options ?? []).filter((o) => o.description).map((o) => `- ${o.label}: ${o.description}`);
  const answerSchema: ElicitRequestFormParams['requestedSchema']['properties'][string] =
    labels.length === 0
      ? { type: 'string', title: 'Answer' }
      : question.multi_select
        ? { type: 'array', title: 'Choose any', items: { type: 'string', enum: labels } }
        : { type: 'string', title: 'Choose one', enum: labels };
  return {
    labels,
    params: {
      message: visibleText([question.question, ...described].join('\n')),
      requestedSchema: { type: 'object', properties: { answer: answerSchema }, required: ['answer'] },
    },
  };
}

/** The user's answer to a question from the elicitation's result. */
function answerOf(form: QuestionForm, result: ElicitResult) {
  if (result.action !== 'accept') throw new ToolError('CANCELLED', `the user chose to ${result.action} the question`);
  const answer = result.content?.answer;
  if (Array.isArray(answer)) return { answer: answer.join(', '), selected: answer.map(String) };
  const text = answer === undefined ? '' : String(answer);
  return { answer: text, selected: form.labels.includes(text) ? [text] : [] };
}

/** Why this round's client cannot be asked, or undefined when it can. */
function roundUnreachable(round: InputRound): string | undefined {
  return round.canElicit
    ? undefined
    : 'the MCP client did not declare form elicitation in this request, so nobody can be asked';
}

/**
 * The answer this round carries to the elicitation `params`; when it carries none, the request is
 * recorded, the round stopped, and the call ends here (the server answers `input_required`).
 */
function inRound(round: InputRound, kind: 'approve' | 'answer', params: ElicitRequestFormParams): ElicitResult {
  const key = inputKey(kind, JSON.stringify([params.message, params.requestedSchema]));
  const answer = elicitationAnswer(round, key);
  if (answer)
    return { action: answer.action, ...(answer.content ? { content: answer.content as ElicitResult['content'] } : {}) };
  round.pending[key] = {
    method: 'elicitation/create',
    params: { mode: 'form', message: params.message, requestedSchema: params.requestedSchema },
  };
  round.stop();
  throw new ToolError('CANCELLED', 'the call waits for the client to answer its input request');
}

function askInRound(round: InputRound, form: QuestionForm): ElicitResult {
  return inRound(round, 'answer', form.params);
}

function approveInRound(round: InputRound, params: ElicitRequestFormParams): ElicitResult {
  return inRound(round, 'approve', params);
}

/** Binds the toolkit's user channel to `server` when it is an elicitation channel. */
export function attachUserChannel(toolkit: ToolkitOf, server: Server): void {
  const user = toolkit.services.user as Partial<McpElicitationUserChannel> | undefined;
  if (user && user[MARK] === true && typeof user.attach === 'function') user.attach(server);
}
