// A bare request inside an intercepted tunnel (no body, HTTP/1.1: tunnel-reader.ts) forwarded with
// no stream on either side when its answer allows: the answer's head and body, held whole (at
// most WHOLE_ANSWER_BYTES, by its declared length) and scrubbed once, go back in one write. An
// answer that must be streamed (longer, of no declared length, or compressed while answers are
// scrubbed) goes through a ServerResponse on the same socket and the same passAnswer as every
// other. A request the proxy would refuse is declined: its HTTP server answers it, as it does
// every request with a body.
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { WHOLE_ANSWER_BYTES, passAnswer } from './answer.js';
import { BodilessExchange, type AnswerHead } from './bodiless-exchange.js';
import type { Refusal } from './destination.js';
import { scrubHeaders, scrubText } from './echoes.js';
import {
  METHOD_OVERRIDES,
  READ_METHODS,
  noAnswerLine,
  exchangeRecorder,
  outgoingRequest,
  upstreamFailure,
  upstreamTarget,
  type ForwardContext,
} from './forward.js';
import { answerCodings, forwardedHeaders, hostLines } from './framing.js';
import { hostText } from './hosts.js';
import { rawAnswer } from './raw-answer.js';
import { tunnelHostRefusal, tunnelTarget } from './tunnel-host.js';
import { KEEP_ALIVE_MS, type TunnelRequest } from './tunnel-reader.js';
import { answerHead } from './heads.js';
import type { UpstreamAnswer } from './upstream-answer.js';

