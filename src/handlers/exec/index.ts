// The exec provider: bash (foreground or background jobs, optionally sandboxed), bash_output and
// bash_kill for the jobs, and shell_read for command lines the classifier proves read-only.
import type { ExecHandlers } from '../../generated/types.js';
import { bash } from './bash.js';
import { bashKill } from './bash-kill.js';
import { bashOutput } from './bash-output.js';
import { shellRead } from './shell-read.js';

export const execHandlers = {
  bash,
  bash_output: bashOutput,
  bash_kill: bashKill,
  shell_read: shellRead,
} satisfies ExecHandlers;
