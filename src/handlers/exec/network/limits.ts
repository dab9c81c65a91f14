// What one command may hold of the proxy at once: connections to it, and requests waiting on one
// connection. Node's HTTP server hands over every request a client writes ahead at once, though
// HTTP/1.1 answers them in order: unchecked, a command writing a thousand requests in one go would
// have the proxy open a thousand connections upstream together.
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Refusal } from './destination.js';

/** Connections one command holds to the proxy at once; more are answered 503 and closed. */
export const MAX_CONNECTIONS = 256;
/** Requests written ahead on one connection while one is answered; more close the connection. */
export const MAX_PIPELINED = 16;

export const tooManyConnections: Refusal = {
  status: 503,
  reason: 'limit',
  line: `toolwright: the command holds ${MAX_CONNECTIONS} connections to the sandbox's proxy already; close some first`,
};

export const tooManyPipelined: Refusal = {
  status: 429,
  reason: 'limit',
  line: `toolwright: more than ${MAX_PIPELINED} requests were written ahead on one connection; the proxy closed it`,
};

/**
 * How long a connection may take to send its first whole request head (and, intercepted, its TLS
 * handshake): one that sends half a line and waits would otherwise be held until the command ends.
 * Node's own headers timeout runs only for servers that listen, and the proxy's are handed their
 * connections.
 */
let firstRequestMs = 60_000;

export function firstRequestTimeout(): number {
  return firstRequestMs;
}

/** Tests: a shorter wait for the first request (the previous one is returned, to put back). */
export function setFirstRequestTimeout(ms: number): number {
  const before = firstRequestMs;
  firstRequestMs = ms;
  return before;
}

interface Turns {
  busy: boolean;
  waiting: (() => boolean)[];
}

const turns = new WeakMap<Duplex, Turns>();

/**
 * Runs `start` (which answers `res`) once the requests before it on `socket` are answered: one at
 * a time, as the answers go back anyway. False, and nothing runs, when MAX_PIPELINED wait already.
 */
export function inTurn(socket: Duplex, res: ServerResponse, start: () => void): boolean {
  let turn = turns.get(socket);
  if (!turn) turns.set(socket, (turn = { busy: false, waiting: [] }));
  const queue = turn;
  const next = () => {
    queue.busy = false;
    while (queue.waiting.length) if (queue.waiting.shift()!()) return;
  };
  const run = (): boolean => {
    // The client is gone, or the connection was closed after a refusal: the requests left waiting
    // go nowhere (no answer could reach the command), and none of them is sent upstream.
    if (res.destroyed || socket.destroyed || socket.writableEnded) return false;
    queue.busy = true;
    res.once('close', next);
    start();
    return true;
  };
  if (!queue.busy) {
    run();
    return true;
  }
  if (queue.waiting.length >= MAX_PIPELINED) return false;
  queue.waiting.push(run);
  return true;
}

/** Idle upstream connections the proxy keeps for reuse, all hosts together (a wildcard admits any number of hosts); the oldest go first. */
export const MAX_IDLE_UPSTREAM = 64;
/** How long an idle upstream connection is kept. */
export const IDLE_UPSTREAM_MS = 15_000;
