// The answer side of a forwarded request: the server's head passed on (hop-by-hop headers dropped,
// echoes of the credentials scrubbed, codings the proxy cannot read refused) and its body streamed
// back, or, when it is scrubbed and short enough to hold, read whole, scrubbed once and sent with
// its new length in one write.
import type { ServerResponse } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { bodyDecoder } from './credentials.js';
import { CredentialScrubber, scrubHeaders, scrubText, type Echoes } from './echoes.js';
import { answerCodings, codingNames, forwardedHeaders } from './framing.js';
import type { UpstreamAnswer } from './upstream.js';

/** Scrubbed answers of at most this declared length are held whole; longer ones are streamed. */
export const WHOLE_ANSWER_BYTES = 256 * 1024;

export interface AnswerContext {
  res: ServerResponse;
  /** The request's method (a HEAD answer has no body). */
  method: string;
  /** The host as refusals name it. */
  shown: string;
  /** What answers are scrubbed of; undefined when the toolkit holds no credential. */
  echoes: Echoes | undefined;
  /** Answers the command 502 with this line (scrubbed by the caller) and records the exchange as failed. */
  refuse(line: string): void;
  /** Bytes of the body read from the server. */
  received(bytes: number): void;
  /** Once, when the answer is passed on or broke off. */
  done(failed: boolean, address?: string): void;
}

/** Passes `answer` on to the command through `ctx.res`. */
export function passAnswer(answer: UpstreamAnswer, ctx: AnswerContext): void {
  const { res, echoes, shown } = ctx;
  const status = answer.statusCode;
  let answerHeaders = forwardedHeaders(answer.rawHeaders).filter(([name]) => name !== 'host');
  // The length the parser read the answer by, kept where the body goes on unchanged (or there is
  // none: HEAD, 204, 304, whose length is the resource's).
  const length = answer.headers['content-length'];
  const bodiless = ctx.method === 'HEAD' || status === 204 || status === 304;
  if (length !== undefined && (bodiless || !echoes)) answerHeaders.push(['content-length', String(Number(length))]);
  let body: Readable = answer;
  const refuseAnswer = (line: string) => {
    answer.destroy();
    ctx.refuse(line);
  };
  const codings = answerCodings(answer.rawHeaders);
  // The parser takes the chunks off and leaves any other transfer coding on the body, which would
  // reach the command with nothing saying how to read it (and past the scrubber).
  const transfer = codings.transfer.filter((coding) => coding !== 'chunked');
  if (transfer.length)
    return refuseAnswer(
      `toolwright: the answer of ${shown} has the transfer coding ${codingNames(transfer)}, which the proxy does not pass on; refused`,
    );
  const address = answer.socket.remoteAddress;
  // Every answer, not only those to requests that carried a value: a server can hand back what it
  // was given before (a session, a token listing), and so can another name of the same service.
  if (echoes) {
    answerHeaders = scrubHeaders(answerHeaders, echoes);
    // Every Content-Encoding line counts, not the first: codings the proxy does not undo would
    // carry the value past the scrubber.
    // A bodiless answer (HEAD, 204, 304) has nothing to decode, whatever coding it names.
    const decoder = bodiless ? null : codings.content.length > 1 ? undefined : bodyDecoder(codings.content[0]);
    if (decoder === undefined)
      return refuseAnswer(
        `toolwright: the answer of ${shown} is encoded as ${codingNames(codings.content)}, which the proxy cannot check for the credentials it holds; refused`,
      );
    answerHeaders = answerHeaders.filter(([name]) => name !== 'content-encoding');
    const message = scrubText(answer.statusMessage, echoes);
    if (!decoder && !bodiless && length !== undefined && Number(length) <= WHOLE_ANSWER_BYTES)
      return passWhole(answer, ctx, echoes, message, answerHeaders, address);
    // The body changes length (placeholders differ in length from values): sent chunked.
    const scrubber = new CredentialScrubber(echoes);
    body = decoder ? answer.pipe(decoder).pipe(scrubber) : answer.pipe(scrubber);
    if (decoder) decoder.on('error', () => res.destroy());
    // A pipe passes no failure on: an answer cut short upstream would leave the scrubber waiting,
    // and the command with it, for an end that never comes.
    finished(answer, (error) => {
      if (!error && answer.complete) return;
      const cut = error ?? new Error('the answer was cut short');
      decoder?.destroy(cut);
      scrubber.destroy(cut);
    });
    res.writeHead(status, message, answerHeaders.flat());
  } else res.writeHead(status, answer.statusMessage, answerHeaders.flat());
  answer.on('data', (chunk: Buffer) => ctx.received(chunk.length));
  relay(body, res, answer, (failed) => ctx.done(failed, address));
}

