// Matching `command` patterns against analysed command lines: with the analyser it depends on, most
// of the policy code, so it is loaded with the bash parser (analyser.ts), never by a toolkit whose
// policy has no command rules.
import type { CommandPattern } from './match.js';
import { harmlessInEnvironment } from './variables.js';
import type { SimpleCommand } from './split.js';
import { programNames } from './wrappers.js';

export { analyzeShell } from './split.js';

/**
 * `certain`: the command is exactly what the pattern allows (for allow rules): every word known,
 * no prefix assignment that changes how it runs, no extra words added at run time.
 * Otherwise `possible`: the command could be what the pattern names (for ask and deny rules).
 */
export function commandMatches(
  pattern: CommandPattern,
  cmd: SimpleCommand,
  mode: 'certain' | 'possible',
  workspaceRoot: string,
): boolean {
  if (cmd.opaque || cmd.neutral || cmd.words.length === 0) return false;
  if (mode === 'certain' && cmd.assignments.some((name) => !harmlessInEnvironment(name))) return false;
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
        const names = programNames(word, workspaceRoot, mode);
        // `RM` runs rm on a case-insensitive file system: ask and deny rules match the program in any case.
        if (mode === 'certain' ? !names.every((n) => want.re.test(n)) : !names.some((n) => want.reIgnoreCase.test(n)))
          return false;
      } else if (!want.re.test(word.text)) {
        return false;
      }
    }
    i++;
  }
  if (i < words.length) return false;
  return mode === 'possible' || cmd.trailingUnknown !== true;
}
