// shell_read's classifier: a line runs only when the parser proves every simple command is an
// inspection program from a fixed allowlist whose model (its own option grammar and what each
// option does) accepts its words, joined by pipes and lists, with no substitution, assignment, or
// redirection but to /dev/null. Without a sandbox (strict), the files a command names must also
// lie inside the workspace; those it names are returned for the caller to check on disk.
import path from 'node:path';
import { joinedLines } from './line-checks.js';
import { parseShellSync } from './parser.js';
import { awkModel } from './read-only-awk.js';
import { findModel } from './read-only-find.js';
import { gitModel } from './read-only-git.js';
import type { FolderUse, GitUse, Model, ModelContext, PathUse } from './read-only-model.js';
import { COREUTILS } from './read-only-programs.js';
import { sedModel } from './read-only-sed.js';
import { TOOLS } from './read-only-tools.js';
import { plainTree, type ShellNode } from './tree.js';
import { Opaque, clip, decodeWord, type Word } from './words.js';
import { isInside } from '../../workspace.js';

export { sedScriptProblem } from './read-only-sed.js';

/** A file a command reads, for the caller to check on disk (strict mode only). */
export interface NamedPath {
  /** Absolute, resolved lexically against a folder the command may run in. */
  path: string;
  /** The word as written. */
  raw: string;
  /** A glob: `path` is the folder whose entries it may match, `pattern` the last name. */
  glob?: boolean;
  pattern?: string;
  /** Refused if the path is a folder (the program would follow symbolic links inside it). */
  noDirectory?: string;
}

/** A path a command reads or lists, for path rules (in every mode). */
export interface ReadUse {
  /** The program that reads it (`<` for an input redirection). */
  program: string;
  /** Which simple command of the line (0, 1, …) reads it. */
  command: number;
  /** Arguments that make the program list the files its walks reach (see ModelResult.listing). */
  listing?: string[];
  /** The word after quote removal; for a glob, what bash matches names against. */
  text: string;
  /** The word as written (backslashes kept: a glob's escaped characters are literal). */
  raw: string;
  /** An unquoted glob: bash replaces it with the matching names, or keeps it when none matches. */
  glob?: boolean;
  /** The absolute folder `text` is relative to; undefined when it cannot be known (after `cd -`). */
  cwd: string | undefined;
  /** `text` is relative to the top of the repository at `cwd` (git's `REV:PATH`). */
  base?: 'repository';
  /** What the program does with it if it is a folder. */
  folder?: FolderUse;
  /** The folder a program walks when given none (`.`): only what is inside it counts. */
  implicit?: boolean;
}

/** What a git command may print beyond the paths it names, and the folder it runs in. */
export interface GitRead extends GitUse {
  cwd: string | undefined;
}

/** Everything a line reads that path rules look at. */
export interface LineReads {
  reads: ReadUse[];
  git: GitRead[];
  /** Commands that read files whose names cannot be known before they run, with why. */
  unknown: { program: string; reason: string }[];
}

export type ReadOnlyVerdict =
  ({ ok: true; programs: string[]; paths: NamedPath[] } & LineReads) | { ok: false; command: string; reason: string };

export interface ReadOnlyOptions {
  /** No sandbox around the run: only the strict subset is accepted. */
  strict?: boolean;
  /** The workspace root and the folder the line starts in (required when strict). */
  root?: string;
  cwd?: string;
}

/** Every program shell_read runs, with its model. */
export const PROGRAMS: Readonly<Record<string, Model>> = {
  ...COREUTILS,
  ...TOOLS,
  find: findModel,
  sed: sedModel,
  awk: awkModel,
  gawk: awkModel,
  mawk: awkModel,
  nawk: awkModel,
  git: gitModel,
};
/** Programs whose words may be expanded at run time: they only print them. */
const DYNAMIC_ARGS = new Set(['echo']);

interface Walk extends ModelContext, LineReads {
  programs: string[];
  paths: NamedPath[];
  root: string;
  /** Folders the next command may run in (a `cd` may or may not have happened). */
  cwds: string[];
  /** The same in every mode; undefined stands for a folder that cannot be known (`cd -`, `cd` alone). */
  places: (string | undefined)[];
}

