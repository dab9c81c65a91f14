// grep's `content` matches as rg reports them, with their context lines, bounded by max_results
// and by the size of the answer.
import type { RgLineEvent } from './rg-json.js';
import { cutLine, cleanRgPath } from './lines.js';
import { MAX_COLLECTED_CHARS, cutMatchText, type GrepMatch } from './render.js';

/**
 * Collects `content` matches with their context, stopping at the first match beyond `max`
 * (so the last kept match still gets its after-context).
 */
export class ContentCollector {
  readonly matches: GrepMatch[] = [];
  truncated = false;
  /** True when the collected text reached MAX_COLLECTED_CHARS before max_results. */
  full = false;
  private chars = 0;
  private file: string | undefined;
  private filePath: string | undefined;
  /** The last `context` lines of the current file (matches and context lines alike). */
  private recent: { line: number; text: string }[] = [];
  /** Matches of the current file still collecting after-lines. */
  private awaiting: { match: GrepMatch; lastLine: number }[] = [];

  /** Matches passed over so far (the first `skip` of the search are not collected). */
  private skipped = 0;

  /** Matches seen so far, passed over or collected. */
  get seen(): number {
    return this.skipped + this.matches.length;
  }

  constructor(
    private readonly max: number,
    private readonly context: number,
    private readonly skip = 0,
  ) {}

  add(event: RgLineEvent): boolean {
    if (event.path !== this.file) {
      this.file = event.path;
      this.filePath = cleanRgPath(event.path);
      this.recent = [];
      this.awaiting = [];
    }
    if (this.filePath === undefined) return true;
    if (event.type === 'match' && this.skipped < this.skip) {
      // Passed over, but its lines still count as context for the matches that follow.
      this.skipped++;
      if (this.context > 0) this.remember(event);
      return true;
    }
    if (event.type === 'match') {
      if (this.matches.length >= this.max || this.chars > MAX_COLLECTED_CHARS) {
        this.truncated = true;
        this.full = this.matches.length < this.max;
        return false;
      }
      const match: GrepMatch = { path: this.filePath, line: event.line, text: cutMatchText(event) };
      let cost = jsonLength(match.text) + jsonLength(this.filePath) + 40; // + its JSON punctuation
      if (this.context > 0) {
        const from = event.line - this.context;
        match.before = this.recent.filter((r) => r.line >= from && r.line < event.line).map((r) => r.text);
        // Every match carries its own copy of its context lines: each copy counts.
        for (const text of match.before) cost += jsonLength(text);
        match.after = [];
      }
      if (this.matches.length > 0 && this.chars + cost > MAX_COLLECTED_CHARS) {
        this.truncated = true;
        this.full = true;
        return false;
      }
      this.chars += cost;
      this.matches.push(match);
      if (this.context === 0) return true;
      const lines = this.remember(event);
      this.awaiting.push({ match, lastLine: event.line + lines - 1 });
      return true;
    }
    if (this.context > 0) this.remember(event);
    return true;
  }

  /** Feeds the event's lines to pending after-contexts and the recent-lines window; returns the line count. */
  private remember(event: RgLineEvent): number {
    const lines = event.fullLength === undefined && event.text.includes('\n') ? event.text.split('\n') : [event.text];
    lines.forEach((raw, i) => {
      const line = event.line + i;
      const text = cutLine(
        raw.endsWith('\r') ? raw.slice(0, -1) : raw,
        undefined,
        lines.length === 1 ? event.fullLength : undefined,
      );
      for (const pending of this.awaiting) {
        if (line <= pending.lastLine || line > pending.lastLine + this.context) continue;
        // Past the bound, kept matches get no more after-lines (the result says it is truncated).
        if (this.chars > MAX_COLLECTED_CHARS) {
          this.truncated = true;
          continue;
        }
        pending.match.after!.push(text);
        this.chars += jsonLength(text);
      }
      this.recent.push({ line, text });
    });
    if (this.recent.length > this.context) this.recent.splice(0, this.recent.length - this.context);
    const newest = event.line + lines.length - 1;
    this.awaiting = this.awaiting.filter((p) => p.lastLine + this.context > newest);
    return lines.length;
  }
}

/** What a string costs in the JSON result: escapes included (`\u0001` is six characters), plus a comma. */
function jsonLength(text: string): number {
  return JSON.stringify(text).length + 1;
}
