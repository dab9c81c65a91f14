// What known MCP clients need adapted, as data: entries keyed by the `clientInfo.name` a client
// sends in `initialize`, each with examples that are checked when the table is compiled (a table
// whose entry does not do what its examples say is refused, like a policy rule).

/** One known client and what it needs. */
export interface ClientQuirk {
  /** `clientInfo.name` exactly as the client sends it in `initialize`. */
  client: string;
  /** Why the entry exists, in a sentence (shown in errors about the entry). */
  why: string;
  /**
   * Argument names the client adds to every tool call on its own: dropped before the arguments
   * are validated, unless the tool declares a parameter of that name.
   */
  dropArguments?: readonly string[];
  /**
   * The client shows the model `structuredContent` (as JSON) instead of the text: the text goes
   * alone (no `outputSchema` listed, no `structuredContent` sent), line numbers and "how to
   * continue" hints as the toolkit rendered them.
   */
  textOnly?: boolean;
  /**
   * The client shows the model a tool error (`isError`) as a JSON dump of the whole result, `_meta`
   * included, instead of its text: an error goes as its text alone (no `_meta`, no
   * `structuredContent`).
   */
  errorTextOnly?: boolean;
  /** At least one; each is checked when the table is compiled. */
  examples: readonly ClientQuirkExample[];
}

/** Arguments as the client sends them and as the tool must receive them, or a result and what the client gets. */
export type ClientQuirkExample =
  | { arguments: Record<string, unknown>; expect: Record<string, unknown> }
  | { result: QuirkResult; expect: QuirkResult };

/** The parts of a CallToolResult a quirk may change. */
export interface QuirkResult {
  content: readonly unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** The table toolwright applies by default (README › MCP › Client quirks). */
export const DEFAULT_CLIENT_QUIRKS: readonly ClientQuirk[] = Object.freeze([
  {
    client: 'gemini-cli-mcp-client',
    why:
      'Gemini CLI adds wait_for_previous (its own scheduling flag) to the arguments of every tool call, ' +
      'and shows the model a tool error as a JSON dump of the result with its _meta',
    dropArguments: ['wait_for_previous'],
    errorTextOnly: true,
    examples: [
      { arguments: { path: 'a.txt', wait_for_previous: true }, expect: { path: 'a.txt' } },
      { arguments: { path: 'a.txt' }, expect: { path: 'a.txt' } },
      {
        result: {
          content: [{ type: 'text', text: 'Error NOT_FOUND: a.txt does not exist' }],
          isError: true,
          _meta: { 'toolwright/error': { code: 'NOT_FOUND', message: 'a.txt does not exist' } },
        },
        expect: { content: [{ type: 'text', text: 'Error NOT_FOUND: a.txt does not exist' }], isError: true },
      },
    ],
  },
  {
    client: 'claude-code',
    why: 'Claude Code shows the model structuredContent as JSON when a result has it, not the text',
    textOnly: true,
    examples: [
      {
        result: {
          content: [{ type: 'text', text: '     1\thello\n' }],
          structuredContent: { content: 'hello\n', truncated: false },
        },
        expect: { content: [{ type: 'text', text: '     1\thello\n' }] },
      },
    ],
  },
]);

/** How a server adapts to clients: `auto` (the default table), `off`, or a table of one's own. */
export type ClientQuirksOption = 'auto' | 'off' | readonly ClientQuirk[];

/** A compiled table: the entry for a client name, if any. */
export interface QuirkTable {
  for(clientName: string | undefined): ClientQuirk | undefined;
}

const NONE: QuirkTable = Object.freeze({ for: () => undefined });
let defaultTable: QuirkTable | undefined;

/** The table an option names, its examples checked; a bad table is a TypeError naming the entry. */
export function compileQuirks(option: ClientQuirksOption | undefined): QuirkTable {
  if (option === 'off') return NONE;
  if (option === undefined || option === 'auto') return (defaultTable ??= buildTable(DEFAULT_CLIENT_QUIRKS));
  if (!Array.isArray(option)) throw new TypeError('clientQuirks must be "auto", "off" or a list of client entries');
  return buildTable(option);
}

function buildTable(entries: readonly ClientQuirk[]): QuirkTable {
  const byName = new Map<string, ClientQuirk>();
  entries.forEach((entry, index) => {
    checkEntry(entry, index);
    if (byName.has(entry.client)) throw new TypeError(`client quirk ${index}: a second entry for "${entry.client}"`);
    byName.set(entry.client, Object.freeze({ ...entry }));
  });
  return { for: (name) => (name === undefined ? undefined : byName.get(name)) };
}

function checkEntry(entry: ClientQuirk, index: number): void {
  const at = `client quirk ${index}${typeof entry?.client === 'string' ? ` ("${entry.client}")` : ''}`;
  if (typeof entry !== 'object' || entry === null) throw new TypeError(`${at}: must be an object`);
  if (typeof entry.client !== 'string' || entry.client === '')
    throw new TypeError(`${at}: client must be the clientInfo.name the client sends`);
  if (
    entry.dropArguments !== undefined &&
    !(Array.isArray(entry.dropArguments) && entry.dropArguments.every((a) => typeof a === 'string' && a !== ''))
  ) {
    throw new TypeError(`${at}: dropArguments must be a list of argument names`);
  }
  if (entry.textOnly !== undefined && typeof entry.textOnly !== 'boolean')
    throw new TypeError(`${at}: textOnly must be true or false`);
  if (entry.errorTextOnly !== undefined && typeof entry.errorTextOnly !== 'boolean')
    throw new TypeError(`${at}: errorTextOnly must be true or false`);
  if (!entry.dropArguments?.length && !entry.textOnly && !entry.errorTextOnly)
    throw new TypeError(`${at}: adapts nothing (give dropArguments, textOnly or errorTextOnly)`);
  if (!Array.isArray(entry.examples) || entry.examples.length === 0)
    throw new TypeError(`${at}: needs at least one example`);
  entry.examples.forEach((example: ClientQuirkExample, i: number) => {
    const [given, got, expected]: [unknown, unknown, unknown] =
      'arguments' in example
        ? [example.arguments, clientArguments(entry, example.arguments, undefined), example.expect]
        : [example.result, clientResult(entry, example.result), example.expect];
    if (!sameJson(got, expected)) {
      throw new TypeError(
        `${at}: example ${i} gives ${JSON.stringify(got)} for ${JSON.stringify(given)}, not ${JSON.stringify(expected)}`,
      );
    }
  });
}

/**
 * The arguments a tool receives from this client: the ones it injects dropped, unless
 * `declared` (the tool's parameter names) has them.
 */
export function clientArguments(
  quirk: ClientQuirk | undefined,
  args: Record<string, unknown>,
  declared: ReadonlySet<string> | undefined,
): Record<string, unknown> {
  const drop = quirk?.dropArguments;
  if (!drop || !drop.some((name) => Object.hasOwn(args, name) && !declared?.has(name))) return args;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(args)) if (!drop.includes(key) || declared?.has(key)) kept[key] = args[key];
  return kept;
}

/** The result as this client should get it. */
export function clientResult<R extends QuirkResult>(quirk: ClientQuirk | undefined, result: R): R {
  if (quirk?.errorTextOnly && result.isError === true) {
    const { structuredContent: _structured, _meta: _meta, ...text } = result;
    return text as R;
  }
  if (!quirk?.textOnly || result.structuredContent === undefined) return result;
  const { structuredContent: _dropped, ...rest } = result;
  return rest as R;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
