// The plain tree (shell/tree.ts) the policy walkers read must say exactly what web-tree-sitter's
// Node API says: same types, named-ness, ranges, text, children and fields, for every node.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/shell/analyser.js';
import { parseShellSync, type SyntaxNode } from '../../src/runtime/shell/parser.js';
import { plainTree, type ShellNode } from '../../src/runtime/shell/tree.js';
import { compilePolicy } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';

const LINES = [
  'git status',
  'ls -la src',
  'git log --oneline -n 20 | head -5',
  'cd src && rg -n "TODO" . | wc -l',
  'echo "a; b" && cat file.txt',
  'for f in *.ts; do echo $f; done',
  "find . -name '*.js' -not -path './node_modules/*' -exec rm {} +",
  'timeout 60 npm test 2>&1 | tail -n 50',
  'FOO=bar make -j4 build > build.log 2>&1',
  'ls & rm x',
  'a |& b',
  '! ls',
  'echo "héllo ✓" && rm x',
  "echo '日本語' > ü.txt; cat ü.txt",
  'printf "%s\\n" "😀 $HOME ${x}" 3>&-',
  "echo $'\\x41\\u00e9' `id`",
  'cat <<EOF | sh\nrm x\nEOF\necho after',
  'cat <<-"E" > out\n\tbody $(x)\n\tE',
  'cmd <<< "here string"',
  'diff <(ls a) <(ls b)',
  'case $x in a|b) rm y;; *) ls;; esac',
  'if [[ -f x ]]; then ls; elif true; then :; else echo no; fi',
  'while read l; do echo "$l"; done < f',
  'f() { rm x; }; f',
  'export A=1 B=2; declare -a arr=(1 2); unset A',
  'a[1]=x b=$((1+2)) ls',
  '(cd x && ls) || { echo no; }',
  'echo {a,b}c ~/x "$@" ${#x}',
  'ls # comment ✓',
  'x=1\ny=2 echo $x',
  'bash -c "echo \\"nested ✓\\" && rm z"',
  'echo a\\\nb',
  'sudo -u root env FOO=1 nice -n5 rm -rf /',
  'echo "unterminated',
  'echo \u00e9\u0301 \ud83d\ude00;rm x',
];

function compare(plain: ShellNode, node: SyntaxNode, where: string): void {
  expect(plain.type, where).toBe(node.type);
  expect(plain.isNamed, where).toBe(node.isNamed);
  expect([plain.startIndex, plain.endIndex], where).toEqual([node.startIndex, node.endIndex]);
  expect(plain.text, where).toBe(node.text);
  expect(plain.children.length, where).toBe(node.childCount);
  expect(plain.namedChildren.length, where).toBe(node.namedChildCount);
  plain.children.forEach((child, i) => expect(child.field, `${where} child ${i}`).toBe(node.fieldNameForChild(i)));
  plain.namedChildren.forEach((child, i) => {
    expect(child, `${where} named ${i}`).toBe(
      plain.children.find(
        (c) => c.startIndex === node.namedChild(i)!.startIndex && c.isNamed && c.type === node.namedChild(i)!.type,
      ),
    );
    expect(child.field, `${where} named field ${i}`).toBe(node.fieldNameForNamedChild(i));
  });
  for (const field of node.tree.language.fields) {
    if (!field) continue;
    const one = node.childForFieldName(field);
    const mine = plain.childForFieldName(field);
    expect(mine && [mine.type, mine.startIndex, mine.endIndex], `${where} .${field}`).toEqual(
      one && [one.type, one.startIndex, one.endIndex],
    );
    const many = node.childrenForFieldName(field).map((c) => [c!.type, c!.startIndex, c!.endIndex]);
    expect(
      plain.childrenForFieldName(field).map((c) => [c.type, c.startIndex, c.endIndex]),
      `${where} .${field}[]`,
    ).toEqual(many);
  }
  plain.children.forEach((child, i) => {
    expect(child.parent, where).toBe(plain);
    compare(child, node.child(i)!, `${where}/${child.type}`);
  });
}

describe('plain shell tree', () => {
  beforeAll(loadBashParser);

  it.each(LINES)('matches the web-tree-sitter nodes of %j', (line) => {
    const tree = parseShellSync(line)!;
    try {
      compare(plainTree(tree, line), tree.rootNode, 'program');
    } finally {
      tree.delete();
    }
  });

  it('indexes non-ASCII lines in UTF-16 code units, so slices of the line are the node text', () => {
    const line = 'echo "héllo ✓ 😀" && rm x';
    const tree = parseShellSync(line)!;
    try {
      const root = plainTree(tree, line);
      const rm = root.namedChildren[0]!.namedChildren[1]!;
      expect(rm.type).toBe('command');
      expect([rm.startIndex, rm.endIndex]).toEqual([line.indexOf('rm x'), line.length]);
      expect(rm.text).toBe('rm x');
    } finally {
      tree.delete();
    }
  });

  it('decides non-ASCII lines by their words (the rm after the emoji is still found)', async () => {
    const bash = operations.find((o) => o.name === 'bash')!;
    const policy = compilePolicy({
      rules: [
        { operation: 'bash', command: 'echo *', decision: 'allow' },
        { operation: 'bash', command: 'rm *', decision: 'deny' },
      ],
      default: 'ask',
    });
    const context = { workspaceRoot: '/nonexistent-workspace' };
    expect((await policy.decideCall(bash, { command: 'echo "héllo ✓ 😀"' }, context)).decision).toBe('allow');
    expect((await policy.decideCall(bash, { command: 'echo "héllo ✓ 😀" && rm x' }, context)).decision).toBe('deny');
    expect((await policy.decideCall(bash, { command: 'echo 😀;rm x' }, context)).decision).toBe('deny');
  });
});
