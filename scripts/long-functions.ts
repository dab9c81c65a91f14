// Lists the functions longer than a number of lines (default 80), longest first, with the
// TypeScript parser: `npx tsx scripts/long-functions.ts [FOLDER] [LINES]` (default src).
import { ts } from 'ts-morph';
import fs from 'node:fs';
import path from 'node:path';
const [root = 'src', limitArg] = process.argv.slice(2);
const limit = Number(limitArg ?? 80);
const files: string[] = [];
const found: { lines: number; where: string; name: string }[] = [];
const walk = (d: string) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'generated') walk(p);
    } else if (p.endsWith('.ts')) files.push(p);
  }
};
walk(root);
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      if (lines > limit) {
        let name = (node as ts.FunctionDeclaration).name?.getText() ?? '';
        if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
        if (!name && ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText();
        found.push({ lines, where: `${file}:${start}`, name: name || '(anonymous)' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
for (const f of found.sort((a, b) => b.lines - a.lines)) console.log(`${f.lines}\t${f.where}\t${f.name}`);
