// Multi round-trip input (protocol 2026-07-28): a tool call that needs a human (an approval, an
// ask_user question) does not push an elicitation to the client. The call is run once; where the
// user channel would ask, it records the question as an input request and aborts the round, and
// the server answers `input_required` with every recorded request. The client puts them to its
// user and sends the call again with the answers; the call then runs to the same point, finds the
// answer to its question and goes on. Nothing is kept between rounds: a question's key is the
// digest of what it shows, so an answer applies only to the very text the user saw, on any replica.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/** An elicitation as an input request embeds it. */
export interface ElicitationInput {
  method: 'elicitation/create';
  params: { mode: 'form'; message: string; requestedSchema: Record<string, unknown> };
}

/** What one round of a call knows: what the client can answer, its answers, and what is still asked. */
export interface InputRound {
  /** The client declared form elicitation in this request's capabilities. */
  readonly canElicit: boolean;
  /** The answers the request carried, by input request key (untrusted: the client sent them). */
  readonly responses: Readonly<Record<string, unknown>> | undefined;
  /** Input requests this round raised, by key. */
  readonly pending: Record<string, ElicitationInput>;
  /** Ends the round: the call stops where it asked, and the server answers `input_required`. */
  stop(): void;
}

const rounds = new AsyncLocalStorage<InputRound>();

/** Runs `serve` as one round of a call; the user channel finds it while the call runs. */
export function withInputRound<T>(round: InputRound, serve: () => T): T {
  return rounds.run(round, serve);
}

/** The round of the 2026-07-28 call being served, if any. */
export function currentInputRound(): InputRound | undefined {
  return rounds.getStore();
}

/** The key of an input request that shows `text`: the same text, the same key, in every round and replica. */
export function inputKey(kind: 'approve' | 'answer', text: string): string {
  return `${kind}-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** The client's answer to the elicitation at `key`: its action and content, or undefined when it sent none. */
export function elicitationAnswer(
  round: InputRound,
  key: string,
): { action: 'accept' | 'decline' | 'cancel'; content: Record<string, unknown> | undefined } | undefined {
  const answer = round.responses?.[key];
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { action, content } = answer as { action?: unknown; content?: unknown };
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return undefined;
  const fields = typeof content === 'object' && content !== null && !Array.isArray(content) ? content : undefined;
  return { action, content: fields as Record<string, unknown> | undefined };
}
