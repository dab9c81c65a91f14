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
  /** Per folder loaded: its chain of rules is loaded (and linked into `nearest`). */
  private readonly chains = new Map<string, Promise<void>>();
  /** Per folder loaded: the nearest folder at or above it with rules, and the next one up. */
  private readonly nearest = new Map<string, RuleFolder | undefined>();

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

  /**
   * Loads the rules of `dirRel`, of every folder above it, and of the folders above the root. Each
   * folder's chain is loaded once and reused by the folders below it: a folder 2,000 levels deep
   * costs its own rules, not the whole chain again (that was cubic in the depth).
   */
  private load(dirRel: string, ownExists?: boolean): Promise<void> {
    let chain = this.chains.get(dirRel);
    if (!chain) {
      this.aboveLoading ??= this.loadAbove();
      const slash = dirRel.lastIndexOf('/');
      const parent = dirRel === '' ? undefined : slash < 0 ? '' : dirRel.slice(0, slash);
      chain = Promise.all([
        this.aboveLoading,
        parent === undefined ? undefined : this.load(parent),
        this.rulesOf(dirRel, ownExists),
      ]).then(() => this.link(dirRel, parent));
      this.chains.set(dirRel, chain);
    }
    return chain;
  }

  /** Records the nearest folder at or above `dirRel` that has rules (its parent's chain is linked already). */
  private link(dirRel: string, parent: string | undefined): void {
    const own = this.loaded.get(dirRel);
    const above = parent === undefined ? undefined : this.nearest.get(parent);
    this.nearest.set(dirRel, own ? { dir: dirRel, ig: own, up: above } : above);
  }

  /** The deepest .gitignore with an opinion on the path decides, as in git. */
  private decide(entryRel: string, isDir: boolean): boolean {
    const suffix = isDir ? '/' : '';
    const slash = entryRel.lastIndexOf('/');
    // Only the folders that have rules, nearest first (linked when their folders were loaded).
    for (let at = this.nearest.get(slash < 0 ? '' : entryRel.slice(0, slash)); at; at = at.up) {
      const result = at.ig.test(`${at.dir ? entryRel.slice(at.dir.length + 1) : entryRel}${suffix}`);
      if (result.ignored) return true;
      if (result.unignored) return false;
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

/** A folder with a .gitignore, and the next one above it that has one. */
interface RuleFolder {
  dir: string;
  ig: Ignore;
  up: RuleFolder | undefined;
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
