// Where tree-sitter and bash read the same line differently: such a line is opaque. The error
// and continuation checks run on web-tree-sitter's own nodes (rare paths); the joined-lines check
// runs on the plain tree (every line).
import type { SyntaxNode } from './parser.js';
import type { ShellNode } from './tree.js';
import { clip } from './words.js';

/** @internal (parser types stay out of the public declarations) */
export function describeError(root: SyntaxNode): string {
  const cursor = root.walk();
  try {
    for (;;) {
      // The cursor's own accessors: no Node object per visited node (a 10 KB line has thousands).
      const type = cursor.nodeType;
      if (type === 'ERROR' || cursor.nodeIsMissing)
        return `near "${clip(cursor.nodeText || type, 30)}" at offset ${cursor.startIndex}`;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return 'syntax error';
    }
  } finally {
    cursor.delete();
  }
}

const LITERAL_TYPES = ['raw_string', 'string', 'comment', 'heredoc_body', 'ansi_c_string', 'translated_string'];

/**
 * tree-sitter reads `\`+newline as a separator; bash deletes it, joining the words around it
 * (`r\<newline>m` is `rm`). Where both sides are non-blank the two readings differ: opaque.
 * @internal (parser types stay out of the public declarations)
 */
export function gluedContinuation(line: string, root: SyntaxNode): string | undefined {
  for (let i = line.indexOf('\\\n'); i >= 0; i = line.indexOf('\\\n', i + 2)) {
    let slashes = 0;
    for (let j = i; j >= 0 && line[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) continue;
    const before = line[i - 1];
    const after = line[i + 2];
    if (before === undefined || after === undefined || /\s/.test(before) || /\s/.test(after)) continue;
    let node: SyntaxNode | null = root.descendantForIndex(i, i + 1);
    let literal = false;
    for (; node; node = node.parent) {
      if (LITERAL_TYPES.includes(node.type)) literal = true;
    }
    if (!literal) return 'a line continuation joins two words (bash reads them as one)';
  }
  return undefined;
}

/** Visits `root` and its descendants in source (pre-)order without recursion; stops at the first result. */
export function findInTree<T>(root: ShellNode, visit: (node: ShellNode) => T | undefined): T | undefined {
  const stack: ShellNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const found = visit(node);
    if (found !== undefined) return found;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}

const BARE_NEWLINE = /(^|[^\\])\n/;

/**
 * tree-sitter-bash can read `cmd x<newline>\\rm y` as ONE command (a word starting with a backslash
 * after a newline). bash ends a simple command at an unescaped newline, so a simple command whose
 * words are separated by one (or a word holding one) means the two readings differ: opaque.
 */
export function joinedLines(line: string, root: ShellNode): string | undefined {
  // Without a newline there is nothing to join (every check below looks for one).
  if (!line.includes('\n')) return undefined;
  return findInTree(root, (node) => {
    if (node.type === 'command' || node.type === 'declaration_command' || node.type === 'unset_command') {
      const children = node.children;
      for (let i = 1; i < children.length; i++) {
        const prev = children[i - 1]!;
        const next = children[i]!;
        if (next.type === 'heredoc_redirect' || prev.type === 'heredoc_redirect') continue;
        if (BARE_NEWLINE.test(line.slice(prev.endIndex, next.startIndex)))
          return 'the parser joined two lines into one command (bash runs them separately)';
      }
    } else if (node.type === 'word' && BARE_NEWLINE.test(node.text)) {
      return 'a word spans a line break the parser did not split on';
    }
    return undefined;
  });
}