/**
 * A scrubbed answer of a declared length the proxy can hold: read whole, scrubbed once, and sent
 * with its new length in one write (a stream through the scrubber, sent chunked, costs a short
 * answer more than its bytes). One cut short upstream is answered 502: nothing of it was sent yet.
 */
function passWhole(
  answer: UpstreamAnswer,
  ctx: AnswerContext,
  echoes: Echoes,
  message: string,
  headers: [string, string][],
  address: string | undefined,
): void {
  const { res } = ctx;
  const parts: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => {
    ctx.received(chunk.length);
    parts.push(chunk);
  });
  finished(answer, (error) => {
    if (error || !answer.complete) {
      // The command left meanwhile: nothing to answer.
      if (res.destroyed) return ctx.done(true, address);
      return ctx.refuse(`toolwright: the answer of ${ctx.shown} was cut short`);
    }
    const whole = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const scrubbed = Buffer.from(scrubText(whole.toString('latin1'), echoes), 'latin1');
    headers.push(['content-length', String(scrubbed.length)]);
    try {
      res.writeHead(answer.statusCode, message, headers.flat());
    } catch {
      // A status or header Node's server will not write as it is: cut.
      res.destroy();
      return ctx.done(true, address);
    }
    res.end(scrubbed);
    finished(res, (failed) => ctx.done(failed !== undefined && !res.writableEnded, address));
  });
}

/**
 * Streams an answer's body to the client, ending `res` after it; `done` once, failed when either
 * side broke off. What one turn of the event loop brings (the last chunk, the scrubber's held-back
 * bytes, the chunked terminator) leaves in one write, not one each: every write is a wake-up of
 * the client, which a short answer would pay several times over. Once the server's answer is all
 * read (`answer.complete`), the rest follows within a few turns and ends `res`, whose end writes
 * everything held at once.
 */
function relay(
  body: Readable,
  res: ServerResponse,
  answer: { complete: boolean },
  done: (failed: boolean) => void,
): void {
  let settled = false;
  const settle = (failed: boolean) => {
    if (settled) return;
    settled = true;
    done(failed);
  };
  const socket = res.socket;
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    socket?.uncork();
  };
  // Held while the rest is on its way, for a few turns at most, and never past a full buffer (the
  // pipe would wait for a drain that a held socket never gives).
  const check = (turns: number) => {
    if (!corked) return;
    if (!answer.complete || res.destroyed || socket!.writableNeedDrain || turns === 0) uncork();
    else setImmediate(check, turns - 1);
  };
  body.on('data', () => {
    if (corked || !socket || socket.destroyed) return;
    corked = true;
    socket.cork();
    setImmediate(check, 3);
  });
  body.pipe(res);
  // After the pipe's own: `res` has ended (and written what was held) when this runs.
  body.once('end', uncork);
  finished(body, (error) => {
    if (!error) return;
    uncork();
    res.destroy();
    settle(true);
  });
  finished(res, (error) => {
    if (!error) return settle(false);
    // The client is gone: the rest of the body is read and dropped (forwardRequest cuts the
    // upstream exchange when the answer was not complete). An answer written whole counts as delivered.
    body.unpipe(res);
    body.resume();
    settle(!res.writableEnded);
  });
}
