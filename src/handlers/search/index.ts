// The search provider: glob (fast-glob with .gitignore pruning) and grep (ripgrep, streamed).
import type { SearchHandlers } from '../../generated/types.js';
import { glob } from './glob.js';
import { grep } from './grep.js';

export const searchHandlers = { glob, grep } satisfies SearchHandlers;
