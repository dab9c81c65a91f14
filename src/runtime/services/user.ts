import type { CommandDecision } from '../policy/types.js';
import type { RoleTree } from '../contract/descriptor.js';
// Owned by the user provider: the channel to a human, a terminal one and a programmatic one.
import type { Readable, Writable } from 'node:stream';
import { ToolError, abortError } from '../contract/errors.js';
import { DEFAULT_MAX_APPROVAL_CHARS, approvalText, visibleLine, visibleText } from './visible-text.js';
import { lazyRequire } from '../startup/lazy-require.js';

const readline = lazyRequire<typeof import('node:readline')>('node:readline');

export interface UserQuestionOption {
  label: string;
  description?: string;
}

export interface UserQuestion {
  question: string;
  options?: UserQuestionOption[];
  multi_select?: boolean;
}

export interface UserAnswer {
  /** Free text, or the chosen labels joined with ", ". */
  answer: string;
  /** The chosen option labels (empty for a free-text answer). */
  selected: string[];
}

export interface ApprovalRequest {
  id: string;
  provider: string;
  operation: string;
  kind: string;
  risk: string;
  /**
   * The whole input of the call, but every `secret` value replaced by its marker (⟪secret, N
   * chars⟫): a channel that cannot show all of it must refuse, not approve.
   */
  input: unknown;
  /** The roles of the operation's params: approvalText summarises `content` values and marks secrets by them. */
  roles?: RoleTree;
  /** Shell lines: each simple command with the decision the policy gave it (why approval is needed). */
  commands?: readonly CommandDecision[];
}

/** An approval nobody could give or refuse, and why (`the client cancelled the approval prompt`). */
export interface ApprovalUnanswerable {
  unanswerable: string;
}

/** What a channel's `approve` resolves: approved, declined, or unanswerable. */
export type ApprovalAnswer = boolean | ApprovalUnanswerable;

export function isUnanswerable(answer: unknown): answer is ApprovalUnanswerable {
  return (
    typeof answer === 'object' && answer !== null && typeof (answer as ApprovalUnanswerable).unanswerable === 'string'
  );
}

export interface UserChannel {
  /** Resolves the answer; rejects with ToolError CANCELLED when dismissed, TIMEOUT on timeout. */
  ask(question: UserQuestion, options: { signal: AbortSignal }): Promise<UserAnswer>;
  /**
   * Resolves true to let the call run, false when the human refused it (also on timeout), or
   * `{ unanswerable }` when no human could be asked (a client that cancels every prompt, no UI):
   * the call is refused saying so, never as if someone had said no. May reject with a ToolError.
   */
  approve(call: ApprovalRequest, options: { signal: AbortSignal }): Promise<ApprovalAnswer>;
  /**
   * Why no human can be reached right now (no terminal, an MCP client that cannot elicit), or
   * undefined when one can. Toolkits do not list ask_user while it says so, and refuse `ask` calls
   * with this reason. Omitted: always reachable.
   */
  unreachable?(): string | undefined;
}

/**
 * What a host's answer callback may return: the labels chosen (`string[]`), free text or one label
 * (`string`), a full answer, or `null`/`undefined` when the user dismissed the question.
 */
export type RawUserAnswer = UserAnswer | string | string[] | null | undefined;

/**
 * Turns what a person or host gave into a `UserAnswer` checked against the question: a string that
 * names an option (case-insensitively) selects it, any other string is free text; labels must exist,
 * and only a multi-select question takes more than one. `null`/`undefined` → CANCELLED.
 */
export function normalizeAnswer(question: UserQuestion, raw: RawUserAnswer): UserAnswer {
  if (raw === null || raw === undefined) throw dismissed();
  const labels = (question.options ?? []).map((o) => o.label);
  const canonical = (label: string): string | undefined =>
    labels.find((l) => l === label) ?? labels.find((l) => l.toLowerCase() === label.trim().toLowerCase());
  let selected: string[];
  let freeText: string | undefined;
  if (typeof raw === 'string') {
    const label = canonical(raw);
    selected = label !== undefined ? [label] : [];
    freeText = label === undefined ? raw : undefined;
  } else if (Array.isArray(raw)) {
    selected = raw.map((label) => {
      const known = canonical(label);
      if (known === undefined) throw new TypeError(`"${label}" is not one of the options (${labels.join(', ')})`);
      return known;
    });
  } else {
    selected = raw.selected.map((label) => {
      const known = canonical(label);
      if (known === undefined) throw new TypeError(`"${label}" is not one of the options (${labels.join(', ')})`);
      return known;
    });
    freeText = raw.answer;
  }
  selected = [...new Set(selected)];
  if (selected.length > 1 && !question.multi_select) {
    throw new TypeError(`the question allows one option, but ${selected.length} were chosen`);
  }
  return { answer: freeText ?? selected.join(', '), selected };
}

function dismissed(): ToolError {
  return new ToolError('CANCELLED', 'the user dismissed the question without answering');
}

