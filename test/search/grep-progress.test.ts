// grep's progress while it finds nothing: a followed search reports the time since it began (the
// value that grows), the files searched where rg names each one (files_with_matches, count), the
// bytes rg has read and what it found, through invoke's onProgress and over MCP (in memory and
// Streamable HTTP); followed or not, it finds the same; a call without a token gets nothing.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import type { GrepInput } from '../../src/generated/types.js';
import { createToolkit } from '../../src/index.js';
import { expectOk } from '../support/helpers.js';
import {
  callOverMcp,
  everyProgressNotification,
  expectGrowing,
  invokeFollowed,
  progressClient,
  slowListener,
} from '../support/progress.js';
import { scaled } from '../support/time.js';

const FILES = 12_000;
let root: string;

/** 12,000 small files in 100 folders, none holding the pattern searched for. */
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tw-grep-progress-'));
  for (let d = 0; d < 100; d++) {
    const dir = path.join(root, `d${d}`);
    await mkdir(dir);
    await Promise.all(
      Array.from({ length: FILES / 100 }, (_, f) =>
        writeFile(path.join(dir, `f${f}.txt`), `line one of ${d}/${f}\nline two\n`),
      ),
    );
  }
}, scaled(120_000));

const NOWHERE = 'zq-nowhere-to-be-found';
/** Time after its start, then (where rg names each file) files searched, bytes read, what was found. */
const MESSAGE =
  /^(?:(\d+) files? searched, )?(?:\d+ bytes read, )?0 (?:matching lines|matching files|files with matches) found after \d+ ms$/;

/** The counts of files searched the events name, in order. */
const searchedIn = (events: readonly { message?: string }[]) =>
  events.flatMap((e) => {
    const found = /^(\d+) files? searched/.exec(e.message ?? '');
    return found ? [Number(found[1])] : [];
  });

describe('grep reports progress while it finds nothing', { timeout: scaled(120_000) }, () => {
  it('content mode, through onProgress: the time since the start grows, with nothing found', async () => {
    const toolkit = createToolkit({ workspace: root });
    const { result, events } = await invokeFollowed(toolkit, 'search', 'grep', { pattern: NOWHERE });
    expect(expectOk(result).matches).toEqual([]);
    expectGrowing(events, 2, MESSAGE);
  });

  for (const mode of ['files_with_matches', 'count'] as const) {
    it(`${mode}, through onProgress: the files searched so far, never more than there are`, async () => {
      const toolkit = createToolkit({ workspace: root });
      const { result, events } = await invokeFollowed(toolkit, 'search', 'grep', {
        pattern: NOWHERE,
        output_mode: mode,
      });
      const output = expectOk(result);
      expect(output.files ?? output.counts).toEqual([]);
      expectGrowing(events, 2, MESSAGE);
      const searched = searchedIn(events);
      expect(searched.length).toBeGreaterThan(0);
      expect(searched.some((n) => n > 0)).toBe(true);
      for (let i = 1; i < searched.length; i++) expect(searched[i]).toBeGreaterThanOrEqual(searched[i - 1]!);
      expect(searched.every((n) => n <= FILES)).toBe(true);
    });
  }

  it('over MCP with a progress token: notifications/progress for a search that matches nothing, none without a token', async () => {
    const toolkit = createToolkit({ workspace: root });
    const client = await progressClient(toolkit);
    for (const mode of ['content', 'files_with_matches']) {
      const { result, events } = await callOverMcp(client, 'grep', { pattern: NOWHERE, output_mode: mode });
      expect(result.isError).toBeFalsy();
      expectGrowing(events, 2, MESSAGE);
    }
    const seen = everyProgressNotification(client);
    const silent = await client.callTool({ name: 'grep', arguments: { pattern: NOWHERE } });
    expect(silent.isError).toBeFalsy();
    expect(seen).toEqual([]);
    await client.close();
  });

  it('over Streamable HTTP with a progress token: the same notifications reach the client', async () => {
    const server = await startMcpHttpServer(createToolkit({ workspace: root }));
    const client = new Client({ name: 'grep-progress', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const events: Progress[] = [];
      const result = await client.callTool(
        { name: 'grep', arguments: { pattern: NOWHERE, output_mode: 'count' } },
        undefined,
        { onprogress: slowListener(events), timeout: scaled(60_000) },
      );
      expect(result.isError).toBeFalsy();
      expectGrowing(events, 2, MESSAGE);
      expect(searchedIn(events).some((n) => n > 0)).toBe(true);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('glob over the same files, matching none, reports the entries it has seen', async () => {
    const toolkit = createToolkit({ workspace: root });
    const { result, events } = await invokeFollowed(toolkit, 'search', 'glob', { pattern: '**/*.nowhere' });
    expect(expectOk(result).total).toBe(0);
    expectGrowing(events, 2, /^\d+ entries seen, 0 files matched$/);
  });
});

describe('followed or not, grep finds the same', () => {
  it('files_with_matches and count, with max_results and offset: the same results and continuation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tw-grep-same-'));
    for (let i = 0; i < 40; i++) {
      await mkdir(path.join(dir, `p${i % 4}`), { recursive: true });
      await writeFile(path.join(dir, `p${i % 4}`, `f${i}.txt`), i % 3 === 0 ? 'hit\nhit again\nmiss\n' : 'miss\n');
    }
    const toolkit = createToolkit({ workspace: dir });
    for (const output_mode of ['files_with_matches', 'count'] as const) {
      for (const extra of [{}, { max_results: 5 }, { max_results: 5, offset: 5 }, { glob: '*.txt', multiline: true }]) {
        const input: GrepInput = { pattern: 'hit', output_mode, ...extra };
        const plain = expectOk(await toolkit.invoke('search', 'grep', input));
        const { result } = await invokeFollowed(toolkit, 'search', 'grep', input, 0);
        expect(expectOk(result)).toEqual(plain);
      }
    }
    const counts = expectOk(await toolkit.invoke('search', 'grep', { pattern: 'hit', output_mode: 'count' })).counts;
    expect(counts).toHaveLength(14);
    expect(counts.every((c: { count: number }) => c.count === 2)).toBe(true);
  });
});
