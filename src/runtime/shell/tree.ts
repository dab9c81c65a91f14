// A plain-JS copy of a tree-sitter tree, built in ONE TreeCursor walk. Every web-tree-sitter Node
// accessor (`type`, `text`, `namedChildren`, `childForFieldName`, …) marshals through WASM memory
// and allocates a fresh Node object; walking those was most of a decision's cost and its garbage
// was the latency tail. The walkers (split.ts, words.ts, read-only.ts) read this copy instead.
import type { SyntaxTree } from './parser.js';

const NONE: readonly ShellNode[] = Object.freeze([]);

/** One node: the same type, named-ness, field, range and children web-tree-sitter reports. */
export class ShellNode {
  /** Every child, anonymous ones (`&&`, `>`, `&`) included, in source order. */
  children: ShellNode[] = NONE as ShellNode[];
  /** The named children only (the same array as `children` while every child is named). */
  namedChildren: ShellNode[] = NONE as ShellNode[];

  constructor(
    private readonly source: string,
    readonly type: string,
    readonly isNamed: boolean,
    /** The field this node fills in its parent (`body`, `redirect`, `name`…), as the cursor reports it. */
    readonly field: string | null,
    /** UTF-16 code unit offsets into the line (web-tree-sitter's `startIndex`/`endIndex`). */
    readonly startIndex: number,
    readonly endIndex: number,
    readonly parent: ShellNode | null,
  ) {}

  /** The source text, sliced from the line (no WASM call). */
  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  childForFieldName(field: string): ShellNode | null {
    for (const child of this.children) if (child.field === field) return child;
    return null;
  }

  childrenForFieldName(field: string): ShellNode[] {
    return this.children.filter((child) => child.field === field);
  }

  /** @internal */
  add(child: ShellNode): void {
    if (this.children === NONE) {
      this.children = [child];
      this.namedChildren = child.isNamed ? this.children : [];
      return;
    }
    const shared = this.namedChildren === this.children;
    this.children.push(child);
    if (shared && !child.isNamed) this.namedChildren = this.children.slice(0, -1);
    else if (!shared && child.isNamed) this.namedChildren.push(child);
  }
}

/**
 * Copies `tree` (parsed from `source`) into ShellNodes with one cursor walk; the cursor is deleted
 * here, the tree stays the caller's to delete.
 * @internal (parser types stay out of the public declarations)
 */
export function plainTree(tree: SyntaxTree, source: string): ShellNode {
  const { types, fields } = tree.language;
  const cursor = tree.walk();
  try {
    const node = (parent: ShellNode | null): ShellNode =>
      new ShellNode(
        source,
        types[cursor.nodeTypeId] || 'ERROR',
        cursor.nodeIsNamed,
        parent ? (fields[cursor.currentFieldId] ?? null) : null,
        cursor.startIndex,
        cursor.endIndex,
        parent,
      );
    const root = node(null);
    if (!cursor.gotoFirstChild()) return root;
    let parent = root;
    for (;;) {
      const child = node(parent);
      parent.add(child);
      if (cursor.gotoFirstChild()) {
        parent = child;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        cursor.gotoParent();
        if (parent === root) return root;
        parent = parent.parent!;
      }
    }
  } finally {
    cursor.delete();
  }
}
