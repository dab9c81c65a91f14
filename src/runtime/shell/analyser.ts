// The shell analyser, loaded on first need: splitting a command line into simple commands and
// matching command patterns against them is most of the policy code, and a policy without command
// rules (or a CLI that reads one file) needs none of it. loadBashParser() loads it with the bash
// grammar, since every analysis needs both: whatever awaited it may parse and analyse.
import type * as CommandMatch from './command-match.js';
import { bashGrammarLoaded, loadBashGrammar } from './parser.js';

export type ShellAnalyser = typeof CommandMatch;

let loaded: ShellAnalyser | undefined;
let loading: Promise<ShellAnalyser> | undefined;

export function loadShellAnalyser(): Promise<ShellAnalyser> {
  return (loading ??= import('./command-match.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    },
  ));
}

export function shellAnalyserLoaded(): boolean {
  return loaded !== undefined;
}

/** The loaded analyser; throws (so nothing is decided) when it is used before it was loaded. */
export function shellAnalyser(): ShellAnalyser {
  if (!loaded) throw new Error('the shell analyser was used before loadBashParser() loaded it');
  return loaded;
}

/** Loads the bash grammar and the analyser (idempotent); call before `parseShellSync` or `analyzeShell`. */
export async function loadBashParser(): Promise<void> {
  await Promise.all([loadBashGrammar(), loadShellAnalyser()]);
}

/** Whether shell lines can be analysed now: the grammar and the analyser are loaded. */
export function bashParserLoaded(): boolean {
  return bashGrammarLoaded() && shellAnalyserLoaded();
}
