// Code intelligence: an edit's diagnostics against a whole type check, and whether edits that
// break code are flagged (and clean ones are not).
// - A one-line edit in a generated 300-file TypeScript project, the language server warm: the
//   edit_file call with its diagnostics (the file and the files importing it) beside `tsc --noEmit`
//   on the same project, with the same typescript package (5.9, the one the server runs).
// - The corpus of ../code-corpus.ts: edits breaking TypeScript and Python (syntax, types, an
//   importer broken by a change), each flagged or not; clean edits, each reporting nothing or not.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { corpusEdits, corpusFiles, type CodeEdit } from '../code-corpus.js';
import { median, medianMs, type BenchCase, type BenchContext } from '../lib.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const TYPESCRIPT_5 = path.join(repo, 'tools/language-servers/node_modules/typescript');
const FILES = 300;
/** A budget no warm check needs (a miss is a miss, not a timeout); how many ran out is reported. */
const BUDGET_MS = 20_000;

async function project(root: string, files: Record<string, string>, typescript: boolean): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  if (typescript) {
    await mkdir(path.join(root, 'node_modules'), { recursive: true });
    await symlink(TYPESCRIPT_5, path.join(root, 'node_modules/typescript'));
  }
}

/** m0 … m299: each imports the two before it and exports a function, a type and a class. */
function generated(): Record<string, string> {
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      include: ['src'],
    }),
  };
  for (let i = 0; i < FILES; i++) {
    const imports = [i - 1, i - 2].filter((j) => j >= 0);
    files[`src/m${i}.ts`] = [
      ...imports.map((j) => `import { f${j}, type T${j} } from './m${j}';`),
      '',
      `export interface T${i} { id: number; label: string; parts: number[] }`,
      '',
      `export function f${i}(x: number): number {`,
      '  const k = 1;',
      `  return x * k${imports.map((j) => ` + f${j}(x - 1)`).join('')};`,
      '}',
      '',
      `export class C${i} {`,
      `  constructor(readonly value: T${i}) {}`,
      `  total(): number {`,
      `    return this.value.parts.reduce((a, b) => a + b, f${i}(this.value.id));`,
      '  }',
      ...imports.map((j) => `  other${j}(t: T${j}): string {\n    return t.label;\n  }`),
      '}',
      '',
    ].join('\n');
  }
  return files;
}

async function speed(ctx: BenchContext): Promise<void> {
  const root = path.join(ctx.tmp, 'ts300');
  await project(root, generated(), true);
  const tsc = path.join(TYPESCRIPT_5, 'bin/tsc');
  const tscMs = await medianMs(
    () => execFileSync(process.execPath, [tsc, '--noEmit', '-p', root], { stdio: 'ignore' }),
    3,
    1,
  );
  const toolkit = createToolkit({ workspace: root, code: { editDiagnosticsMs: BUDGET_MS } });
  try {
    const warm = await toolkit.invoke('code', 'diagnostics', { path: 'src', severity: 'error', timeout_ms: 300_000 });
    if (!warm.ok) throw new Error(warm.text);
    ctx.log(`warm: ${warm.text.split('\n')[0]}`);
    let value = 1;
    const edit = async () => {
      const next = value === 1 ? 2 : 1;
      const result = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'src/m150.ts',
        old_str: `  const k = ${value};`,
        new_str: `  const k = ${next};`,
      });
      value = next;
      if (!result.ok) throw new Error(result.text);
      const report = (result.output as { diagnostics?: { complete: boolean; files_checked: number } }).diagnostics;
      if (!report?.complete) throw new Error(`the check was not complete: ${result.text}`);
      return report.files_checked;
    };
    const checked = await edit();
    const editMs = await medianMs(edit, 9, 2);
    ctx.row({
      case: `code: one-line edit with its diagnostics, ${FILES}-file TypeScript project, warm`,
      toolwright: editMs,
      baseline: tscMs,
      baselineName: 'tsc --noEmit (typescript 5.9)',
      target: '≤ 0.25×',
      contract: true,
      note: `edit_file whole; ${checked} files compared before and after (the file and its importers)`,
    });
  } finally {
    await toolkit.close();
  }
}

