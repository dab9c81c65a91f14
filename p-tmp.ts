import { sharedLineIndex } from './src/handlers/filesystem/line-index.js';
import { createToolkit } from './src/index.js';
const toolkit = createToolkit({ workspace: '/tmp/lb' });
const med = (a: number[]) => { a.sort((x, y) => x - y); return a[a.length >> 1]!; };
const N = Number(process.env.N ?? 11);
for (const [leg, u] of [['sjis.txt', 'utf8.txt'], ['cp1252.txt', 'utf8-fr.txt']]) {
  const a: number[] = [], b: number[] = [];
  for (let i = 0; i < N + 2; i++) {
    for (const [name, arr] of (i % 2 ? [[leg, a], [u, b]] : [[u, b], [leg, a]]) as [string, number[]][]) {
      sharedLineIndex.clear();
      const s = performance.now();
      const r = await toolkit.invoke('filesystem', 'read_file', { path: name });
      if (i >= 2) arr.push(performance.now() - s);
      if (!r.ok) throw new Error(r.text);
    }
  }
  console.log(leg, 'cold', med(a).toFixed(2), 'vs', med(b).toFixed(2), (med(a) / med(b)).toFixed(2) + 'x', 'first', a.slice(0, 4).map((x) => x.toFixed(1)).join(' '));
}
