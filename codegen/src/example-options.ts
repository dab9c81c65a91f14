// What a catalog example's `options` may set. The generated conformance tests build each example's
// toolkit from them, so they would otherwise hand the catalog a store (a folder to write, a database
// to connect to), hosts to reach or a binary to run on the machine running the tests. Allowed: what
// an example needs to show an operation's behaviour, nothing that points outside its workspace.
// src/testing.ts refuses the same (defence in depth: a generated test file can be edited).
import type { JsonPath } from './load.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface OptionProblem {
  /** Below the example's `options`. */
  path: JsonPath;
  message: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
/** A bwrap binary examples may name: one that does not exist (they show the refusal without it). */
const MISSING_BINARY_PREFIX = '/nonexistent/';
const SANDBOX_MODES = new Set(['none', 'workspace-write', 'read-only']);
const POLICY_KEYS = new Set(['rules', 'default', 'extends']);
const USER_KEYS = new Set(['answers', 'approve']);
const ALLOWED =
  'exec (env, outputLimit, sandbox as a mode name, bwrapPath under /nonexistent/), web.allowHosts (loopback only), tasks.file, policy, user (answers, approve), profile and maxDepth';

export function exampleOptionProblems(options: unknown): OptionProblem[] {
  if (!isObj(options)) return [{ path: [], message: 'example options must be a mapping' }];
  const problems: OptionProblem[] = [];
  const refuse = (path: JsonPath, why: string) =>
    problems.push({ path, message: `example option ${path.join('.')} ${why}` });
  for (const [key, value] of Object.entries(options)) {
    switch (key) {
      case 'exec':
        if (!isObj(value)) refuse([key], 'must be a mapping');
        else execProblems(value, refuse);
        break;
      case 'web':
        if (!isObj(value)) refuse([key], 'must be a mapping');
        else
          for (const [name, setting] of Object.entries(value)) {
            if (name !== 'allowHosts') refuse([key, name], `is not allowed (examples may set ${ALLOWED})`);
            else if (!Array.isArray(setting) || !setting.every((host) => LOOPBACK_HOSTS.has(host as string)))
              refuse(
                [key, name],
                'may list loopback hosts only (127.0.0.1, localhost, ::1): the tests reach nothing else',
              );
          }
        break;
      case 'tasks':
        // The file itself is checked to stay in the workspace with the fixtures.
        if (!isObj(value)) refuse([key], 'must be a mapping');
        else
          for (const name of Object.keys(value))
            if (name !== 'file') refuse([key, name], `is not allowed (examples may set ${ALLOWED})`);
        break;
      case 'policy':
        if (typeof value !== 'string' && !isObj(value)) refuse([key], 'must be a preset name or a mapping');
        else if (isObj(value))
          for (const name of Object.keys(value))
            if (!POLICY_KEYS.has(name)) refuse([key, name], 'is not a policy setting (rules, default, extends)');
        break;
      case 'user':
        if (!isObj(value)) refuse([key], 'must be a mapping');
        else
          for (const name of Object.keys(value))
            if (!USER_KEYS.has(name)) refuse([key, name], 'is not allowed (a scripted user has answers and approve)');
        break;
      case 'profile':
        if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
          refuse([key], 'must be a list of strings');
        break;
      case 'maxDepth':
        if (!Number.isInteger(value) || (value as number) < 0) refuse([key], 'must be a whole number, 0 or more');
        break;
      default:
        refuse(
          [key],
          `is not allowed: the conformance tests build each example's toolkit from its options, and examples may set only ${ALLOWED}`,
        );
    }
  }
  return problems;
}

function execProblems(exec: Obj, refuse: (path: JsonPath, why: string) => void): void {
  for (const [name, value] of Object.entries(exec)) {
    const path = ['exec', name];
    if (name === 'env') {
      if (!isObj(value) || !Object.values(value).every((v) => typeof v === 'string'))
        refuse(path, 'must map variable names to strings');
    } else if (name === 'outputLimit') {
      if (!Number.isInteger(value) || (value as number) < 1) refuse(path, 'must be a whole number, 1 or more');
    } else if (name === 'sandbox') {
      if (typeof value !== 'string' || !SANDBOX_MODES.has(value))
        refuse(
          path,
          'may only be a mode name: none, workspace-write or read-only (no network or extra writable folders)',
        );
    } else if (name === 'bwrapPath') {
      if (typeof value !== 'string' || !value.startsWith(MISSING_BINARY_PREFIX) || value.includes('..'))
        refuse(
          path,
          `may only name a missing binary, under ${MISSING_BINARY_PREFIX} (the tests run no binary a catalog names)`,
        );
    } else refuse(path, `is not allowed (examples may set ${ALLOWED})`);
  }
}