/** Proves a command line read-only or names the first command that is not. The parser must be loaded. */
export function classifyReadOnly(line: string, options: ReadOnlyOptions = {}): ReadOnlyVerdict {
  const strict = options.strict ?? false;
  if (strict && (!options.root || !options.cwd))
    throw new Error('classifyReadOnly: strict mode needs the workspace root and cwd');
  const tree = parseShellSync(line);
  if (!tree)
    return { ok: false, command: clip(line), reason: 'the command line is too long or could not be parsed in time' };
  const walk: Walk = {
    strict,
    programs: [],
    paths: [],
    root: options.root ?? '/',
    cwds: [options.cwd ?? options.root ?? '/'],
    places: [options.cwd ?? options.root ?? '/'],
    reads: [],
    git: [],
    unknown: [],
  };
  try {
    if (tree.rootNode.hasError)
      return { ok: false, command: clip(line), reason: 'the command line does not parse as bash' };
    if (/\\\n/.test(line))
      return {
        ok: false,
        command: clip(line),
        reason: 'line continuations are not accepted here; put the command on one line',
      };
    const root = plainTree(tree, line);
    const joined = joinedLines(line, root);
    if (joined) return { ok: false, command: clip(line), reason: joined };
    if (/[\r\v\f]/.test(line))
      return {
        ok: false,
        command: clip(line),
        reason: 'carriage returns, vertical tabs and form feeds are not accepted',
      };
    const refusal = walkNode(root, walk, 0);
    return (
      refusal ?? {
        ok: true,
        programs: walk.programs,
        paths: walk.paths,
        reads: walk.reads,
        git: walk.git,
        unknown: walk.unknown,
      }
    );
  } finally {
    tree.delete();
  }
}

function refuse(node: ShellNode, reason: string): ReadOnlyVerdict {
  return { ok: false, command: clip(node.text, 120), reason };
}

function walkNode(node: ShellNode, walk: Walk, depth: number): ReadOnlyVerdict | undefined {
  if (depth > 40) return refuse(node, 'the line nests too deeply');
  switch (node.type) {
    case 'comment':
      return undefined;
    case 'program':
    case 'list':
    case 'pipeline':
    case 'subshell':
    case 'compound_statement':
    case 'negated_command':
      for (const child of node.children) {
        if (child.type === '&')
          return refuse(node, 'running commands in the background (&) is not read-only inspection');
        if (!child.isNamed) continue;
        const refusal = walkNode(child, walk, depth + 1);
        if (refusal) return refusal;
      }
      return undefined;
    case 'redirected_statement': {
      for (const redirect of node.childrenForFieldName('redirect')) {
        const problem = redirectProblem(redirect, walk);
        if (problem) return refuse(node, problem);
      }
      const body = node.childForFieldName('body');
      return body ? walkNode(body, walk, depth + 1) : refuse(node, 'a redirection without a command');
    }
    case 'command':
      return simpleCommand(node, walk);
    default:
      return refuse(
        node,
        `${node.type.replace(/_/g, ' ')} is not accepted (only inspection commands joined by pipes, &&, || and ;)`,
      );
  }
}

function redirectProblem(redirect: ShellNode, walk: Walk): string | undefined {
  if (redirect.type !== 'file_redirect') return `${redirect.type.replace(/_/g, ' ')} is not accepted`;
  let operator = '';
  for (const child of redirect.children) if (!child.isNamed) operator += child.type;
  const destination = redirect.childForFieldName('destination');
  if (!destination) return 'closing file descriptors is not accepted';
  let target: Word;
  try {
    target = decodeWord(destination);
  } catch (error) {
    return (error as Error).message;
  }
  if (target.dynamic) return `redirection to ${target.raw} (known only at run time)`;
  // bash itself opens /dev/tcp/HOST/PORT and /dev/udp/… as network connections, even for reading.
  if (/^\/dev\/(tcp|udp)(\/|$)/.test(path.posix.normalize(target.text)))
    return `${target.text} opens a network connection`;
  if (operator === '<') {
    noteReads('<', [{ word: target }], walk);
    return walk.strict ? pathProblem({ word: target }, walk) : undefined;
  }
  if ((operator === '>&' || operator === '<&') && /^[0-9]+$/.test(target.text)) return undefined;
  if (/^(>|>>|&>|&>>|2>|>&)$/.test(operator) && target.text === '/dev/null') return undefined;
  return `output redirection to ${target.text} writes a file (only /dev/null and 2>&1 are accepted)`;
}

