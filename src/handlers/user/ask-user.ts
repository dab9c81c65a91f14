// user.ask_user: asks the human a question through the host's user channel.
import type { AskUserParams, AskUserResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import { normalizeAnswer, type UserQuestion } from '../../runtime/services/user.js';
import type { HandlerContext } from '../../runtime/contract/types.js';

export async function askUser(params: AskUserParams, ctx: HandlerContext): Promise<Rendered<AskUserResult>> {
  if (params.question.trim() === '') throw new ToolError('INVALID_INPUT', 'question must not be blank');
  const options = params.options ?? [];
  if (params.multi_select && options.length === 0) {
    throw new ToolError('INVALID_INPUT', 'multi_select needs options to choose from; add options or drop multi_select');
  }
  const seen = new Map<string, number>();
  options.forEach((option, i) => {
    const key = option.label.trim().toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw new ToolError(
        'INVALID_INPUT',
        `option labels must be distinct: options[${first}] and options[${i}] are both "${option.label}"`,
      );
    }
    seen.set(key, i);
  });
  const user = ctx.services.user;
  if (!user) {
    throw new ToolError(
      'UNAVAILABLE',
      'no user channel is attached to this toolkit, so the user cannot be asked; proceed with your best judgement and state your assumptions',
    );
  }
  const question: UserQuestion = {
    question: params.question,
    ...(options.length > 0 ? { options: options.map((o) => ({ ...o })) } : {}),
    ...(params.multi_select ? { multi_select: true } : {}),
  };
  const reply = await user.ask(question, { signal: ctx.signal });
  // Channels are host code: re-check what they return against the question.
  let answer;
  try {
    answer = normalizeAnswer(question, reply);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new Error(`the user channel returned an answer that does not fit the question: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const text =
    answer.selected.length > 0
      ? `The user chose: ${answer.selected.join(', ')}`
      : `The user answered: ${answer.answer}`;
  return withText(answer, text);
}
