// Bounded-memory stream parsers for rg's stdout: `--json` events (giant lines never held whole) and -l/--count NUL records.
import { StringDecoder } from 'node:string_decoder';
import { stripEol } from './lines.js';

/** A `match` or `context` event of `rg --json`, decoded. */
export interface RgLineEvent {
  type: 'match' | 'context';
  path: string;
  /** 1-based number of the first line of `text`. */
  line: number;
  /** The line(s) without the final line terminator (possibly only a prefix of a giant line). */
  text: string;
  /** Byte offset of the first match within the line, when known. */
  firstMatchByte?: number;
  /** Set when `text` is only the start of the line: the line's full length in characters (approx.). */
  fullLength?: number;
  /** Set when `text` is only a preview of a line longer than this many bytes (length unknown). */
  longerThan?: number;
}

interface RgData {
  text?: string;
  bytes?: string;
}

function decodeData(data: RgData | undefined): string {
  if (!data) return '';
  if (typeof data.text === 'string') return data.text;
  if (typeof data.bytes === 'string') return Buffer.from(data.bytes, 'base64').toString('utf8');
  return '';
}

/** A line of rg's JSON longer than this is handled as a stream instead of being buffered. */
export const MAX_JSON_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LOWER_M = 0x6d;
const LOWER_C = 0x63;
/** `{"type":"` — the byte after it tells the event type. */
const TYPE_OFFSET = 9;

/**
 * Splits `rg --json` output into events, parsing only `match` and `context` lines. Feed it chunks
 * with `push`; it calls `onEvent`, which returns false to stop early.
 */
export class RgJsonStream {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private giant: GiantLine | undefined;
  private stopped = false;

  constructor(
    private readonly onEvent: (event: RgLineEvent) => boolean,
    private readonly wantContext: boolean,
  ) {}

  /** Returns false once `onEvent` asked to stop. */
  push(chunk: Buffer): boolean {
    let start = 0;
    while (!this.stopped && start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.giant) {
        this.giant.feed(chunk, start, end);
        if (newline !== -1) {
          const event = this.giant.finish();
          this.giant = undefined;
          if (event) this.emit(event);
        }
      } else if (newline === -1) {
        this.pending.push(start === 0 ? chunk : chunk.subarray(start));
        this.pendingBytes += chunk.length - start;
        if (this.pendingBytes > MAX_JSON_LINE_BYTES) {
          const head = Buffer.concat(this.pending);
          this.pending = [];
          this.pendingBytes = 0;
          this.giant = new GiantLine(head);
        }
      } else if (this.pending.length === 0) {
        this.handleLine(chunk, start, end);
      } else {
        this.pending.push(chunk.subarray(start, end));
        const line = Buffer.concat(this.pending);
        this.pending = [];
        this.pendingBytes = 0;
        this.handleLine(line, 0, line.length);
      }
      if (newline === -1) break;
      start = newline + 1;
    }
    return !this.stopped;
  }

  private handleLine(buf: Buffer, start: number, end: number): void {
    const kind = buf[start + TYPE_OFFSET];
    if (kind !== LOWER_M && !(kind === LOWER_C && this.wantContext)) return;
    if (buf[start + 2] !== 0x74 /* t of "type" */) return; // the summary line starts with {"data"
    const line = buf.toString('utf8', start, end);
    const event = parseKnownLayout(line) ?? parseAnyLayout(line);
    if (event) this.emit(event);
  }

  private emit(event: RgLineEvent): void {
    if (!this.onEvent(event)) this.stopped = true;
  }
}

/** Lines longer than this (in characters) get the offset of their first match, to cut around it. */
const LONG_LINE = 1000;

/** Any valid JSON event, through JSON.parse (used when the fast path does not recognise the layout). */
function parseAnyLayout(line: string): RgLineEvent | undefined {
  const parsed = JSON.parse(line) as {
    type: string;
    data: { path?: RgData; lines?: RgData; line_number?: number; submatches?: { start: number }[] };
  };
  if (parsed.type !== 'match' && parsed.type !== 'context') return undefined;
  const data = parsed.data;
  const event: RgLineEvent = {
    type: parsed.type,
    path: decodeData(data.path),
    line: data.line_number ?? 0,
    text: stripEol(decodeData(data.lines)),
  };
  const first = data.submatches?.[0];
  if (first && event.text.length > LONG_LINE) event.firstMatchByte = first.start;
  return event;
}

