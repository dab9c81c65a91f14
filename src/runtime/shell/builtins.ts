// Builtins that treat a word as a variable name (an array subscript in it is arithmetic, and
// arithmetic runs `$(…)`), or as code. Each is read with bash's own option grammar, in every
// spelling (`-vNAME`, `-v NAME`, `-rv NAME`, quoted or concatenated words).
import { GetoptError, getopt, type OptionGrammar, type ParsedOptions } from './getopt.js';
import { testProblem } from './test-builtin.js';
import { Opaque, clip, type Word } from './words.js';

export interface BuiltinEffect {
  /** Variables the command assigns (or declares, exports, unsets). */
  names: string[];
  /** Of those, the ones it makes arrays. */
  arrays: string[];
  /** Declared with a value known only at run time: a compound assignment if the name is an array. */
  runtimeValues: string[];
  /** Set when the command changes how later assignments or references behave. */
  poison?: string;
}

interface BuiltinModel {
  grammar: OptionGrammar;
  /** Options whose value is a variable name; `array` ones make it an array. */
  nameOptions?: Readonly<Record<string, 'scalar' | 'array'>>;
  /** Options whose value bash runs as code. */
  codeOptions?: string;
  /** Which operands are variable names. */
  operands: 'none' | 'names' | 'assignments' | 'array-name' | 'second';
  /** Options after which later assignments or references do something else. */
  poisonOptions?: Readonly<Record<string, string>>;
  /** Options that make the whole command opaque (an operand evaluated as arithmetic). */
  opaqueOptions?: Readonly<Record<string, string>>;
  /** Options with which the command only prints its operands (`declare -p NAME`; `export -p NAME=v` still assigns). */
  printOptions?: string;
}

const flags = (letters: string, values = ''): Record<string, 'flag' | 'value'> => {
  const out: Record<string, 'flag' | 'value'> = {};
  for (const l of letters) out[l] = 'flag';
  for (const l of values) out[l] = 'value';
  return out;
};

const DECLARE: BuiltinModel = {
  grammar: { short: flags('aAfFgiIlnprtux'), plus: true },
  operands: 'assignments',
  printOptions: 'pfF',
  opaqueOptions: { i: '-i evaluates every value assigned as arithmetic, which can run code' },
  poisonOptions: { n: '-n makes a name reference, so a later assignment may change any variable' },
};

