// The paths a modelled command line names, for path rules: the line is read with the read-only
// shell model (the one shell_read runs by), every file word is resolved against the folder its
// command runs in (globs expanded as bash expands them, `REV:PATH` against the repository's top),
// and each becomes a path subject as given and as its real target. What cannot be named before
// the line runs (a line the model does not read, a list file of names, a folder after `cd -`, a
// path through /proc) is returned as a reason instead: deny and ask path rules then match it.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../workspace.js';
import { expandGlob } from './expand-glob.js';
import { lexicalRelative, normalizeRelative, type PathSubject } from './paths.js';
import { bashParserLoaded, loadBashParser } from './shell/parser.js';
import type { ReadUse } from './shell/read-only.js';

/** One path a line names, with the word it came from. */
export interface NamedSubject extends PathSubject {
  program: string;
}

export interface CommandPaths {
  subjects: NamedSubject[];
  /** Why some file the line reads cannot be named before it runs (each one a reason). */
  unknown: string[];
  /** The model does not read the line at all (the handler will not run it). */
  unmodelled?: string;
}

/** Paths under these are other names for any file (a process's cwd, root or descriptors). */
const ALIASES = /^\/(proc|dev\/fd|dev\/std(in|out|err))(\/|$)/;

type ReadOnlyModule = typeof import('./shell/read-only.js');
let readOnly: Promise<ReadOnlyModule> | undefined;
let loaded: ReadOnlyModule | undefined;
const loadReadOnly = (): Promise<ReadOnlyModule> =>
  (readOnly ??= import('./shell/read-only.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      readOnly = undefined;
      throw error;
    },
  ));

/** Loads the parser and the read-only model (lines are then read synchronously, for examples). */
export async function loadCommandPathModel(): Promise<void> {
  await loadBashParser();
  await loadReadOnly();
}

/** Whether the parser is loaded, and the read-only model with it where it was asked for. */
export function commandPathModelLoaded(): boolean {
  return bashParserLoaded() && loaded !== undefined;
}

/**
 * The workspace-relative paths a line names, read lexically (no file system: a glob stays as it is
 * written), for a rule's examples; undefined when the model does not read the line. The model must
 * be loaded.
 */
export function namedPathsAsWritten(line: string, root: string): string[] | undefined {
  if (!loaded) throw new Error('the read-only model was used before loadCommandPathModel() loaded it');
  const verdict = loaded.classifyReadOnly(line, { root, cwd: root });
  if (!verdict.ok) return undefined;
  return verdict.reads.flatMap((use) =>
    use.implicit || use.cwd === undefined ? [] : [path.relative(root, path.resolve(use.cwd, use.text))],
  );
}

/** The paths `line`, run in `cwd` (absolute, real), names inside the workspace at `root`. */
export async function commandPaths(line: string, cwd: string, root: string): Promise<CommandPaths> {
  await loadBashParser();
  const { classifyReadOnly } = await loadReadOnly();
  const verdict = classifyReadOnly(line, { root, cwd });
  if (!verdict.ok) return { subjects: [], unknown: [], unmodelled: `\`${verdict.command}\`: ${verdict.reason}` };
  const found: CommandPaths = { subjects: [], unknown: verdict.unknown.map((u) => `${u.program} ${u.reason}`) };
  const tops = new Map<string, Promise<string | undefined>>();
  for (const use of verdict.reads) {
    if (use.implicit) continue;
    if (use.cwd === undefined) {
      found.unknown.push(`${use.program} ${use.raw} runs after a cd to a folder only known at run time`);
      continue;
    }
    let base = use.cwd;
    if (use.base === 'repository') {
      let top = tops.get(use.cwd);
      if (!top) tops.set(use.cwd, (top = repositoryTop(use.cwd)));
      base = (await top) ?? use.cwd;
    }
    for (const absolute of await expanded(use, base, found)) {
      if (ALIASES.test(absolute)) {
        found.unknown.push(`${use.program} ${use.raw} reaches files through ${absolute}, which can name any file`);
        continue;
      }
      found.subjects.push(await subject(use, absolute, root));
    }
  }
  return found;
}

/** The absolute paths a word stands for: a glob's matches (or the word itself when none matches). */
async function expanded(use: ReadUse, base: string, found: CommandPaths): Promise<string[]> {
  if (!use.glob) return [path.resolve(base, use.text)];
  const expansion = await expandGlob(use.raw, base);
  if ('tooMany' in expansion) {
    found.unknown.push(`${use.program}: ${expansion.tooMany}`);
    return [];
  }
  return expansion.paths.length > 0 ? expansion.paths : [path.resolve(base, use.text)];
}

async function subject(use: ReadUse, absolute: string, root: string): Promise<NamedSubject> {
  const lexical = lexicalRelative(root, absolute);
  const target = await realpath(absolute).catch(() => undefined);
  const real =
    target !== undefined && isInside(root, target) ? normalizeRelative(path.relative(root, target)) : undefined;
  return {
    given: use.glob ? `${use.raw} (${path.relative(use.cwd ?? root, absolute) || '.'})` : use.raw,
    program: use.program,
    ...(lexical !== undefined ? { lexical } : {}),
    ...(real !== undefined ? { real } : {}),
  };
}

/** The top folder of the git repository `cwd` is in (where `.git` is), or undefined. */
async function repositoryTop(cwd: string): Promise<string | undefined> {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (
      await stat(path.join(dir, '.git')).then(
        () => true,
        () => false,
      )
    )
      return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