const MATCH_HEAD = '{"type":"match","data":{"path":{"text":"';
const CONTEXT_HEAD = '{"type":"context","data":{"path":{"text":"';
const LINES_HEAD = '"},"lines":{"text":"';
const LINE_NUMBER_HEAD = '"},"line_number":';
const SUBMATCHES_HEAD = ',"submatches":[{"match":{"text":"';
const START_HEAD = '"},"start":';

/**
 * The layout rg 13–15 prints for UTF-8 paths and lines, read with indexOf and slices instead of
 * JSON.parse (about twice as fast, and parsing is most of grep's cost on big outputs). Returns
 * undefined for anything else (base64 `bytes`, other key orders), which parseAnyLayout handles.
 */
function parseKnownLayout(line: string): RgLineEvent | undefined {
  let type: 'match' | 'context';
  let pos: number;
  if (line.startsWith(MATCH_HEAD)) {
    type = 'match';
    pos = MATCH_HEAD.length;
  } else if (line.startsWith(CONTEXT_HEAD)) {
    type = 'context';
    pos = CONTEXT_HEAD.length;
  } else {
    return undefined;
  }
  const pathEnd = closingQuote(line, pos);
  if (pathEnd < 0 || !line.startsWith(LINES_HEAD, pathEnd)) return undefined;
  const path = unescapeJson(line, pos, pathEnd);
  pos = pathEnd + LINES_HEAD.length;
  const textEnd = closingQuote(line, pos);
  if (textEnd < 0 || !line.startsWith(LINE_NUMBER_HEAD, textEnd)) return undefined;
  const text = stripEol(unescapeJson(line, pos, textEnd));
  pos = textEnd + LINE_NUMBER_HEAD.length;
  let lineNumber = 0;
  for (let c = line.charCodeAt(pos); c >= 48 && c <= 57; c = line.charCodeAt(++pos))
    lineNumber = lineNumber * 10 + (c - 48);
  const event: RgLineEvent = { type, path, line: lineNumber, text };
  if (text.length > LONG_LINE) {
    const sub = line.indexOf(SUBMATCHES_HEAD, pos);
    const subEnd = sub < 0 ? -1 : closingQuote(line, sub + SUBMATCHES_HEAD.length);
    if (subEnd < 0 || !line.startsWith(START_HEAD, subEnd)) return parseAnyLayout(line);
    event.firstMatchByte = Number.parseInt(line.slice(subEnd + START_HEAD.length, subEnd + START_HEAD.length + 20), 10);
  }
  return event;
}

/** Index of the `"` that closes the JSON string starting at `from`, or -1. */
function closingQuote(s: string, from: number): number {
  let pos = from;
  for (;;) {
    const quote = s.indexOf('"', pos);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; j >= from && s.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    pos = quote + 1;
  }
}

