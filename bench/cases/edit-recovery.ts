// Edit recovery: the corpus of failed old_str attempts (../edit-corpus.ts), each sent as a model
// would. Reported: how many the first retry with details.candidates[0].old_str fixes, how many
// match: "loose" applies correctly (the kinds it tolerates), and how many edits land in a wrong
// region (must be 0), with the latency of a diagnosed miss. A miss whose closest regions tie
// (details.ambiguous) offers no fix: the simulated agent does not retry a candidate of it blindly,
// so it counts as not fixed by the first retry, and the ties are reported as their own figure.
// Attempts at blocks with near-identical twins (../edit-corpus.ts buildTwinCorpus) have a row of
// their own, and count among the edits in a wrong region.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { buildCorpus, buildTwinCorpus, type EditCase, type Kind } from '../edit-corpus.js';
import { median, type BenchCase } from '../lib.js';

interface Outcome {
  fixed: boolean;
  wrong: boolean;
  tie: boolean;
  missMs: number;
  loose?: 'correct' | 'refused' | 'inexact' | 'wrong';
}

function lineSpan(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  return [from, nl === -1 ? text.length : nl];
}

/** Whether `after` differs from `before` only within the lines of [start, end). */
function changedWithin(before: string, after: string, start: number, end: number): boolean {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const [from, to] = lineSpan(before, start, end);
  return head >= from && before.length - tail <= to + 1;
}

async function place(toolkit: Toolkit, root: string, file: string, c: EditCase): Promise<void> {
  const full = path.join(root, file);
  if (c.readContent === undefined) return writeFile(full, c.content);
  // A stale case: the session reads around the region, then another program changes the file.
  await writeFile(full, c.readContent);
  const line = c.readContent.slice(0, c.start).split('\n').length;
  const read = await toolkit.invoke('filesystem', 'read_file', {
    path: file,
    offset: Math.max(1, line - 40),
    limit: 120,
  });
  if (!read.ok) throw new Error(read.text);
  await writeFile(full, c.content);
  await utimes(full, new Date(), new Date(Date.now() + 5000));
}

async function runCase(root: string, c: EditCase): Promise<Outcome> {
  const file = `${c.id}-${c.name}`;
  const toolkit = createToolkit({ workspace: root });
  await place(toolkit, root, file, c);
  const t0 = performance.now();
  const miss = await toolkit.invoke('filesystem', 'edit_file', { path: file, old_str: c.oldStr, new_str: c.newStr });
  const missMs = performance.now() - t0;
  if (miss.ok) throw new Error(`corpus case ${c.id} matched exactly`);
  const tie = miss.error.details?.ambiguous === true;
  const candidate = (miss.error.details?.candidates as { old_str: string }[] | undefined)?.[0];
  let fixed = false;
  let wrong = false;
  if (candidate && !tie) {
    const at = c.content.indexOf(candidate.old_str);
    const retry = await toolkit.invoke('filesystem', 'edit_file', {
      path: file,
      old_str: candidate.old_str,
      new_str: c.newStr,
    });
    const after = await readFile(path.join(root, file), 'utf8');
    const right = at !== -1 && changedWithin(c.content, after, c.start, c.end);
    fixed = retry.ok && right;
    wrong = retry.ok && !right;
  }
  if (process.env.EDIT_RECOVERY_DEBUG && !fixed)
    console.error(
      c.id,
      JSON.stringify({ old: c.oldStr, region: c.content.slice(c.start, c.end), candidate, text: miss.text }),
    );
  if (!c.loose) return { fixed, wrong, tie, missMs };
  await writeFile(path.join(root, file), c.content);
  const loose = await toolkit.invoke('filesystem', 'edit_file', {
    path: file,
    old_str: c.oldStr,
    new_str: c.newStr,
    match: 'loose',
  });
  const after = await readFile(path.join(root, file), 'utf8');
  const verdict = !loose.ok
    ? 'refused'
    : after === c.expected
      ? 'correct'
      : changedWithin(c.content, after, c.start, c.end)
        ? 'inexact'
        : 'wrong';
  return { fixed, wrong: wrong || verdict === 'wrong', tie, missMs, loose: verdict };
}

