// Finding a call's secret values wherever they appear in text: raw, and in the forms a handler or a
// model writes them (JSON string escapes, URL encoding, shell quoting, and JSON around each of
// those). Every form of every secret is searched in one pass over the text (Aho–Corasick over UTF-16
// code units), so many secrets in a long text cost a linear scan, never a scan per secret.

/** Shortest secret value looked for in text: shorter ones are only redacted as whole values. */
export const MIN_SCRUBBED_SECRET = 4;
/** Most secret values of one call looked for in text (the longest ones); the rest are redacted as whole values only. */
export const MAX_SCRUBBED_SECRETS = 32;
/** A form longer than this is found by its first this many characters (then matched as far as it goes). */
export const SECRET_PREFIX_CHARS = 128;
/** Objects nested deeper than this are redacted as their JSON text. */
const MAX_DEPTH = 32;
/** `…`, where a quote of the text was shortened (the shell analyzer's `clip`, and others like it). */
const CUT = 0x2026;

const SHELL_PLAIN = /^[A-Za-z0-9_\-.:/@%+=~#,]$/;

/** `\` before every character bash's `printf %q` escapes (a leading `~` or `#` too). */
function backslashQuoted(value: string, keep: RegExp): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const special = !keep.test(ch) || (i === 0 && (ch === '~' || ch === '#'));
    out += special && ch.charCodeAt(0) < 0x80 ? `\\${ch}` : ch;
  }
  return out;
}

