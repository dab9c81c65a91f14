// `command` patterns over one simple command's words.
import { harmlessVariable, type SimpleCommand } from './split.js';
import { programNames } from './wrappers.js';

export interface CommandPattern {
  source: string;
  words: ({ kind: 'any' } | { kind: 'rest' } | { kind: 'word'; re: RegExp; reIgnoreCase: RegExp; literal: string })[];
}

/** `git log *`: words split on blanks; `*` as the last word = zero or more words; `*` inside a word = any text. */
export function compileCommandPattern(source: string): CommandPattern {
  const parts = source.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new TypeError('must not be empty');
  if (parts[0] === '*') throw new TypeError('must start with a program name, not *');
  return {
    source,
    words: parts.map((part, i) => {
      if (part === '*') return i === parts.length - 1 ? { kind: 'rest' as const } : { kind: 'any' as const };
      const source = `^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`;
      return { kind: 'word' as const, re: new RegExp(source, 's'), reIgnoreCase: new RegExp(source, 'si'), literal: part };
    }),
  };
}

/**
 * `certain`: the command is exactly what the pattern allows (for allow rules): every word known,
 * no prefix assignment that changes how it runs, no extra words added at run time.
 * Otherwise `possible`: the command could be what the pattern names (for ask and deny rules).
 */
export function commandMatches(pattern: CommandPattern, cmd: SimpleCommand, mode: 'certain' | 'possible', workspaceRoot: string): boolean {
  if (cmd.opaque || cmd.neutral || cmd.words.length === 0) return false;
  if (mode === 'certain' && cmd.assignments.some((name) => !harmlessVariable(name))) return false;
  const words = cmd.words;
  const pw = pattern.words;
  let i = 0;
  for (let p = 0; p < pw.length; p++) {
    const want = pw[p]!;
    if (want.kind === 'rest') return true;
    const word = words[i];
    if (word === undefined) return mode === 'possible' && cmd.trailingUnknown === true;
    if (word.dynamic) {
      // Certain: an expansion is never known. Possible: it may expand to anything, also several words.
      return mode === 'possible';
    }
    if (want.kind === 'word') {
      if (i === 0) {
        const names = programNames(word, workspaceRoot);
        // `RM` runs rm on a case-insensitive file system: ask and deny rules match the program in any case.
        if (mode === 'certain' ? !names.every((n) => want.re.test(n)) : !names.some((n) => want.reIgnoreCase.test(n))) return false;
      } else if (!want.re.test(word.text)) {
        return false;
      }
    }
    i++;
  }
  if (i < words.length) return false;
  return mode === 'possible' || cmd.trailingUnknown !== true;
}
