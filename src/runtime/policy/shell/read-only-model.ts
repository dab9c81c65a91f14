// What a program model is: a function from a command's argument words to a verdict, either the
// reason it is refused or the words it reads as files (checked without a sandbox to stay inside
// the workspace). Most models are a getopt grammar plus a verdict per option, built by `optionModel`.
import { parseOptions, type Grammar, type ParsedOption } from './read-only-options.js';
import type { Word } from './words.js';

export interface ModelContext {
  /** No sandbox around the run: the strict subset applies (paths stay in the workspace). */
  strict: boolean;
}

/** What a program does with a folder it is given: lists its entries' names, or reads the files in it. */
export interface FolderUse {
  reads: 'names' | 'contents';
  /** 1: the folder's own entries; Infinity: everything below it. */
  depth: number;
  /** Entries whose names start with a dot are reached too. */
  dotfiles: boolean;
  /** Symbolic links met inside are followed. */
  follows: boolean;
  /** Only entries whose name matches every one of these globs are printed (find -name, -iname). */
  names?: { glob: string; ignoreCase: boolean }[];
}

/** A level count given to an option (`tree -L 2`, `find -maxdepth 1`); anything else is every level. */
export const levels = (value: string | undefined): number =>
  value !== undefined && /^[0-9]{1,6}$/.test(value) ? Number(value) : Infinity;

/** A word a program reads as a file; `noDirectory` refuses it (without a sandbox) if it is a folder. */
export interface PathUse {
  word: Word;
  noDirectory?: string;
  /** What the program does when the word names a folder (absent: nothing inside it is reached). */
  folder?: FolderUse;
  /** Not written by the user: the folder a program walks when given none (`.`). */
  implicit?: boolean;
  /** Relative to the repository's top folder (git's `REV:PATH`), not to the folder the command runs in. */
  base?: 'repository';
  /** Decided by path rules only: without a sandbox it is not required to lie inside the workspace (git reads it from its object store, test only looks at it). */
  ruleOnly?: boolean;
}

/** What a git command reads beyond the paths it names: checked against the repository on disk. */
export interface GitUse {
  subcommand: string;
  /**
   * Where the file names and contents it may print come from: `none` (no file names or contents),
   * `tracked` (the index and the files it tracks) or `history` (any commit, stash or object).
   */
  reads: 'none' | 'tracked' | 'history';
  /** `tracked` becomes `history` once one of `ambiguous` is a revision (git diff REV, git grep x REV). */
  revisionsReadHistory?: boolean;
  /** It may also print untracked files: those not ignored, or every one. */
  untracked?: 'unignored' | 'all';
  /** Operands git reads as pathspecs (after `--`, or where it takes no revision). */
  pathspecs: Word[];
  /** Operands before `--` that git reads as revisions (`REV:PATH` always), or as pathspecs when they name files on disk. */
  ambiguous: Word[];
  /** Pathspecs are globs or case-insensitive (--glob-pathspecs, --icase-pathspecs): they limit nothing the model can use. */
  loose?: boolean;
  /** Why it can print an object named by its id (a file's contents without its path). */
  objects?: string;
  /** Objects it prints are named where the model cannot see them (standard input, every object). */
  anyObject?: boolean;
}

export type ModelResult =
  | { problem: string }
  | {
      paths: PathUse[];
      globSafe?: boolean;
      /** Why the program reads files whose names the model cannot know (a list file, a checksum list). */
      unknownReads?: string;
      /**
       * Arguments that make the program list, NUL-separated, exactly the files its folder walks reach
       * (`rg --files --null` with the same walk options): its own ignore files and filters applied.
       */
      listing?: string[];
      git?: GitUse;
    };

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
  /** What the program does with a folder operand, given its options (absent: nothing inside is reached). */
  folders?: (options: ParsedOption[]) => FolderUse | undefined;
  /** The program walks `.` when it is given no file operand (find, du, tree, ls, grep -r). */
  walksCwd?: (options: ParsedOption[]) => boolean;
  /** Options after which the program reads files whose names the model cannot know, by id, with why. */
  unknownReads?: Readonly<Record<string, string>>;
  /** The arguments that list the files its walks reach (ModelResult.listing), given its options and file operands. */
  listing?: (options: ParsedOption[], files: Word[]) => string[] | undefined;
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
    const folder = spec.folders?.(parsed.options);
    for (const use of fileOperands) {
      const named: PathUse = 'word' in use ? use : { word: use };
      paths.push(folder && !named.folder ? { ...named, folder } : named);
    }
    if (folder && fileOperands.length === 0 && spec.walksCwd?.(parsed.options))
      paths.push({ word: { text: '.', dynamic: false, raw: '.' }, folder, implicit: true });
    const unknown = parsed.options.find((o) => spec.unknownReads?.[o.id]);
    const listing = folder
      ? spec.listing?.(
          parsed.options,
          fileOperands.map((use) => ('word' in use ? use.word : use)),
        )
      : undefined;
    return {
      paths,
      globSafe: globSafeWhen(ctx.strict),
      ...(unknown ? { unknownReads: `${unknown.spelled} ${spec.unknownReads![unknown.id]}` } : {}),
      ...(listing ? { listing } : {}),
    };
  };
  model.grammar = spec.grammar;
  return model;
}

/** Every argument is data the program prints or compares (echo, true): nothing to refuse. */
export const dataOnly: Model = () => ({ paths: [], globSafe: true });

export const has = (options: ParsedOption[], ...ids: string[]) => options.some((o) => ids.includes(o.id));

/** How many times options with these ids are given (`-uu` is two). */
export const count = (options: ParsedOption[], ...ids: string[]) => options.filter((o) => ids.includes(o.id)).length;
