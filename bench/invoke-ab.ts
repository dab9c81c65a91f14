// Child process of bench/cases/compose.ts: the before/after invoke comparison in a fresh V8, so
// neither runtime's code has been warmed (and made polymorphic) by the other bench cases while the
// other is freshly loaded. Prints { a, b } (CPU µs per call) as JSON on stdout.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { alternate, type MiniToolkit } from './invoke-alternate.js';

const [currentSrc, beforeSrc] = process.argv.slice(2);
const ws = await mkdtemp(path.join(tmpdir(), 'toolwright-invoke-ab-'));
const load = async (src: string) =>
  (
    (await import(pathToFileURL(path.join(src, 'index.ts')).href)) as {
      createToolkit(o: { workspace: string }): MiniToolkit;
    }
  ).createToolkit({ workspace: ws });
const current = await load(currentSrc!);
const old = await load(beforeSrc!);
for (const kit of [current, old]) await kit.invoke('task', 'task_create', { title: 'x' });
process.stdout.write(JSON.stringify(await alternate({ a: current, b: old })));