function simpleCommand(node: ShellNode, walk: Walk): ReadOnlyVerdict | undefined {
  const words: Word[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') return refuse(node, 'variable assignments are not accepted');
    if (child.type.endsWith('_redirect')) {
      const problem = redirectProblem(child, walk);
      if (problem) return refuse(node, problem);
      continue;
    }
    try {
      words.push(decodeWord(child));
    } catch (error) {
      if (error instanceof Opaque) return refuse(node, error.message);
      throw error;
    }
  }
  const first = words[0];
  if (!first) return refuse(node, 'no program to run');
  if (first.dynamic) return refuse(node, `the program name ${first.raw} is known only at run time`);
  const name = first.text;
  const model = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name]! : undefined;
  if (!model) {
    return refuse(
      node,
      name.includes('/')
        ? `${name} is a path; shell_read runs only allowlisted programs by name`
        : `${name} is not one of shell_read's read-only inspection programs`,
    );
  }
  const args = words.slice(1);
  for (const arg of args) {
    if (arg.dynamic && !arg.glob && !DYNAMIC_ARGS.has(name))
      return refuse(node, `argument ${arg.raw} is expanded at run time`);
  }
  const result = model(args, walk, name);
  if ('problem' in result) return refuse(node, result.problem);
  for (const arg of args) {
    if (!arg.glob || result.globSafe) continue;
    // `-delet?` is compared as written but runs as whatever file name it matches (`-delete`).
    if (arg.text.startsWith('-'))
      return refuse(
        node,
        `${arg.raw} is an option with glob characters: it expands to matching file names, so what runs is not what was checked`,
      );
    if (/^[*?[]/.test(arg.text))
      return refuse(
        node,
        `glob ${arg.raw} could expand to a file name that reads as an option; write ./${arg.text} instead`,
      );
  }
  if (walk.strict) {
    for (const use of result.paths) {
      if (use.ruleOnly || use.implicit) continue;
      const problem = pathProblem(use, walk);
      if (problem) return refuse(node, problem);
    }
    if (name === 'cd') {
      const problem = changeDirectory(result.paths, walk);
      if (problem) return refuse(node, problem);
    }
  }
  noteReads(name, result.paths, walk, result.listing);
  // bash replaces any other glob with the names it matches, which the program then prints (echo .e*).
  const named = new Set(result.paths.map((use) => use.word));
  noteReads(
    name,
    args.filter((arg) => arg.glob && !named.has(arg)).map((word) => ({ word })),
    walk,
  );
  if (result.unknownReads) walk.unknown.push({ program: name, reason: result.unknownReads });
  if (result.git) for (const cwd of walk.places) walk.git.push({ ...result.git, cwd });
  if (name === 'cd') {
    const target = result.paths[0]?.word;
    const next = new Set(walk.places);
    for (const cwd of walk.places)
      next.add(
        target === undefined || target.text === '-' || target.glob || cwd === undefined
          ? undefined
          : path.resolve(cwd, target.text),
      );
    if (next.size > 16) return refuse(node, 'too many cd commands in one line to follow');
    walk.places = [...next];
  }
  walk.programs.push(name);
  return undefined;
}

/** Every file word of a command, once per folder it may run in (stdin and /dev/null read no file). */
function noteReads(program: string, uses: readonly PathUse[], walk: Walk, listing?: string[]): void {
  for (const use of uses) {
    const { word } = use;
    if (STDIO.has(word.text) && !use.implicit) continue;
    for (const cwd of walk.places) {
      walk.reads.push({
        program,
        command: walk.programs.length,
        ...(listing && use.folder ? { listing } : {}),
        text: word.text,
        raw: word.raw,
        cwd,
        ...(word.glob ? { glob: true } : {}),
        ...(use.base ? { base: use.base } : {}),
        ...(use.folder ? { folder: use.folder } : {}),
        ...(use.implicit ? { implicit: true } : {}),
      });
    }
  }
}

const STDIO = new Set(['-', '/dev/null', '/dev/stdin']);
const OUTSIDE = 'without a sandbox shell_read reads only inside the workspace';

/** Strict mode: a file word must stay inside the workspace (lexically here; on disk, by the caller). */
function pathProblem(use: PathUse, walk: Walk): string | undefined {
  const { word } = use;
  const t = word.text;
  if (STDIO.has(t)) return undefined;
  if (word.dynamic && !word.glob) return `${word.raw} names a file only known at run time; ${OUTSIDE}`;
  if (/^~|^[A-Za-z_][A-Za-z0-9_]*=~/.test(t)) return `${word.raw} is in the home folder; ${OUTSIDE}`;
  const slash = t.lastIndexOf('/');
  if (word.glob) {
    if (/[*?[]/.test(t.slice(0, slash + 1)))
      return `${word.raw} has glob characters in a folder name; ${OUTSIDE}, so globs are accepted only in the last name`;
    if (/^\.[^/]*[*?[]/.test(t.slice(slash + 1))) return `${word.raw} could match "..", the folder above; ${OUTSIDE}`;
  }
  for (const cwd of walk.cwds) {
    const absolute = path.resolve(cwd, word.glob ? t.slice(0, slash + 1) || '.' : t);
    if (!isInside(walk.root, absolute)) return `${word.raw} is outside the workspace; ${OUTSIDE}`;
    walk.paths.push({
      path: absolute,
      raw: word.raw,
      ...(word.glob ? { glob: true, pattern: t.slice(slash + 1) } : {}),
      ...(use.noDirectory ? { noDirectory: use.noDirectory } : {}),
    });
  }
  return undefined;
}

function changeDirectory(paths: PathUse[], walk: Walk): string | undefined {
  const target = paths[0]?.word.text;
  if (target === undefined || target === '-') return `cd without a folder (or cd -) leaves the workspace; ${OUTSIDE}`;
  const next = new Set(walk.cwds);
  for (const cwd of walk.cwds) next.add(path.resolve(cwd, target));
  if (next.size > 16) return 'too many cd commands in one line to follow';
  walk.cwds = [...next];
  return undefined;
}
