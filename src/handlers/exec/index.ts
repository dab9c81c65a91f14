// The exec provider: bash (foreground or background jobs, optionally sandboxed), bash_output, bash_kill and
// bash_write for the jobs, and shell_read for command lines the classifier proves read-only.
import type { ExecHandlers } from '../../generated/types.js';
import { bash } from './bash.js';
import { bashKill } from './bash-kill.js';
import { bashOutput } from './bash-output.js';
import { bashWrite } from './bash-write.js';
import { shellRead } from './shell-read.js';

export const execHandlers = {
  bash,
  bash_output: bashOutput,
  bash_kill: bashKill,
  bash_write: bashWrite,
  shell_read: shellRead,
} satisfies ExecHandlers;
