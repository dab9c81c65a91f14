// What a program model is: a function from a command's argument words to a verdict, either the
// reason it is refused or the words it reads as files (checked without a sandbox to stay inside
// the workspace). Most models are a getopt grammar plus a verdict per option, built by `optionModel`.
import { parseOptions, type Grammar, type ParsedOption } from './read-only-options.js';
import type { Word } from './words.js';

export interface ModelContext {
  /** No sandbox around the run: the strict subset applies (paths stay in the workspace). */
  strict: boolean;
}

/** A word a program reads as a file; `noDirectory` refuses it (without a sandbox) if it is a folder. */
export interface PathUse {
  word: Word;
  noDirectory?: string;
}

export type ModelResult = { problem: string } | { paths: PathUse[]; globSafe?: boolean };

export type Model = ((args: Word[], ctx: ModelContext, program: string) => ModelResult) & {
  /** The getopt grammar the model reads options with, where it has one (checked against the binaries in tests). */
  grammar?: Grammar;
};

export interface OptionModelSpec {
  grammar: Grammar;
  /** Options refused in every mode, by id, with what they do. */
  refuse?: Readonly<Record<string, string>>;
  /** Options refused without a sandbox (they read files the classifier cannot name, or follow symlinks). */
  strict?: Readonly<Record<string, string>>;
  /** Option ids whose value names a file the program reads. */
  pathValues?: readonly string[];
  /** Operands are files (default) or data (printed, compared, looked up; never opened). */
  operands?: 'paths' | 'data';
  /** Further checks once the words are read; may refuse, or say which operands are files. */
  check?: (
    options: ParsedOption[],
    operands: Word[],
    ctx: ModelContext,
  ) => string | { paths: (Word | PathUse)[] } | undefined;
}

export function refusal(option: ParsedOption, what: string): string {
  const resolved = option.name !== undefined && option.spelled !== `--${option.name}` ? ` (--${option.name})` : '';
  return `${option.spelled}${resolved} ${what}`;
}

/** A model from a grammar and a verdict per option id. */
export function optionModel(spec: OptionModelSpec): Model {
  const globSafeWhen = (strict: boolean) =>
    !spec.refuse && !spec.check && (!strict || (!spec.strict && !spec.pathValues));
  const model: Model = (args, ctx, program) => {
    const parsed = parseOptions(spec.grammar, args, program);
    if (!parsed.ok) return { problem: parsed.reason };
    const paths: PathUse[] = [];
    for (const option of parsed.options) {
      const always = spec.refuse?.[option.id];
      if (always) return { problem: refusal(option, always) };
      const strict = ctx.strict ? spec.strict?.[option.id] : undefined;
      if (strict) return { problem: `${refusal(option, strict)}; without a sandbox shell_read keeps to the workspace` };
      if (option.valueWord?.glob)
        return {
          problem: `the value of ${option.spelled} is a glob (${option.valueWord.raw}), which expands to an unknown number of words`,
        };
      if (spec.pathValues?.includes(option.id) && option.value !== undefined) {
        paths.push({ word: option.valueWord ?? { text: option.value, dynamic: false, raw: option.value } });
      }
    }
    let fileOperands: (Word | PathUse)[] = spec.operands === 'data' ? [] : parsed.operands;
    if (spec.check) {
      const verdict = spec.check(parsed.options, parsed.operands, ctx);
      if (typeof verdict === 'string') return { problem: verdict };
      if (verdict) fileOperands = verdict.paths;
    }
    for (const use of fileOperands) paths.push('word' in use ? use : { word: use });
    return { paths, globSafe: globSafeWhen(ctx.strict) };
  };
  model.grammar = spec.grammar;
  return model;
}

/** Every argument is data the program prints or compares (echo, true): nothing to refuse. */
export const dataOnly: Model = () => ({ paths: [], globSafe: true });

export const has = (options: ParsedOption[], ...ids: string[]) => options.some((o) => ids.includes(o.id));
