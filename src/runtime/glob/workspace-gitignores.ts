import { lstat, readFile, type Dirent } from 'node:fs';
import path from 'node:path';
import { compileGitignore, type GitignoreTest as Ignore } from './gitignore-rules.js';

/**
 * The `.gitignore` files that apply inside the workspace, loaded lazily as folders are read: those
 * of every folder from the workspace root down, and — as rg does with --no-require-git — those of
 * the folders above the root (a workspace that is a package of a bigger repository).
 */
export class GitignoreRules {
  private readonly byDir = new Map<string, Promise<Ignore | undefined>>();
  /** Rules already loaded, by workspace-relative folder (undefined: no .gitignore there). */
  private readonly loaded = new Map<string, Ignore | undefined>();
  /** .gitignore files above the root, nearest first, with the root's path relative to each. */
  private above: { prefix: string; ig: Ignore }[] = [];
  private aboveLoading: Promise<void> | undefined;

  constructor(private readonly root: string) {}

  /**
   * Keeps the entries of folder `dirAbs` that are not `.git` and not ignored folders. Files are
   * kept: checking only the files a pattern matches (ignoresLoaded) is far cheaper than all of them.
   */
  async filter(dirAbs: string, entries: Dirent[]): Promise<Dirent[]> {
    const dirRel = toPosix(path.relative(this.root, dirAbs));
    if (dirRel.startsWith('..')) return entries;
    const ownHasGitignore = entries.some((e) => e.name === '.gitignore' && e.isFile());
    await this.load(dirRel, ownHasGitignore);
    return entries.filter((entry) => {
      if (entry.name === '.git') return false;
      if (!entry.isDirectory()) return true;
      return !this.decide(dirRel ? `${dirRel}/${entry.name}` : entry.name, true);
    });
  }

  /** Whether a file in a folder the walk has read is ignored (its rules are loaded by then). */
  ignoresLoaded(fileRel: string): boolean {
    return this.decide(fileRel, false);
  }

  /** True when `fileRel` (workspace-relative) is ignored by some .gitignore or lies in `.git`. */
  async ignores(fileRel: string): Promise<boolean> {
    const parts = fileRel.split('/');
    if (parts.includes('.git')) return true;
    await this.load(parts.slice(0, -1).join('/'));
    return this.decide(fileRel, false);
  }

  /** Loads the rules of `dirRel`, of every folder above it, and of the folders above the root. */
  private async load(dirRel: string, ownExists?: boolean): Promise<void> {
    this.aboveLoading ??= this.loadAbove();
    const chain = ancestorsOf(dirRel);
    await Promise.all([
      this.aboveLoading,
      ...chain.map((dir) => this.rulesOf(dir, dir === dirRel ? ownExists : undefined)),
    ]);
  }

  /** The deepest .gitignore with an opinion on the path decides, as in git. */
  private decide(entryRel: string, isDir: boolean): boolean {
    const suffix = isDir ? '/' : '';
    const slash = entryRel.lastIndexOf('/');
    let dir = slash < 0 ? '' : entryRel.slice(0, slash);
    for (;;) {
      const ig = this.loaded.get(dir);
      if (ig) {
        const result = ig.test(`${dir ? entryRel.slice(dir.length + 1) : entryRel}${suffix}`);
        if (result.ignored) return true;
        if (result.unignored) return false;
      }
      if (dir === '') break;
      const up = dir.lastIndexOf('/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
    for (const { prefix, ig } of this.above) {
      const result = ig.test(`${prefix}/${entryRel}${suffix}`);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }

  private async loadAbove(): Promise<void> {
    const found: { prefix: string; ig: Ignore }[] = [];
    if (path.dirname(this.root) === this.root) return;
    let dir = path.dirname(this.root);
    for (;;) {
      const content = await readGitignore(dir);
      const prefix = toPosix(path.relative(dir, this.root));
      if (content !== undefined) {
        // rg matches each path on its own; the ignore package also tests parent folders, so a rule
        // that ignores the workspace folder (or a folder above it) would hide everything: drop those.
        const lines = content.split(/\r?\n/).filter((line) => !compileGitignore(line).test(`${prefix}/`).ignored);
        found.push({ prefix, ig: compileGitignore(lines.join('\n')) });
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    this.above = found;
  }

  private rulesOf(dirRel: string, exists?: boolean): Promise<Ignore | undefined> {
    let rules = this.byDir.get(dirRel);
    if (!rules) {
      rules = exists === false ? Promise.resolve(undefined) : loadGitignore(path.join(this.root, dirRel));
      // The caller awaits `rules` and sees its failure; this side chain must not surface it again.
      rules.then(
        (ig) => this.loaded.set(dirRel, ig),
        () => undefined,
      );
      this.byDir.set(dirRel, rules);
    }
    return rules;
  }
}

/** '' (the root), then every folder down to `dirRel` inclusive. */
function ancestorsOf(dirRel: string): string[] {
  const chain = [''];
  if (!dirRel) return chain;
  const parts = dirRel.split('/');
  for (let i = 1; i <= parts.length; i++) chain.push(parts.slice(0, i).join('/'));
  return chain;
}

async function loadGitignore(dirAbs: string): Promise<Ignore | undefined> {
  const content = await readGitignore(dirAbs);
  return content === undefined ? undefined : compileGitignore(content);
}

function readGitignore(dirAbs: string): Promise<string | undefined> {
  const file = path.join(dirAbs, '.gitignore');
  return new Promise((resolve) => {
    // Only a regular file counts: a symlinked .gitignore could point anywhere.
    lstat(file, (statError, stats) => {
      if (statError || !stats.isFile()) return resolve(undefined);
      readFile(file, 'utf8', (readError, content) => resolve(readError ? undefined : content));
    });
  });
}

function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}
