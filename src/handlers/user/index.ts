// The user provider: ask the human a question through the host's user channel.
import type { UserHandlers } from '../../generated/types.js';
import { askUser } from './ask-user.js';

export const userHandlers = { ask_user: askUser } satisfies UserHandlers;
