// The stdio line transport: lines cut anywhere by the pipe arrive whole, a line it cannot read is
// reported and the next one still arrives, an endless line is refused at its bound, and a line's
// pieces are joined once (not once per chunk).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioLineTransport } from '../../src/adapters/mcp/transports/stdio-lines.js';

function open() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new StdioLineTransport((line) => JSON.parse(line), stdin, stdout);
  const messages: unknown[] = [];
  const errors: string[] = [];
  let closed = false;
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e.message);
  transport.onclose = () => {
    closed = true;
  };
  void transport.start();
  return { transport, stdin, messages, errors, isClosed: () => closed };
}

afterEach(() => vi.restoreAllMocks());

describe('StdioLineTransport', () => {
  it('joins a message cut into many chunks, inside a multi-byte character too', () => {
    const { stdin, messages } = open();
    const message = { jsonrpc: '2.0', id: 1, method: 'ping', params: { text: 'héllo — 世界 🎉' } };
    const bytes = Buffer.from(`${JSON.stringify(message)}\n`);
    for (let i = 0; i < bytes.length; i++) stdin.write(bytes.subarray(i, i + 1));
    expect(messages).toEqual([message]);
  });

  it('reads several lines from one chunk, CRLF and blank lines included', () => {
    const { stdin, messages } = open();
    stdin.write(
      '{"jsonrpc":"2.0","id":1,"method":"a"}\r\n\n  \n{"jsonrpc":"2.0","id":2,"method":"b"}\n{"jsonrpc":"2.0",',
    );
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'a' },
      { jsonrpc: '2.0', id: 2, method: 'b' },
    ]);
    stdin.write('"id":3,"method":"c"}\n');
    expect(messages).toHaveLength(3);
  });

  it('reports a line it cannot read and goes on', () => {
    const { stdin, messages, errors } = open();
    stdin.write('not json\n{"jsonrpc":"2.0","id":7,"method":"x"}\n');
    expect(errors).toHaveLength(1);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, method: 'x' }]);
  });

  it('refuses a line past 10 MiB and closes', () => {
    const { stdin, errors, isClosed } = open();
    const piece = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 11 && !isClosed(); i++) stdin.write(piece);
    expect(errors).toEqual([`a stdio line exceeded ${10 * 1024 * 1024} bytes`]);
    expect(isClosed()).toBe(true);
  });

  it("joins a long line's pieces once, when its end arrives", () => {
    const { stdin, messages } = open();
    const concat = vi.spyOn(Buffer, 'concat');
    const text = 'x'.repeat(4 * 1024 * 1024);
    const bytes = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'm', params: { text } })}\n`);
    for (let i = 0; i < bytes.length; i += 64 * 1024) stdin.write(bytes.subarray(i, i + 64 * 1024));
    expect(messages).toHaveLength(1);
    expect((messages[0] as { params: { text: string } }).params.text).toHaveLength(text.length);
    expect(concat).toHaveBeenCalledTimes(1);
  });
});
