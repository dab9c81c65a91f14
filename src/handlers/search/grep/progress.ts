// What a followed grep reports while rg runs, matches or not: the time since it started (the value
// that grows), the files searched where rg names each one, the bytes rg has read (its /proc io),
// and the results found so far.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  elapsedProgress,
  PROGRESS_INTERVAL_MS,
  type ElapsedFeed,
  type ProgressListener,
} from '../../../runtime/invoke/progress.js';

/** The bytes a process has read so far (`rchar` of its /proc io), or undefined when that cannot be read. */
function bytesRead(ioPath: string): number | undefined {
  try {
    const match = /^rchar: (\d+)$/m.exec(readFileSync(ioPath, 'latin1'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** What a search counts as found, by output mode. */
const FOUND: Record<string, string> = {
  content: 'matching lines',
  files_with_matches: 'matching files',
  count: 'files with matches',
};

/** The progress of one followed grep call, over every search it runs. */
export class GrepProgress {
  private readonly feed: ElapsedFeed;
  /** Files searched in this pass, when rg names every file it searches (undefined: it does not). */
  private files: number | undefined;
  private found = 0;
  /** Bytes read by the rg processes of this pass that have ended, and by the running one when last looked at. */
  private bytesDone = 0;
  private bytesRunning = 0;
  private bytesKnown = false;
  private io: (() => string | undefined) | undefined;
  private lastTick = -Infinity;
  private readonly unit: string;

  constructor(report: ProgressListener, mode: string) {
    this.unit = FOUND[mode] ?? 'results';
    this.feed = elapsedProgress(report, () => this.describe());
    this.feed.tick();
  }

  /** A search begins (the first, or one run again): its counts start from nothing. */
  pass(namesEveryFile: boolean): void {
    this.files = namesEveryFile ? 0 : undefined;
    this.found = 0;
    this.bytesDone = 0;
    this.bytesRunning = 0;
    this.bytesKnown = false;
    this.io = undefined;
  }

  /** An rg process of this pass started; `statm` names its /proc statm (its io file is beside it). */
  started(statm: () => string | undefined): void {
    this.io = () => statm()?.replace(/statm$/, 'io');
  }

  /** That rg process ended: what it was last seen to have read is kept. */
  ended(): void {
    this.bytesDone += this.bytesRunning;
    this.bytesRunning = 0;
    this.io = undefined;
  }

  /** rg printed more: `found` results so far, and `searched` more files named. */
  update(found: number, searched = 0): void {
    this.found = found;
    if (this.files !== undefined) this.files += searched;
    // rg's output comes in many chunks: described (and /proc read) only as often as it may be sent.
    const now = performance.now();
    if (now - this.lastTick < PROGRESS_INTERVAL_MS) return;
    this.lastTick = now;
    this.feed.tick();
  }

  stop(): void {
    this.feed.stop();
  }

  private describe(): string {
    const path = this.io?.();
    const read = path === undefined ? undefined : bytesRead(path);
    if (read !== undefined) [this.bytesRunning, this.bytesKnown] = [read, true];
    const parts: string[] = [];
    if (this.files !== undefined) parts.push(`${this.files} ${this.files === 1 ? 'file' : 'files'} searched`);
    if (this.bytesKnown) parts.push(`${this.bytesDone + this.bytesRunning} bytes read`);
    parts.push(`${this.found} ${this.unit} found`);
    return parts.join(', ');
  }
}