export const BUILTIN_MODELS: Readonly<Record<string, BuiltinModel>> = {
  printf: { grammar: { short: flags('', 'v') }, nameOptions: { v: 'scalar' }, operands: 'none' },
  read: { grammar: { short: flags('ers', 'adinNptu') }, nameOptions: { a: 'array' }, operands: 'names' },
  mapfile: { grammar: { short: flags('t', 'dunOCcs') }, codeOptions: 'C', operands: 'array-name' },
  readarray: { grammar: { short: flags('t', 'dunOCcs') }, codeOptions: 'C', operands: 'array-name' },
  getopts: { grammar: { short: {} }, operands: 'second' },
  wait: { grammar: { short: flags('fn', 'p') }, nameOptions: { p: 'scalar' }, operands: 'none' },
  unset: { grammar: { short: flags('fnv') }, operands: 'names' },
  declare: DECLARE,
  typeset: DECLARE,
  local: DECLARE,
  export: { grammar: { short: flags('fnp'), plus: true }, operands: 'assignments' },
  readonly: { grammar: { short: flags('aAfp'), plus: true }, operands: 'assignments' },
  compgen: { grammar: { short: flags('abcdefgjksuvIDE', 'oAGWFCXPSV') }, codeOptions: 'WFC', operands: 'none' },
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The variables a builtin command assigns; throws Opaque when it runs code (a subscript, a
 * callback, `let`) or when what it assigns cannot be known.
 */
export function builtinEffect(words: readonly Word[]): BuiltinEffect | undefined {
  const name = words[0]!.text;
  if (name === 'let') throw new Opaque('let evaluates arithmetic, where array subscripts run code');
  if (name === 'test' || name === '[') {
    const problem = testProblem(name, words.slice(1));
    if (problem) throw new Opaque(problem);
    return undefined;
  }
  const model = Object.hasOwn(BUILTIN_MODELS, name) ? BUILTIN_MODELS[name]! : undefined;
  if (!model) return undefined;
  let parsed: ParsedOptions;
  try {
    parsed = getopt(words.slice(1), model.grammar, name);
  } catch (error) {
    if (error instanceof GetoptError)
      throw new Opaque(`${error.message} (${name} may assign a variable whose subscript runs code)`);
    throw error;
  }
  const effect: BuiltinEffect = { names: [], arrays: [], runtimeValues: [] };
  const record = (word: Word | undefined, what: string, array: boolean) => {
    const target = variableName(word, `${name} ${what}`);
    effect.names.push(target);
    if (array) effect.arrays.push(target);
  };
  for (const option of parsed.options) {
    const letter = option.name;
    if (option.plus) continue;
    if (model.codeOptions?.includes(letter))
      throw new Opaque(`${name} -${letter} runs ${clip(option.value?.raw ?? '')} as code`);
    if (model.opaqueOptions?.[letter]) throw new Opaque(`${name} ${model.opaqueOptions[letter]}`);
    if (model.poisonOptions?.[letter]) effect.poison ??= `${name} ${model.poisonOptions[letter]}`;
    const kind = model.nameOptions?.[letter];
    if (kind) record(option.value, `-${letter}`, kind === 'array');
  }
  const arrayDeclared = parsed.options.some((o) => !o.plus && (o.name === 'a' || o.name === 'A'));
  const ops = parsed.operands;
  switch (model.operands) {
    case 'none':
      break;
    case 'names':
      for (const w of ops) record(w, 'name', false);
      break;
    case 'array-name':
      if (ops.length > 1) throw new Opaque(`${name} takes one array name (${clip(ops[1]!.raw)})`);
      if (ops[0]) record(ops[0], 'array', true);
      break;
    case 'second':
      record(ops[1], 'name', false);
      break;
    case 'assignments': {
      const printing = parsed.options.some((o) => !o.plus && model.printOptions?.includes(o.name));
      const target = printing ? { names: [], arrays: [], runtimeValues: [] } : effect;
      for (const w of ops) declared(w, name, arrayDeclared, target);
      break;
    }
  }
  return effect;
}

/** `name`, `name=value` or `name+=value` given to declare/local/export/readonly. */
function declared(word: Word, builtin: string, arrayDeclared: boolean, effect: BuiltinEffect): void {
  const known = word.dynamic ? (word.lead ?? '') : word.text;
  const eq = known.indexOf('=');
  const target = eq < 0 ? (word.dynamic ? undefined : known) : known.slice(0, known[eq - 1] === '+' ? eq - 1 : eq);
  if (target === undefined) throw new Opaque(`${builtin} ${clip(word.raw)} assigns a variable named only at run time`);
  if (target.includes('['))
    throw new Opaque(`${builtin} ${clip(word.raw)} evaluates an array subscript, which can run code`);
  if (!IDENTIFIER.test(target)) throw new Opaque(`${builtin} ${clip(word.raw)} is not a plain variable name`);
  effect.names.push(target);
  if (arrayDeclared || word.array) effect.arrays.push(target);
  if (eq < 0) return;
  // A value that reads as `(…)` is a compound assignment: bash evaluates its contents as code.
  const value = word.text.slice(word.text.indexOf('=') + 1);
  if (!word.array && !word.dynamic && value.startsWith('('))
    throw new Opaque(`${builtin} ${clip(word.raw)} is read as a compound array assignment, which runs its contents`);
  if (word.dynamic && !word.array) {
    if (arrayDeclared)
      throw new Opaque(
        `${builtin} ${clip(word.raw)} assigns an array a value known only at run time (read as code if it looks like (…))`,
      );
    effect.runtimeValues.push(target);
  }
}

/** A variable name a builtin assigns: a literal identifier (a subscript would be evaluated). */
function variableName(word: Word | undefined, what: string): string {
  if (word === undefined) throw new Opaque(`${what} is missing its variable name`);
  if (word.dynamic)
    throw new Opaque(`${what} ${clip(word.raw)} names a variable only at run time (a subscript in it runs code)`);
  if (word.text.includes('['))
    throw new Opaque(`${what} ${clip(word.raw)} evaluates an array subscript, which can run code`);
  if (!IDENTIFIER.test(word.text)) throw new Opaque(`${what} ${clip(word.raw)} is not a plain variable name`);
  return word.text;
}