function unescapeJson(s: string, from: number, to: number): string {
  const raw = s.slice(from, to);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/** Prefix of a match/context event up to the opening quote of the line's text. */
const GIANT_HEADER =
  /^\{"type":"(match|context)","data":\{"path":\{"(text|bytes)":"((?:[^"\\]|\\.)*)"\},"lines":\{"(text|bytes)":"/;
/** How much of a giant line's text is kept (bytes of JSON). */
const GIANT_KEEP = 16 * 1024;
const GIANT_TAIL = 256;

/**
 * One JSON event whose line is too large to buffer: keeps its header, the first GIANT_KEEP bytes of
 * the text, and a few bytes after the text (where `line_number` sits); everything else is skipped.
 */
class GiantLine {
  private readonly header: RegExpExecArray | null;
  private readonly textStart: number;
  private readonly head: Buffer;
  private phase: 'text' | 'tail' | 'skip';
  private carryBackslashes = 0;
  private textBytes = 0;
  private tail = '';

  constructor(head: Buffer) {
    // latin1 keeps byte offsets equal to string offsets.
    const prefix = head.toString('latin1', 0, Math.min(head.length, 64 * 1024));
    this.header = GIANT_HEADER.exec(prefix);
    if (!this.header) {
      this.phase = 'skip';
      this.textStart = 0;
      this.head = Buffer.alloc(0);
      return;
    }
    this.textStart = this.header[0].length;
    this.head = Buffer.from(head.subarray(this.textStart, this.textStart + GIANT_KEEP));
    this.phase = 'text';
    this.feed(head, this.textStart, head.length);
  }

  feed(buf: Buffer, start: number, end: number): void {
    let from = start;
    if (this.phase === 'text') {
      const close = this.findClosingQuote(buf, from, end);
      if (close === -1) {
        this.textBytes += end - from;
        return;
      }
      this.textBytes += close - from;
      this.phase = 'tail';
      from = close + 1;
    }
    if (this.phase === 'tail' && this.tail.length < GIANT_TAIL) {
      this.tail += buf.toString('latin1', from, Math.min(end, from + GIANT_TAIL - this.tail.length));
    }
  }

  /** Index of the first unescaped `"` in buf[from, end), or -1 (remembering a trailing backslash run). */
  private findClosingQuote(buf: Buffer, from: number, end: number): number {
    let searchFrom = from;
    let carry = this.carryBackslashes;
    while (searchFrom < end) {
      const quote = buf.indexOf(QUOTE, searchFrom);
      if (quote === -1 || quote >= end) break;
      let run = 0;
      let j = quote - 1;
      while (j >= searchFrom && buf[j] === BACKSLASH) {
        run++;
        j--;
      }
      if (j < searchFrom) run += carry;
      if (run % 2 === 0) {
        this.carryBackslashes = 0;
        return quote;
      }
      carry = 0;
      searchFrom = quote + 1;
    }
    let run = 0;
    let j = end - 1;
    while (j >= searchFrom && buf[j] === BACKSLASH) {
      run++;
      j--;
    }
    this.carryBackslashes = j < searchFrom ? run + carry : run;
    return -1;
  }

  finish(): RgLineEvent | undefined {
    if (!this.header) return undefined;
    const lineNumber = /"line_number":(\d+)/.exec(this.tail);
    const [, type, pathKind, rawPath, linesKind] = this.header;
    const path = decodeJsonString(Buffer.from(rawPath!, 'latin1'), pathKind === 'bytes');
    const kept = this.head.subarray(0, Math.min(this.head.length, this.textBytes));
    const text = decodeJsonString(kept, linesKind === 'bytes', true);
    return {
      type: type as 'match' | 'context',
      path,
      line: lineNumber ? Number(lineNumber[1]) : 0,
      text,
      // JSON escaping and base64 inflate the count a little; good enough for "line cut: N chars".
      fullLength: linesKind === 'bytes' ? Math.floor((this.textBytes * 3) / 4) : this.textBytes,
    };
  }
}

/** Decodes the raw bytes of a JSON string body (possibly cut anywhere when `partial`). */
function decodeJsonString(raw: Buffer, base64: boolean, partial = false): string {
  if (base64) {
    const ascii = raw.toString('latin1');
    return Buffer.from(ascii.slice(0, ascii.length - (ascii.length % 4)), 'base64').toString('utf8');
  }
  let body = raw.toString('utf8');
  for (let attempt = 0; attempt < 12; attempt++) {
    try {
      return JSON.parse(`"${body}"`) as string;
    } catch {
      if (!partial || body.length === 0) break;
      body = body.slice(0, -1); // cut inside an escape sequence: drop characters until it parses
    }
  }
  return body;
}

/**
 * Splits NUL-terminated records (`rg -l --null`: `path\0`; `rg --count --null`: `path\0count\n`).
 */
export class NulRecordStream {
  private rest = '';
  private stopped = false;
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly withCount: boolean,
    private readonly onRecord: (path: string, count: number) => boolean,
  ) {}

  push(chunk: Buffer): boolean {
    const text = this.rest + this.decoder.write(chunk);
    let start = 0;
    while (!this.stopped) {
      const nul = text.indexOf('\0', start);
      if (nul === -1) break;
      let next = nul + 1;
      let count = 1;
      if (this.withCount) {
        const newline = text.indexOf('\n', next);
        if (newline === -1) break;
        count = Number(text.slice(next, newline));
        next = newline + 1;
      } else if (text[next] === '\n') {
        next++;
      }
      const path = text.slice(start, nul);
      start = next;
      if (!this.onRecord(path, count)) this.stopped = true;
    }
    this.rest = text.slice(start);
    return !this.stopped;
  }
}