function jsonBody(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

function asciiJsonBody(value: string): string {
  return jsonBody(value).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function lowerHex(encoded: string): string {
  return encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/** The bodies a secret takes inside shell quotes of each kind, and as a word escaped by `printf %q`. */
function shellForms(value: string): string[] {
  return [
    value.replace(/'/g, `'\\''`), // inside '…': a quote is closed, escaped, reopened
    value.replace(/'/g, `'"'"'`),
    value.replace(/[\\"$`]/g, (ch) => `\\${ch}`), // inside "…"
    value
      .replace(/[\\']/g, (ch) => `\\${ch}`) // inside $'…'
      .replace(/\n/g, '\\n')
      .replace(/\t/g, '\\t')
      .replace(/\r/g, '\\r'),
    backslashQuoted(value, SHELL_PLAIN),
    backslashQuoted(value, /^[A-Za-z0-9_]$/),
  ];
}

/** The secret URL-encoded as encodeURIComponent and encodeURI do, with lower-case hex, and `+` for spaces. */
function urlForms(value: string): string[] {
  const forms: string[] = [];
  for (const encode of [encodeURIComponent, encodeURI]) {
    try {
      const encoded = encode(value);
      forms.push(encoded, lowerHex(encoded), encoded.replace(/%20/g, '+'));
    } catch {
      /* a lone surrogate cannot be URL-encoded: no such form */
    }
  }
  return forms;
}

/**
 * The ways `secret` may be written in text: raw or as a JSON string's body (also with `/` escaped,
 * as PHP and others write it), each of those raw, shell-quoted or URL-encoded, and each of those
 * again as a JSON string's body (a handler's error quoting a shell line as JSON).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const base of new Set([secret, jsonBody(secret), jsonBody(secret).replace(/\//g, '\\/')])) {
    forms.add(base);
    for (const form of shellForms(base)) forms.add(form);
    for (const form of urlForms(base)) forms.add(form);
  }
  for (const form of [...forms]) {
    forms.add(jsonBody(form));
    forms.add(asciiJsonBody(form));
  }
  // A quote that folds each run of white space into one space (the shell analyzer's, in a policy's
  // reason) writes the value so.
  for (const form of [...forms]) if (/\s/.test(form)) forms.add(form.replace(/\s+/g, ' '));
  return [...forms];
}

/** What the automaton looks for: a form, or the first SECRET_PREFIX_CHARS characters of the forms that begin alike. */
interface Pattern {
  readonly key: string;
  /** The whole forms with this key (matched on past the key when longer), and the secret each writes. */
  readonly forms: { form: string; secret: number }[];
}

/** An Aho–Corasick automaton over UTF-16 code units. */
class Automaton {
  readonly #next: Map<number, number>[] = [new Map<number, number>()];
  readonly #fail: number[] = [0];
  /** The longest pattern ending at a node (its own, else its fail chain's), -1 for none. */
  readonly #out: number[] = [-1];
  /** How many characters lead from the root to a node. */
  readonly #depth: number[] = [0];
  /** A pattern whose key passes through a node. */
  readonly #through: number[] = [-1];

  constructor(keys: readonly string[]) {
    const own: number[] = [-1];
    keys.forEach((key, index) => {
      let node = 0;
      for (let i = 0; i < key.length; i++) {
        const code = key.charCodeAt(i);
        let child = this.#next[node]!.get(code);
        if (child === undefined) {
          child = this.#next.length;
          this.#next.push(new Map<number, number>());
          this.#fail.push(0);
          this.#out.push(-1);
          this.#depth.push(this.#depth[node]! + 1);
          this.#through.push(index);
          own.push(-1);
          this.#next[node]!.set(code, child);
        }
        node = child;
      }
      own[node] = index;
    });
    const queue: number[] = [];
    for (const child of this.#next[0]!.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      this.#out[node] = own[node] !== -1 ? own[node]! : this.#out[this.#fail[node]!]!;
      for (const [code, child] of this.#next[node]!) {
        let fail = this.#fail[node]!;
        while (fail !== 0 && !this.#next[fail]!.has(code)) fail = this.#fail[fail]!;
        const target = this.#next[fail]!.get(code);
        this.#fail[child] = target !== undefined && target !== child ? target : 0;
        queue.push(child);
      }
    }
  }

  /**
   * Calls `found(end, pattern)` for the longest pattern ending at each position where one does, and
   * `cut(at, length, pattern)` before each `…` (CUT) that the last `length` characters before it
   * begin a pattern; returns how many of the text's last characters begin a pattern (0 when none do).
   */
  scan(
    text: string,
    found: (end: number, pattern: number) => void,
    cut?: (at: number, length: number, pattern: number) => void,
  ): number {
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === CUT && node !== 0 && cut) cut(i, this.#depth[node]!, this.#through[node]!);
      let child = this.#next[node]!.get(code);
      while (child === undefined && node !== 0) {
        node = this.#fail[node]!;
        child = this.#next[node]!.get(code);
      }
      node = child ?? 0;
      const out = this.#out[node]!;
      if (out !== -1) found(i + 1, out);
    }
    return this.#depth[node]!;
  }
}

/** A form as the bytes of its UTF-8 encoding read as Latin-1 (a character per byte). */
export function latin1Bytes(form: string): string {
  return Buffer.from(form, 'utf8').toString('latin1');
}

/** How an occurrence is written instead: given the secret's raw value. */
export type SecretMarker = (secret: string) => string;

/**
 * Replaces every occurrence of a set of secrets, in any of their forms, by a marker. Overlapping
 * occurrences become one marked stretch; nothing of a secret's form is left beside a marker.
 */
export class Redactor {
  readonly #secrets: readonly string[];
  readonly #patterns: Pattern[];
  readonly #automaton: Automaton | undefined;

  /**
   * `secrets`: the values to look for (shorter than MIN_SCRUBBED_SECRET ignored; at most
   * MAX_SCRUBBED_SECRETS, longest first). `encode`: how each form is written in the text searched
   * (the identity for JS text; `latin1Bytes` for bytes read as Latin-1, a byte per character).
   */
  constructor(
    secrets: Iterable<string>,
    readonly marker: SecretMarker,
    encode: (form: string) => string = (form) => form,
  ) {
    this.#secrets = [...new Set(secrets)]
      .filter((secret) => typeof secret === 'string' && secret.length >= MIN_SCRUBBED_SECRET)
      .sort((a, b) => b.length - a.length)
      .slice(0, MAX_SCRUBBED_SECRETS);
    const byKey = new Map<string, Pattern>();
    this.#secrets.forEach((secret, index) => {
      for (const written of secretForms(secret)) {
        const form = encode(written);
        const key = form.slice(0, SECRET_PREFIX_CHARS);
        let pattern = byKey.get(key);
        if (!pattern) byKey.set(key, (pattern = { key, forms: [] }));
        pattern.forms.push({ form, secret: index });
      }
    });
    this.#patterns = [...byKey.values()];
    this.#automaton = this.#patterns.length > 0 ? new Automaton(this.#patterns.map((p) => p.key)) : undefined;
  }

  /** Whether there is anything to look for. */
  get active(): boolean {
    return this.#automaton !== undefined;
  }

  /** The text with every occurrence of a secret replaced by its marker (`marker`, else the redactor's). */
  text(text: string, marker: SecretMarker = this.marker): string {
    if (!this.#automaton || typeof text !== 'string') return text;
    const { starts, ends, secretOf } = this.#stretches(text);
    if (starts.length === 0) return text;
    let out = '';
    let at = 0;
    for (let i = 0; i < starts.length; i++) {
      out += text.slice(at, starts[i]) + marker(this.#secrets[secretOf[i]!]!);
      at = ends[i]!;
    }
    return out + text.slice(at);
  }

  /**
   * Where a stream's text must be held back until more of it comes: the start of its last
   * characters that begin a form of a secret, or of a form cut off by the text's end (text.length
   * when nothing is). What comes before can be redacted and shown now: no occurrence spans the point.
   */
  holdFrom(text: string): number {
    if (!this.#automaton || typeof text !== 'string') return text.length;
    const { starts, ends, open, tail } = this.#stretches(text);
    let hold = Math.min(open, text.length - tail);
    // Never inside a marked stretch: the whole of it is held and found again with what follows.
    for (let i = starts.length - 1; i >= 0 && ends[i]! > hold; i--) if (starts[i]! < hold) hold = starts[i]!;
    return hold;
  }

  /**
   * The marked stretches [start, end) of a text, in order, never overlapping, with the secret each
   * writes; `open`: the start of a long form the text's end cut off (else text.length); `tail`: how
   * many last characters begin a form.
   */
  #stretches(text: string): { starts: number[]; ends: number[]; secretOf: number[]; open: number; tail: number } {
    const starts: number[] = [];
    const ends: number[] = [];
    const secretOf: number[] = [];
    let open = text.length;
    // A stretch joins those it overlaps: one marker for them all, for the longest secret among them.
    const mark = (start: number, end: number, secret: number) => {
      while (starts.length > 0 && start < ends[ends.length - 1]!) {
        start = Math.min(start, starts.pop()!);
        end = Math.max(end, ends.pop()!);
        const other = secretOf.pop()!;
        if (this.#secrets[other]!.length > this.#secrets[secret]!.length) secret = other;
      }
      starts.push(start);
      ends.push(end);
      secretOf.push(secret);
    };
    // The beginning of a form cut off where a quote was shortened (`…`): what the cut left of it.
    const cutOff = (at: number, length: number, index: number) => {
      if (length >= MIN_SCRUBBED_SECRET) mark(at - length, at, this.#patterns[index]!.forms[0]!.secret);
    };
    const found = (keyEnd: number, index: number) => {
      const pattern = this.#patterns[index]!;
      const start = keyEnd - pattern.key.length;
      let end = keyEnd;
      let secret = pattern.forms[0]!.secret;
      const covered = ends.length > 0 ? ends[ends.length - 1]! : -1;
      for (const { form, secret: which } of pattern.forms) {
        // A long form is matched on past its key as far as the text goes along with it, from where
        // the last marked stretch ends (what it covers is marked anyway): the work stays linear.
        if (form.length <= pattern.key.length || covered >= start + form.length) continue;
        let at = Math.max(keyEnd, covered);
        let k = at - start;
        while (k < form.length && at < text.length && text.charCodeAt(at) === form.charCodeAt(k)) {
          k++;
          at++;
        }
        if (k < form.length && at === text.length) open = Math.min(open, start);
        if (at > end) {
          end = at;
          secret = which;
        }
      }
      mark(start, end, secret);
    };
    const tail = this.#automaton!.scan(text, found, cutOff);
    return { starts, ends, secretOf, open, tail };
  }

  /** A copy of a JSON-like value with every string (and key) redacted; the same value when nothing changed. */
  value<T>(value: T, marker: SecretMarker = this.marker): T {
    if (!this.#automaton) return value;
    return this.#value(value, 0, marker) as T;
  }

  #value(value: unknown, depth: number, marker: SecretMarker): unknown {
    if (typeof value === 'string') return this.text(value, marker);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) {
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch {
        json = undefined;
      }
      return json === undefined ? '[a value nested too deep to show]' : this.text(json, marker);
    }
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((item: unknown, i) => {
        const next = this.#value(item, depth + 1, marker);
        if (next !== item) (copy ??= [...(value as unknown[])])[i] = next;
      });
      return copy ?? value;
    }
    let changed = false;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const name = this.text(key, marker);
      const next = this.#value(item, depth + 1, marker);
      if (name !== key || next !== item) changed = true;
      copy[name] = next;
    }
    return changed ? copy : value;
  }
}