function timedOut(ms: number): ToolError {
  return new ToolError('TIMEOUT', `the user did not answer within ${Math.round(ms / 1000)} s`);
}

/**
 * Runs `work` with a timeout and the caller's abort signal; the child signal it passes down fires on
 * either, so the work can stop listening. Timeout → TIMEOUT, abort → CANCELLED.
 */
async function bounded<T>(
  signal: AbortSignal,
  timeoutMs: number | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (signal.aborted) throw abortError(signal);
  const inner = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    onAbort = () => {
      inner.abort(signal.reason);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined && timeoutMs > 0) {
      timer = setTimeout(() => {
        const error = timedOut(timeoutMs);
        inner.abort(error);
        reject(error);
      }, timeoutMs);
    }
  });
  try {
    return await Promise.race([work(inner.signal), stop]);
  } finally {
    if (timer) clearTimeout(timer);
    signal.removeEventListener('abort', onAbort!);
    if (!inner.signal.aborted) inner.abort();
  }
}

export interface ProgrammaticUserChannelOptions {
  /** Answers a question (a host UI, a test script). Return `null` to dismiss. Without it, ask → UNAVAILABLE. */
  answer?: (question: UserQuestion, options: { signal: AbortSignal }) => RawUserAnswer | Promise<RawUserAnswer>;
  /** Decides an approval. Without it every approval is refused. */
  approve?: (call: ApprovalRequest, options: { signal: AbortSignal }) => boolean | Promise<boolean>;
  /** Give up on an unanswered question after this many ms (TIMEOUT) and refuse an unanswered approval. */
  timeoutMs?: number;
}

/** A user channel driven by host callbacks: for GUIs, chat front ends and tests. */
export function createProgrammaticUserChannel(options: ProgrammaticUserChannelOptions = {}): UserChannel {
  return {
    unreachable: () => (options.answer || options.approve ? undefined : 'this host gave no way to reach the user'),
    async ask(question, { signal }) {
      const answer = options.answer;
      if (!answer) throw new ToolError('UNAVAILABLE', 'this host cannot ask the user questions');
      const raw = await bounded(signal, options.timeoutMs, (inner) =>
        Promise.resolve(answer(question, { signal: inner })),
      );
      return normalizeAnswer(question, raw);
    },
    async approve(call, { signal }) {
      const approve = options.approve;
      if (!approve) return false;
      try {
        return (
          (await bounded(signal, options.timeoutMs, (inner) => Promise.resolve(approve(call, { signal: inner })))) ===
          true
        );
      } catch (error) {
        if (error instanceof ToolError && error.code === 'TIMEOUT') return false;
        throw error;
      }
    },
  };
}

export interface TerminalUserChannelOptions {
  /** Where answers are typed (default process.stdin); must be a TTY, else ask → UNAVAILABLE. */
  input?: Readable & { isTTY?: boolean };
  /** Where questions are shown (default process.stderr, so stdout stays clean for results). */
  output?: Writable;
  /** Give up after this many ms: a question fails with TIMEOUT, an approval is refused. */
  timeoutMs?: number;
  /** Longest approval request shown (default 20,000 characters); a longer one is refused, never cut. */
  maxApprovalChars?: number;
}

/** The terminal a channel talks on. */
interface TerminalIo {
  input: Readable & { isTTY?: boolean };
  output: Writable;
}

/**
 * Asks on the terminal with readline. Options are numbered; the user types a number (several,
 * separated by commas or spaces, for a multi-select), a label, or free text. An empty line,
 * end of input or Ctrl-C dismisses the question (CANCELLED). Questions are asked one at a time.
 */
export function createTerminalUserChannel(options: TerminalUserChannelOptions = {}): UserChannel {
  const io: TerminalIo = { input: options.input ?? process.stdin, output: options.output ?? process.stderr };
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };
  return {
    unreachable: () => (io.input.isTTY ? undefined : 'no interactive terminal is attached (stdin is not a TTY)'),
    async ask(question, { signal }) {
      if (!io.input.isTTY) {
        throw new ToolError(
          'UNAVAILABLE',
          'no interactive terminal is attached (stdin is not a TTY), so the user cannot be asked; proceed with your best judgement and state your assumptions',
        );
      }
      return serialized(() => bounded(signal, options.timeoutMs, (inner) => askOnTerminal(io, question, inner)));
    },
    approve(call, { signal }) {
      if (!io.input.isTTY) {
        return Promise.reject(
          new ToolError(
            'DENIED_BY_POLICY',
            `${call.operation} needs the user's approval, but no interactive terminal is attached`,
          ),
        );
      }
      // The human sees the whole input, hidden characters escaped, or the call is refused.
      const shown = approvalText(call, options.maxApprovalChars ?? DEFAULT_MAX_APPROVAL_CHARS);
      if (shown.refusal)
        return Promise.reject(new ToolError('DENIED_BY_POLICY', `${call.operation} was refused: ${shown.refusal}`));
      return serialized(async () => {
        try {
          return await bounded(signal, options.timeoutMs, async (inner) => {
            io.output.write(`\n! ${shown.text}\n`);
            const line = await readTerminalLine(io, 'Allow? [y/N] ', inner);
            return line !== null && /^\s*y(es)?\s*$/i.test(line);
          });
        } catch (error) {
          if (error instanceof ToolError && error.code === 'TIMEOUT') return false;
          throw error;
        }
      });
    },
  };
}

