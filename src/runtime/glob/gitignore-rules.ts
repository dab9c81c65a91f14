// A compiled .gitignore whose rules with several `**` are matched by toolwright in linear time
// instead of by the `ignore` package, whose regexes for them are polynomial in the path's depth
// ("**/x/**/x/**/y" over a folder 300 levels deep blocked the event loop for seconds). Rules keep
// their order: the last rule with an opinion decides, as in git.
import ignore, { type Ignore } from 'ignore';
import { exactMatcher } from './match.js';

export interface GitignoreTest {
  test(path: string): { ignored: boolean; unignored: boolean };
}

interface DeepRule {
  negate: boolean;
  dirOnly: boolean;
  /** The path itself matches the rule. */
  self: (path: string) => boolean;
  /** The path lies inside a folder that matches the rule. */
  inside: (path: string) => boolean;
}

const NO_OPINION = { ignored: false, unignored: false };

function globstars(pattern: string): number {
  return pattern.split('/').filter((segment) => segment === '**').length;
}

/** A rule with two or more `**` segments, or undefined for one the `ignore` package handles well. */
function deepRule(line: string): DeepRule | undefined {
  let body = line.replace(/(?<!\\)\s+$/, '');
  if (body === '' || body.startsWith('#')) return undefined;
  const negate = body.startsWith('!');
  if (negate) body = body.slice(1);
  if (globstars(body) < 2) return undefined;
  const dirOnly = body.endsWith('/');
  if (dirOnly) body = body.slice(0, -1);
  if (body.startsWith('/')) body = body.slice(1); // a rule with a slash is anchored anyway
  const self = exactMatcher(body);
  const inside = exactMatcher(`${body}/**`);
  return { negate, dirOnly, self, inside };
}

/** Compiles .gitignore text; `ignore` serves every run of ordinary rules between the deep ones. */
export function compileGitignore(content: string): GitignoreTest {
  const runs: (Ignore | DeepRule)[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) runs.push(ignore({ ignorecase: false, allowRelativePaths: true }).add(pending.join('\n')));
    pending = [];
  };
  for (const line of content.split(/\r?\n/)) {
    const deep = deepRule(line);
    if (deep) {
      flush();
      runs.push(deep);
    } else {
      pending.push(line);
    }
  }
  flush();
  if (runs.length === 1 && !('self' in runs[0]!)) return runs[0] as Ignore;
  return {
    test(path: string) {
      const isDir = path.endsWith('/');
      const plain = isDir ? path.slice(0, -1) : path;
      for (let i = runs.length - 1; i >= 0; i--) {
        const run = runs[i]!;
        if ('self' in run) {
          const hit = ((!run.dirOnly || isDir) && run.self(plain)) || run.inside(plain);
          if (hit) return { ignored: !run.negate, unignored: run.negate };
        } else {
          const result = run.test(path);
          if (result.ignored || result.unignored) return result;
        }
      }
      return NO_OPINION;
    },
  };
}