interface Outcome {
  edit: CodeEdit;
  introduced: number;
  complete: boolean;
  ms: number;
}

async function runCorpus(
  ctx: BenchContext,
  language: CodeEdit['language'],
  files: Record<string, string>,
): Promise<Outcome[]> {
  const root = path.join(ctx.tmp, `corpus-${language}`);
  await project(root, files, language === 'typescript');
  const toolkit: Toolkit = createToolkit({ workspace: root, code: { editDiagnosticsMs: BUDGET_MS } });
  const outcomes: Outcome[] = [];
  try {
    const warm = await toolkit.invoke('code', 'diagnostics', { severity: 'error', timeout_ms: 300_000 });
    if (!warm.ok || (warm.output as { total: number }).total !== 0)
      throw new Error(`the corpus project is not clean: ${warm.text}`);
    for (const edit of corpusEdits().filter((e) => e.language === language)) {
      const file = path.join(root, edit.path);
      const before = await readFile(file, 'utf8');
      if (before.split(edit.old_str).length !== 2)
        throw new Error(`corpus edit does not match once: ${JSON.stringify(edit)}`);
      const t0 = performance.now();
      const result = await toolkit.invoke('filesystem', 'edit_file', {
        path: edit.path,
        old_str: edit.old_str,
        new_str: edit.new_str,
      });
      const ms = performance.now() - t0;
      if (!result.ok) throw new Error(result.text);
      const report = (result.output as { diagnostics?: { introduced: unknown[]; complete: boolean } }).diagnostics;
      outcomes.push({ edit, introduced: report?.introduced.length ?? 0, complete: report?.complete ?? false, ms });
      await writeFile(file, before); // back to the clean project (each check reads the files again)
    }
  } finally {
    await toolkit.close();
  }
  return outcomes;
}

async function corpus(ctx: BenchContext): Promise<void> {
  const files = corpusFiles();
  const outcomes = [
    ...(await runCorpus(ctx, 'typescript', files.typescript)),
    ...(await runCorpus(ctx, 'python', files.python)),
  ];
  const broken = outcomes.filter((o) => o.edit.kind !== 'clean');
  const clean = outcomes.filter((o) => o.edit.kind === 'clean');
  const flagged = broken.filter((o) => o.introduced > 0);
  const falseNew = clean.filter((o) => o.introduced > 0);
  const incomplete = outcomes.filter((o) => !o.complete).length;
  for (const miss of broken.filter((o) => o.introduced === 0)) ctx.log(`not flagged: ${JSON.stringify(miss.edit)}`);
  for (const wrong of falseNew) ctx.log(`clean edit flagged: ${JSON.stringify(wrong.edit)}`);
  const by = (language: string) => {
    const of = broken.filter((o) => o.edit.language === language);
    return `${of.filter((o) => o.introduced > 0).length}/${of.length} ${language}`;
  };
  ctx.row({
    case: `code: broken edits flagged (${broken.length}: syntax, type, importer; TypeScript and Python)`,
    toolwright: (100 * flagged.length) / broken.length,
    unit: '%',
    target: '≥ 95 %',
    contract: true,
    note: `${by('typescript')}, ${by('python')}; ${incomplete} checks ran out of their ${BUDGET_MS} ms; edit with check p50 ${median(outcomes.map((o) => o.ms)).toFixed(0)} ms`,
  });
  ctx.row({
    case: `code: clean edits reported as introducing errors (of ${clean.length})`,
    toolwright: falseNew.length,
    unit: 'count',
    target: '≤ 0',
    contract: true,
  });
}

const bench: BenchCase = {
  name: 'code',
  async run(ctx) {
    await corpus(ctx);
    await speed(ctx);
  },
};
export default bench;