const percent = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;

type Counted = Outcome & { kind: Kind };

/** "kind picked/of" for each kind that has outcomes `of` accepts. */
function byKind(outcomes: Counted[], pick: (o: Outcome) => boolean, of: (o: Counted) => boolean = () => true): string {
  return [...new Set(outcomes.map((o) => o.kind))]
    .map((k) => {
      const mine = outcomes.filter((o) => o.kind === k && of(o));
      return mine.length ? `${k} ${mine.filter(pick).length}/${mine.length}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

async function runAll(tmp: string, corpus: EditCase[]): Promise<Counted[]> {
  const outcomes: Counted[] = [];
  for (const c of corpus) outcomes.push({ ...(await runCase(tmp, c)), kind: c.kind });
  return outcomes;
}

const bench: BenchCase = {
  name: 'edit-recovery',
  async run(ctx) {
    const outcomes = await runAll(ctx.tmp, buildCorpus());
    const twins = await runAll(ctx.tmp, buildTwinCorpus());
    const count = (list: Counted[], pick: (o: Counted) => boolean) => list.filter(pick).length;
    const fixed = count(outcomes, (o) => o.fixed);
    const ties = count(outcomes, (o) => o.tie);
    ctx.row({
      case: 'edit recovery: first retry with candidates[0].old_str fixes',
      toolwright: percent(fixed, outcomes.length),
      unit: '%',
      target: '≥ 95%',
      note: `${fixed}/${outcomes.length} attempts (a tie counts as not fixed); ${byKind(outcomes, (o) => o.fixed)}`,
    });
    ctx.row({
      case: 'edit recovery: misses whose closest regions tie (no fix offered)',
      toolwright: ties,
      unit: 'count',
      note: `of ${outcomes.length} misses; ${
        byKind(
          outcomes,
          (o) => o.tie,
          (o) => outcomes.some((t) => t.tie && t.kind === o.kind),
        ) || 'none'
      }`,
    });
    const looseCases = outcomes.filter((o) => o.loose !== undefined);
    const correct = count(looseCases, (o) => o.loose === 'correct');
    ctx.row({
      case: 'edit recovery: match "loose" applies correctly',
      toolwright: percent(correct, looseCases.length),
      unit: '%',
      target: '≥ 90%',
      note: `${correct}/${looseCases.length} (trailing blanks, indentation, line endings, quotes); refused ${count(looseCases, (o) => o.loose === 'refused')}, inexact ${count(looseCases, (o) => o.loose === 'inexact')}; ${byKind(
        outcomes,
        (o) => o.loose === 'correct',
        (o) => o.loose !== undefined,
      )}`,
    });
    const twinFixed = count(twins, (o) => o.fixed);
    const twinTies = count(twins, (o) => o.tie);
    ctx.row({
      case: 'edit recovery: near-identical blocks, first retry fixes',
      toolwright: percent(twinFixed, twins.length),
      unit: '%',
      note: `${twinFixed}/${twins.length} attempts whose old_str fits several blocks once normalised; ${byKind(twins, (o) => o.fixed)}; ties ${twinTies} (no fix offered; ${
        byKind(
          twins,
          (o) => o.tie,
          (o) => twins.some((t) => t.tie && t.kind === o.kind),
        ) || 'none'
      }), wrong region ${count(twins, (o) => o.wrong)}`,
    });
    const retries = outcomes.length - ties + twins.length - twinTies;
    const looseEdits = looseCases.length + count(twins, (o) => o.loose !== undefined);
    ctx.row({
      case: 'edit recovery: edits in a wrong region',
      toolwright: count(outcomes, (o) => o.wrong) + count(twins, (o) => o.wrong),
      unit: 'count',
      target: '0',
      note: `over ${retries} retries and ${looseEdits} loose edits (near-identical blocks included)`,
    });
    ctx.row({
      case: 'edit recovery: a diagnosed miss (edit_file call)',
      toolwright: median(outcomes.map((o) => o.missMs)),
      note: `median over ${outcomes.length} misses; files of 4–110 KB`,
    });
  },
};

export default bench;
