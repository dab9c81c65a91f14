// A plain `call` is read without commander (src/cli/call-argv.ts): for every form it reads, the
// result must be what commander makes of the same arguments, and every form it leaves to commander
// must still be read, or refused, by commander.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { plainCallArgv } from '../../src/cli/call-argv.js';
import { cli } from '../support/cli.js';

const silent = { stdout: { write: () => true }, stderr: { write: () => true }, readStdin: async () => '' };

/** What commander hands the call action for `call ...args`, or the error it ends with. */
async function commanderReads(args: string[]): Promise<unknown> {
  const program = buildProgram(silent, { value: 0 }, 'call');
  let seen: unknown;
  program.commands
    .find((command) => command.name() === 'call')!
    .action((tool: string, json: string, flags: Record<string, unknown>) => {
      seen = { tool, json, flags: { ...flags } };
    });
  try {
    await program.parseAsync(['call', ...args], { from: 'user' });
  } catch (error) {
    return { refused: (error as { code?: string }).code };
  }
  return seen;
}

const READ_HERE = [
  ['read_file'],
  ['read_file', '{"path":"a.txt"}'],
  ['read_file', '-'],
  ['read_file', '{"path":"a.txt"}', '-w', '/tmp/x'],
  ['-w', '/tmp/x', 'read_file', '{}'],
  ['read_file', '--workspace=/tmp/x', '{}'],
  ['read_file', '--json', '{}', '--no-checkpoints'],
  ['grep', '{}', '--profile', 'filesystem.*, search.grep', '--profile', 'web.*'],
  ['bash', '{}', '--sandbox', 'read-only', '--network-allow', 'a.example,b.example', '--network-allow=c.example'],
  ['bash', '{}', '--network-methods', 'read', '--network-allow-private', '--network', 'none'],
  ['bash', '{}', '--network-credential', 'TOKEN=a.example', '--network-credential', 'KEY=b.example,c.example'],
  ['bash', '{}', '--max-jobs', '3', '--checkpoint-bash', '--list-all-tools', '--allow-private-network'],
  ['read_file', '{}', '--policy', 'readOnly', '--policy', 'askForRisky', '--store', 'embedded'],
  ['read_file', '{}', '--tasks-file', 'tasks.json', '--provider', './a.js', '--provider', './b,c.js'],
  ['help'],
] as const;

const LEFT_TO_COMMANDER = [
  [],
  ['--help'],
  ['read_file', '-h'],
  ['read_file', '{}', 'extra'],
  ['read_file', '--', '{}'],
  ['read_file', '--frobnicate'],
  ['read_file', '-V'],
  ['read_file', '--json=yes'],
  ['read_file', '-w'],
  ['read_file', '-w', '--json'],
  ['read_file', '-w/tmp/x'],
  ['read_file', '--max-jobs', '0'],
  ['read_file', '--sandbox', 'everything'],
  ['read_file', '--network-methods=write'],
  ['read_file', '-{"path":"a"}'],
] as const;

describe('a plain call read without commander', () => {
  it.each(READ_HERE.map((args) => [args.join(' '), args]))('reads `call %s` as commander does', async (_, args) => {
    const plain = plainCallArgv(args);
    expect(plain).toBeDefined();
    expect(plain).toEqual(await commanderReads([...args]));
  });

  it.each(LEFT_TO_COMMANDER.map((args) => [args.join(' '), args]))('leaves `call %s` to commander', (_, args) => {
    expect(plainCallArgv(args)).toBeUndefined();
  });

  it('the forms left to commander are read or refused by it as before', async () => {
    expect(await commanderReads(['read_file', '--', '{}'])).toMatchObject({ tool: 'read_file', json: '{}' });
    expect(await commanderReads(['read_file', '-w/tmp/x'])).toMatchObject({ flags: { workspace: '/tmp/x' } });
    expect(await commanderReads(['read_file', '--frobnicate'])).toEqual({ refused: 'commander.unknownOption' });
    expect(await commanderReads(['read_file', '{}', 'extra'])).toEqual({ refused: 'commander.excessArguments' });
    expect(await commanderReads(['read_file', '--max-jobs', '0'])).toEqual({
      refused: 'commander.invalidArgument',
    });
  });

  it("a refused flag value still gets commander's message and exit code 2 through the CLI", async () => {
    const bad = await cli(['call', 'read_file', '{}', '--sandbox', 'everything']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("option '--sandbox <mode>' argument 'everything' is invalid");
    const unknown = await cli(['call', 'read_file', '--frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown option '--frobnicate'");
  });
});
