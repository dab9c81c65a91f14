// The flags of the verbs that build a toolkit (schema, call, mcp), as data: commander declares them
// from this table, and a plain `call` is read from it without loading commander (call-argv.ts).
import { collectEach } from './usage.js';
import { integerAtLeast, parseList, parseNetworkMethods, parseNetworkMode, parseSandboxMode } from './option-values.js';

/** Kept literal so the help text costs no import; test/cli/cli-verbs.test.ts checks it against POLICY_PRESETS. */
export const PRESET_NAMES = 'readOnly, askForRisky, unattended, allowAll';

/** One flag, as commander declares it: `flags` is its syntax (`-w, --workspace <dir>`, `--no-x`). */
export interface OptionSpec {
  readonly flags: string;
  readonly description: string;
  /** Reads the value (given the value of earlier uses of the flag); throws commander's InvalidArgumentError. */
  parse?(this: void, value: string, previous: unknown): unknown;
}

export const TOOLKIT_OPTIONS: readonly OptionSpec[] = [
  { flags: '-w, --workspace <dir>', description: 'folder every path is confined to (default: the current folder)' },
  {
    flags: '--allow-private-network',
    description: 'let web_fetch reach loopback, private and link-local addresses (blocked by default)',
  },
  {
    flags: '--policy <file|preset>',
    description: `policy: a YAML or HCL (.hcl) file ({rules: [...], default}) or a preset (${PRESET_NAMES})`,
  },
  {
    flags: '--profile <patterns>',
    description: 'comma-separated capability patterns to expose, e.g. "filesystem.*,search.grep" (default: all)',
    parse: parseList,
  },
  {
    flags: '--tasks-file <file>',
    description: 'keep tasks in this JSON file (relative to the workspace) instead of in memory',
  },
  {
    flags: '--store <url>',
    description:
      'keep tasks, jobs and the audit in a store: postgres://user:password@host:5432/db, a folder outside the workspace, or "embedded" (the workspace\'s state folder, outside it) (default: TOOLWRIGHT_STORE_URL; prefer it for a password, which `ps` then does not show)',
  },
  {
    flags: '--sandbox <mode>',
    description:
      'run bash in a bubblewrap sandbox: none (default), workspace-write or read-only (no network unless a --network flag says so)',
    parse: parseSandboxMode,
  },
  {
    flags: '--network <mode>',
    description: "the sandbox's network: none (default) or all (the host's)",
    parse: parseNetworkMode,
  },
  {
    flags: '--network-allow <host>',
    description:
      'let sandboxed bash reach this host through the proxy (repeatable or comma-separated; *.name for every name below one, an IP address or a CIDR range)',
    parse: parseList,
  },
  {
    flags: '--network-methods <methods>',
    description: 'read: only GET, HEAD and OPTIONS pass the proxy (all: every method)',
    parse: parseNetworkMethods,
  },
  {
    flags: '--network-allow-private',
    description: 'let allowed names resolve to loopback, private and link-local addresses',
  },
  {
    flags: '--network-credential <env=hosts>',
    description:
      'the command sees a placeholder in ENV; the proxy writes the real value into HTTPS requests to HOSTS (repeatable), e.g. GITHUB_TOKEN=api.github.com',
    parse: collectEach,
  },
  {
    flags: '--provider <module>',
    description:
      'also serve the providers a module exports as `providers` (repeatable; path relative to the current folder)',
    parse: collectEach,
  },
  {
    flags: '--no-checkpoints',
    description:
      'do not record file changes for undo (checkpoint_list, checkpoint_diff and checkpoint_restore are then not served)',
  },
  {
    flags: '--checkpoint-bash',
    description:
      "also make bash calls undoable: snapshot the workspace before and after each (a shadow git repository in the workspace's state folder)",
  },
  { flags: '--list-all-tools', description: 'list every tool of the profile, also those that cannot work here' },
  {
    flags: '--max-jobs <n>',
    description: 'background jobs one principal runs at once (default 8; with --store counted across replicas)',
    parse: integerAtLeast(1),
  },
];

/** `call`'s own flags, beside the toolkit's. */
export const CALL_OPTIONS: readonly OptionSpec[] = [
  {
    flags: '--json',
    description: 'print the whole result as JSON ({ok, output, text, meta} or {ok:false, error, ...})',
  },
];
