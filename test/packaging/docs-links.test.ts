// The README and docs/ link to each other and into the repository: every relative link must name a
// file that exists, and every #anchor a heading of its target (slugs as GitHub makes them).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks (a `# comment` in a yaml block is no heading). */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's heading anchor: inline markup dropped, lower case, punctuation removed, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Relative links of a document: [text](target) outside code, without URLs. */
function linksOf(file: string): string[] {
  const text = prose(readFileSync(file, 'utf8')).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** Files of a provider's own project that the provider guide names (not of this repository). */
const PROVIDER_PROJECT_PATHS = new Set(['src/handlers.ts', 'src/handlers/count-lines.ts']);

/** Paths into the repository that a document names in `code spans` (placeholders and globs left out). */
function repositoryPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const span of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = /^((?:src|test|bench|scripts|codegen|examples|docs|tools\/lint)\/[\w./-]+)$/.exec(span[1]!)?.[1];
    if (path && !/\b(foo|area)\b/.test(path) && !PROVIDER_PROJECT_PATHS.has(path)) paths.add(path.replace(/\/$/, ''));
  }
  return [...paths];
}

function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') walk(path);
      } else if (/\.(ts|mjs|js|sh)$/.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

describe('documentation links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('`path` and `host`')).toBe('path-and-host');
    expect(slug('write_file, edit_file, multi_edit')).toBe('write_file-edit_file-multi_edit');
    expect(slug('Checking a policy: `policy check` and `policy test`')).toBe(
      'checking-a-policy-policy-check-and-policy-test',
    );
    expect(slug('Approvals: `ask`')).toBe('approvals-ask');
  });

  it.each(documents)('every relative link and anchor of %s resolves', (document) => {
    const file = join(root, document);
    const broken: string[] = [];
    for (const link of linksOf(file)) {
      const [target, anchor] = link.split('#', 2) as [string, string | undefined];
      const path = target === '' ? file : resolve(dirname(file), target);
      if (!existsSync(path)) {
        broken.push(`${link}: ${relative(root, path)} does not exist`);
        continue;
      }
      if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(path).has(anchor)) {
        broken.push(`${link}: no heading #${anchor} in ${relative(root, path)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(documents)('%s names no issue number and no document outside the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    expect(text.match(/D[E]SIGN|i[s]sue [0-9]|#[0-9]{2,}/g) ?? []).toEqual([]);
  });

  it.each(documents)('every repository path %s names in code spans exists', (document) => {
    const missing = repositoryPaths(readFileSync(join(root, document), 'utf8')).filter(
      (path) => !existsSync(join(root, path)),
    );
    expect(missing).toEqual([]);
  });

  it('every test file a comment in the code names exists', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(['src', 'codegen/src', 'test', 'bench', 'scripts'])) {
      const comments = readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(\/\/|\*|\/\*|#)/.test(line));
      for (const match of comments.join('\n').matchAll(/\btest\/[\w./-]+\.test\.ts\b/g)) {
        if (!existsSync(join(root, match[0]))) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the README stays a front door', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(450);
  });
});
