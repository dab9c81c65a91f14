// Secrets taken out of a byte stream as it is captured (a command's output), before anything cuts
// it: a collector keeping a head and a tail, a stored job output read from an offset, a read that
// comes while the command is still writing. Redacting afterwards, what those cuts leave of an
// occurrence (its first half at the end of one read, the rest at the start of the next) is no form
// the redactor knows. So the stream is redacted before it is kept, and its last bytes that may
// begin an occurrence are held until what follows shows whether they do.
import { secretMark } from '../contract/roles.js';
import { latin1Bytes, Redactor } from './redaction.js';

/** Where redacted bytes go: the first `length` bytes of `bytes` (a buffer the sink copies out of). */
export type ByteSink = (bytes: Buffer, length: number) => void;

/** A redactor over bytes read as Latin-1 (a character per byte), its forms and marker as UTF-8 bytes. */
export class ByteRedactor {
  readonly #redactor: Redactor;

  constructor(secrets: readonly string[]) {
    this.#redactor = new Redactor(secrets, (secret) => latin1Bytes(secretMark(secret)), latin1Bytes);
  }

  get active(): boolean {
    return this.#redactor.active;
  }

  /** One stream's redaction: `sink` gets what can be shown, call `end()` when the stream ends. */
  stream(sink: ByteSink): RedactedStream {
    return new RedactedStream(this.#redactor, sink);
  }
}

/** A byte stream passed on with every occurrence of a secret replaced, held back where one may begin. */
export class RedactedStream {
  #held = '';
  #ended = false;

  constructor(
    private readonly redactor: Redactor,
    private readonly sink: ByteSink,
  ) {}

  /** The first `length` bytes of `bytes` are new in the stream. */
  write(bytes: Buffer, length: number): void {
    if (this.#ended || length <= 0) return;
    const text = this.#held + bytes.toString('latin1', 0, length);
    const hold = this.redactor.holdFrom(text);
    this.#held = text.slice(hold);
    if (hold > 0) this.#pass(text.slice(0, hold));
  }

  /** The stream ended (or is let go): what was held is passed on, redacted as it stands. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const rest = this.#held;
    this.#held = '';
    if (rest) this.#pass(rest);
  }

  #pass(text: string): void {
    const out = Buffer.from(this.redactor.text(text), 'latin1');
    this.sink(out, out.length);
  }
}

const byteRedactors = new WeakMap<readonly string[], ByteRedactor | undefined>();

/** One byte redactor of a set of secret values (the toolkit's credentials), made once; undefined for none. */
export function byteRedactor(values: readonly string[]): ByteRedactor | undefined {
  if (values.length === 0) return undefined;
  if (!byteRedactors.has(values)) {
    const redactor = new ByteRedactor(values);
    byteRedactors.set(values, redactor.active ? redactor : undefined);
  }
  return byteRedactors.get(values);
}
