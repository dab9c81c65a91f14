// One simple command as the analyser reports it (a leaf module: the wrappers, the walk and the
// policy read it).
import type { Word } from './words.js';

export interface SimpleCommand {
  /** Source text of the command (for a command found through a wrapper: the inner words). */
  text: string;
  /** Program and arguments after quote removal; empty for an opaque or a neutral entry. */
  words: Word[];
  /** Names assigned in front of the command (`FOO=1 cmd`). */
  assignments: string[];
  /** Targets of output redirections that write a file (not /dev/null, not `2>&1`). */
  writes: string[];
  /** Why this command cannot be known statically; a command rule never allows it. */
  opaque?: string;
  /** More arguments are added at run time (xargs, find -exec … +). */
  trailingUnknown?: boolean;
  /** Wrappers it ran through (`sudo`, `timeout`, `bash -c`). */
  via: string[];
  /** No program runs (a plain assignment, `[[ … ]]` without expansions). */
  neutral?: boolean;
  /** Background (`&`). */
  background?: boolean;
}
