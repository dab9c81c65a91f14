// awk (mawk, gawk, nawk): the options all of them share that only set variables (-F, -v, `--`),
// then the program text, then input files and `name=value` assignments. Every other option is
// refused (-f, -W, gawk's long options, -e, -i, -l, -E, -o, -p, -d …: they read a program the
// classifier cannot see, load code, or write files). In the program, system, getline, pipes, `@`
// (gawk's @include, @load and indirect calls), ARGV/ARGC (awk opens what they name; gawk opens
// /inet/… as network connections) and a `>` after print are refused.
import { getopt, parseOptions } from './options.js';
import type { Model, PathUse } from './model.js';

const AWK = getopt('+F:v:');

export function awkProgramProblem(program: string): string | undefined {
  if (/\\\n/.test(program)) return 'the awk program continues a line with a backslash, which awks read differently';
  if (/\bsystem\b|\bgetline\b|\||@/.test(program))
    return 'the awk program may run commands or read input it names (system, getline, pipes, @)';
  if (/\bARG[VC]\b/.test(program))
    return 'the awk program uses ARGV or ARGC, which name the files (or, in gawk, network connections) awk opens';
  if (awkPrintRedirects(program))
    return 'the awk program may redirect print or printf into a file (a > after print, outside parentheses)';
  return undefined;
}

/**
 * Whether a print/printf may be followed by an output redirection: a `>` outside parentheses
 * before the statement ends at `;`, `{` or `}` (a newline may continue it: `print a,` ⏎ `b > f`).
 * Exact only with string literals removed; where that is ambiguous, any `>` after a print counts.
 */
function awkPrintRedirects(program: string): boolean {
  const text = awkWithoutStrings(program);
  if (text === undefined) return /\bprintf?\b[\s\S]*>/.test(program);
  let inPrint = false;
  let depth = 0;
  for (const [token] of text.matchAll(/\bprintf?\b|[();{}>]/g)) {
    if (token.startsWith('print')) {
      if (!inPrint) [inPrint, depth] = [true, 0];
    } else if (!inPrint) {
      continue;
    } else if (token === '(') {
      depth++;
    } else if (token === ')') {
      depth = Math.max(0, depth - 1);
    } else if (token === '>') {
      if (depth === 0) return true;
    } else if (depth === 0) {
      inPrint = false;
    }
  }
  return false;
}

/**
 * The awk program with its string literals removed, so `print "a > b"` is not read as a redirection
 * — only where that removal is unambiguous: a `/` (regex or division) or a `#` (comment) could hold
 * a `"` that starts no string, and a string crossing a line is not awk. Otherwise undefined.
 */
function awkWithoutStrings(program: string): string | undefined {
  if (/[/#]/.test(program)) return undefined;
  // Each string becomes a plain operand; a `"` left over means quoting this scan cannot follow.
  const stripped = program.replace(/"(?:[^"\\\n]|\\[^\n])*"/g, ' 0 ');
  return stripped.includes('"') ? undefined : stripped;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export const awkModel: Model = (args, _ctx, program) => {
  const parsed = parseOptions(AWK, args, program);
  if (!parsed.ok)
    return {
      problem: `${parsed.reason} (awk accepts only -F, -v and -- here; -f, -W and long options read or write what the classifier cannot see)`,
    };
  for (const option of parsed.options) {
    if (option.valueWord?.dynamic)
      return { problem: `the value of ${option.spelled} is expanded at run time (${option.valueWord.raw})` };
    if (option.id === 'v' && /^ARG[VC]\b/.test(option.value ?? ''))
      return { problem: `${option.spelled} ${option.value} sets the list of files awk opens` };
  }
  const [text, ...operands] = parsed.operands;
  if (!text) return { problem: 'awk without a program' };
  if (text.dynamic) return { problem: `the awk program ${text.raw} is expanded at run time` };
  const problem = awkProgramProblem(text.text);
  if (problem) return { problem };
  const paths: PathUse[] = [];
  for (const word of operands) {
    if (ASSIGNMENT.test(word.text) && !word.dynamic) {
      if (/^ARG[VC]=/.test(word.text)) return { problem: `${word.text} sets the list of files awk opens` };
      continue;
    }
    // An awk that read options after its program would take this for one.
    if (word.text.startsWith('-') && word.text !== '-')
      return {
        problem: `${word.text} after the awk program is an option to some awks; write ./${word.text} for a file`,
      };
    if (/^\/inet[46]?\//.test(word.text)) return { problem: `${word.text} is a network connection to gawk` };
    paths.push({ word });
  }
  return { paths };
};