/** Shows the question and its numbered options, then reads lines until one is an answer. */
async function askOnTerminal(io: TerminalIo, question: UserQuestion, signal: AbortSignal): Promise<UserAnswer> {
  const optionsList = question.options ?? [];
  // The model wrote these: escape what could redraw the terminal or hide text.
  const lines = [`\n? ${visibleText(question.question)}`];
  optionsList.forEach((option, i) => {
    lines.push(
      // One line each: a line break in a label would print option lines of its own (`2. …`).
      `  ${i + 1}. ${visibleLine(option.label)}${option.description ? ` — ${visibleLine(option.description)}` : ''}`,
    );
  });
  const hint =
    optionsList.length === 0
      ? 'Your answer (empty line to dismiss): '
      : question.multi_select
        ? 'Numbers separated by commas, or type your own answer (empty line to dismiss): '
        : 'Number, or type your own answer (empty line to dismiss): ';
  io.output.write(`${lines.join('\n')}\n`);
  for (;;) {
    const line = await readTerminalLine(io, hint, signal);
    if (signal.aborted) throw abortReason(signal);
    if (line === null || line.trim() === '') throw dismissed();
    const picked = parseChoice(line, optionsList.length, Boolean(question.multi_select));
    if (picked === 'invalid') {
      io.output.write(
        `Please choose between 1 and ${optionsList.length}${question.multi_select ? ' (e.g. 1,3)' : ''}.\n`,
      );
      continue;
    }
    if (picked)
      return normalizeAnswer(
        question,
        picked.map((i) => optionsList[i]!.label),
      );
    return normalizeAnswer(question, line.trim());
  }
}

/** Shows `prompt` and resolves the next line typed, or null when the user dismisses it. */
function readTerminalLine({ input, output }: TerminalIo, prompt: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolveLine) => {
    const terminal = typeof (input as { setRawMode?: unknown }).setRawMode === 'function';
    const rl = readline().createInterface({ input, output, terminal });
    let settled = false;
    const finish = (line: string | null) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      rl.close();
      resolveLine(line);
    };
    const onAbort = () => {
      output.write('\n');
      finish(null);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    rl.on('SIGINT', () => {
      output.write('\n');
      finish(null);
    });
    rl.on('close', () => finish(null));
    rl.question(prompt, (line) => finish(line));
  });
}

function abortReason(signal: AbortSignal): ToolError {
  // abortError already returns a ToolError reason as is, and survives a reason whose traps throw.
  return abortError(signal);
}

/**
 * `"2"` → [1]; `"1, 3"` → [0, 2] (multi-select only); out-of-range numbers → 'invalid';
 * anything that is not a list of numbers → undefined (a label or free text).
 */
export function parseChoice(line: string, count: number, multi: boolean): number[] | 'invalid' | undefined {
  if (count === 0) return undefined;
  const trimmed = line.trim();
  if (!/^\d+([\s,]+\d+)*$/.test(trimmed)) return undefined;
  const numbers = trimmed.split(/[\s,]+/).map(Number);
  if (!multi && numbers.length > 1) return 'invalid';
  if (numbers.some((n) => n < 1 || n > count)) return 'invalid';
  return [...new Set(numbers.map((n) => n - 1))];
}

/** JSON form of the `user` toolkit option: scripted answers, given out in order (tests, replays, CI). */
export interface ScriptedUserConfig {
  /** One entry per question: a label, free text, several labels, or `null` to dismiss. */
  answers?: RawUserAnswer[];
  /** Answer to every approval (default false: refuse). */
  approve?: boolean;
}

export type UserChannelOption = UserChannel | ScriptedUserConfig;

/** A channel that replays scripted answers; once they run out, questions are dismissed (CANCELLED). */
export function createScriptedUserChannel(config: ScriptedUserConfig): UserChannel {
  const answers = [...(config.answers ?? [])];
  return createProgrammaticUserChannel({
    answer: () => (answers.length > 0 ? answers.shift() : null),
    approve: () => config.approve === true,
  });
}

/** Resolves the `user` toolkit option: a channel as is, a scripted config as a scripted channel. */
export function resolveUserChannel(option: UserChannelOption | undefined): UserChannel | undefined {
  if (option === undefined) return undefined;
  if (typeof (option as UserChannel).ask === 'function') return option as UserChannel;
  return createScriptedUserChannel(option as ScriptedUserConfig);
}