/** Serves `request` on `socket`; false (nothing done) for a request the proxy's HTTP server must answer. */
export function serveBare(
  ctx: ForwardContext,
  socket: TLSSocket,
  request: TunnelRequest,
  done: (close: boolean) => void,
): boolean {
  const { method, rawHeaders } = request;
  const { destination } = ctx;
  // Refused requests are told why by the proxy's HTTP server, as every other.
  if (hostLines(rawHeaders) > 1) return false;
  if (ctx.read && (!READ_METHODS.has(method) || METHOD_OVERRIDES.some((name) => hasHeader(rawHeaders, name))))
    return false;
  let host: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === 'host') host = rawHeaders[i + 1];
  if (tunnelHostRefusal(host, destination)) return false;
  const target = tunnelTarget(request.url);
  const startedAt = Date.now();
  const path = target.split('?')[0]!.slice(0, 200);
  const out = outgoingRequest(ctx, rawHeaders, undefined, target);
  const { echoes, told } = out;
  const shown = hostText(destination.host);
  const bodilessAnswer = (status: number) => method === 'HEAD' || status === 204 || status === 304;
  let bytesReceived = 0;
  let status: number | undefined;
  let over = false;
  const record = exchangeRecorder(ctx, { startedAt, method, path, injected: out.injected });
  const finish = (failed: boolean, address?: string) =>
    record({ failed, address, status, bytesSent: 0, bytesReceived });
  /** The answer is written (or the connection cut): the reader goes on to the next request, or not. */
  const end = (close: boolean) => {
    if (over) return;
    over = true;
    socket.off('close', onGone);
    done(close || !request.keepAlive);
  };
  /** Writes a whole answer: false when a status or header is one no HTTP/1.1 head can carry. */
  const writeWhole = (
    code: number,
    message: string,
    headers: [string, string][],
    body: Buffer | undefined,
    close = !request.keepAlive,
  ) => {
    const head = answerHead(code, message, headers, close, KEEP_ALIVE_MS / 1000);
    if (head === undefined) return false;
    socket.cork();
    socket.write(head, 'latin1');
    // An answer to a HEAD has no body, whatever its head says (the proxy's own 502s included).
    if (body?.length && method !== 'HEAD') socket.write(body);
    socket.uncork();
    return true;
  };
  let head: AnswerHead | undefined;
  let streamed: UpstreamAnswer | undefined;
  let exchange: BodilessExchange;
  try {
    exchange = new BodilessExchange(
      ctx.upstream,
      upstreamTarget(ctx),
      { method, target: out.target, headers: out.headers, body: 'none' },
      {
        head: (answerHead, stream) => {
          head = answerHead;
          status = answerHead.status;
          if (holdable(answerHead, bodilessAnswer(answerHead.status), echoes !== undefined)) return 'hold';
          streamed = stream();
          try {
            passStreamed(streamed);
          } catch {
            // An answer Node will not pass on as it is (a status or header it refuses to write): cut.
            streamed.destroy();
            socket.destroy();
            finish(true, answerHead.address);
            end(true);
          }
          return streamed;
        },
        whole: (body) => {
          const answer = head!;
          const bodiless = bodilessAnswer(answer.status);
          let headers = forwardedHeaders(answer.rawHeaders).filter(([name]) => name !== 'host');
          let message = answer.message;
          let sent = bodiless ? Buffer.alloc(0) : body;
          if (echoes) {
            headers = scrubHeaders(headers, echoes).filter(([name]) => name !== 'content-encoding');
            message = scrubText(message, echoes);
            if (sent.length) sent = Buffer.from(scrubText(sent.toString('latin1'), echoes), 'latin1');
          }
          // A bodiless answer keeps the length it names (the resource's); any other has its own.
          if (!bodiless) headers.push(['content-length', String(sent.length)]);
          else if (answer.contentLength !== undefined)
            headers.push(['content-length', String(Number(answer.contentLength))]);
          if (!writeWhole(answer.status, message, headers, sent)) {
            socket.destroy();
            finish(true, answer.address);
            return end(true);
          }
          finish(false, answer.address);
          end(false);
        },
        failed: (error: NodeJS.ErrnoException) => {
          if (socket.destroyed) {
            finish(true);
            return end(true);
          }
          if (error.code === 'SWITCHED' || head) {
            status = 502;
            refuse({
              status: 502,
              reason: 'unsupported',
              // A held answer that broke off: nothing of it was sent yet.
              line: head ? `toolwright: the answer of ${shown} was cut short` : noAnswerLine(shown),
            });
          } else {
            const failure = upstreamFailure(ctx, error, told);
            writeWhole(
              502,
              failure.phrase,
              [
                ['content-type', 'text/plain; charset=utf-8'],
                ['content-length', String(Buffer.byteLength(failure.body))],
              ],
              Buffer.from(failure.body),
              true,
            );
          }
          finish(true);
          end(true);
        },
        received: (bytes) => (bytesReceived += bytes),
      },
    );
  } catch {
    // No HTTP/1.1 head can carry the request (a value with a line break): the proxy's server says so.
    return false;
  }
  /** A refusal of the proxy's own, told with every value taken out; the connection closes after it. */
  const refuse = (refusal: Refusal) => {
    const scrubbed = { ...refusal, line: told(refusal.line) };
    ctx.noted(scrubbed, method);
    rawAnswer(socket, scrubbed, method === 'HEAD');
  };
  /** An answer that is not held: written through a ServerResponse of its own on this socket. */
  const passStreamed = (answer: UpstreamAnswer) => {
    const res = new ServerResponse({
      method,
      httpVersionMajor: 1,
      httpVersionMinor: 1,
      headers: {},
    } as IncomingMessage);
    res.shouldKeepAlive = request.keepAlive;
    res.assignSocket(socket);
    // As Node's server does for its answers: a write that had to wait goes on once the socket drains.
    const onDrain = () => {
      if (res.writableNeedDrain) res.emit('drain');
    };
    socket.on('drain', onDrain);
    let close = !request.keepAlive;
    res.once('finish', () => {
      socket.off('drain', onDrain);
      res.detachSocket(socket);
      // As Node's server does once an answer is written: its end-of-stream readers wait for 'close'.
      process.nextTick(() => {
        Object.assign(res, { _closed: true, destroyed: true });
        res.emit('close');
      });
      end(close);
    });
    passAnswer(answer, {
      res,
      method,
      shown,
      echoes,
      refuse: (line) => {
        status = 502;
        close = true;
        ctx.refuse(res, { status: 502, reason: 'unsupported', line: told(line) }, method);
        finish(true);
      },
      received: (bytes) => (bytesReceived += bytes),
      done: finish,
    });
  };
  // The client left: an answer not read whole is cut upstream; one already read is written or dropped.
  const onGone = () => {
    exchange.cancel();
    finish(true, head?.address);
    end(true);
  };
  socket.once('close', onGone);
  return true;
}

/** Whether the answer is held whole: one the proxy passes on as it comes, of a length it can hold. */
function holdable(head: AnswerHead, bodiless: boolean, scrubbed: boolean): boolean {
  const codings = answerCodings(head.rawHeaders);
  if (codings.transfer.some((coding) => coding !== 'chunked')) return false;
  // Nothing to decode.
  if (bodiless) return true;
  // A compressed answer is decoded to be scrubbed: streamed through the decoder.
  if (scrubbed && codings.content.length) return false;
  return head.contentLength !== undefined && Number(head.contentLength) <= WHOLE_ANSWER_BYTES;
}

function hasHeader(raw: readonly string[], name: string): boolean {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return true;
  return false;
}
