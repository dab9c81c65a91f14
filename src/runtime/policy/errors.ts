/** A policy that cannot be compiled; `rule` and `field` let a file loader point at the source. */
export class PolicyError extends TypeError {
  constructor(
    message: string,
    readonly rule?: number,
    readonly field?: string,
    readonly example?: { list: 'match' | 'not_match'; index: number },
  ) {
    super(message);
    this.name = 'PolicyError';
  }
}

/** The closest known name, for "did you mean" hints (Levenshtein ≤ 3, case-insensitive). */
export function didYouMean(value: string, known: readonly string[]): string {
  const alias = ALIASES[value.toLowerCase().replace(/[^a-z]/g, '')];
  if (alias && known.includes(alias)) return ` (did you mean "${alias}"?)`;
  const v = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = 4;
  for (const k of known) {
    const d = distance(v, k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** Names other harnesses use (Claude Code tool names, common provider words) → ours. */
const ALIASES: Record<string, string> = {
  shell: 'exec',
  sh: 'exec',
  command: 'exec',
  commands: 'exec',
  process: 'exec',
  fs: 'filesystem',
  file: 'filesystem',
  files: 'filesystem',
  http: 'web',
  fetch: 'web',
  net: 'web',
  network: 'web',
  todo: 'task',
  todos: 'task',
  tasks: 'task',
  subagent: 'agent',
  agents: 'agent',
  human: 'user',
  read: 'read_file',
  write: 'write_file',
  edit: 'edit_file',
  multiedit: 'edit_file',
  webfetch: 'web_fetch',
  websearch: 'web_search',
  todowrite: 'task_create',
  todoread: 'task_list',
  ls: 'glob',
  run: 'bash',
  exec: 'bash',
};
