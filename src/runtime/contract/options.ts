// The web and exec settings of ToolkitOptions (a leaf module: the network guard and the exec
// provider read them without the rest of the contract).

export interface WebOptions {
  /** Allow fetching loopback/private/link-local addresses (tests against a local server). */
  allowPrivateNetwork?: boolean;
  /** Host names (or IP literals) exempt from the address block. */
  allowHosts?: string[];
  /** DNS resolver override (tests): returns the addresses a host name resolves to. */
  lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
}

export interface ExecOptions {
  /**
   * Variables to set for commands (a string; always passed, even a secret-looking name) or to remove
   * (`undefined`). Host variables named like secrets are withheld unless listed in `inheritEnv`.
   */
  env?: Record<string, string | undefined>;
  /** Host variables to pass although their names look secret: names or `*` globs (`['*']`: all). */
  inheritEnv?: string[];
  /** Per-stream cap on captured output, in characters (default 30,000). */
  outputLimit?: number;
  /**
   * Run commands in a bubblewrap sandbox: 'none' (default), 'workspace-write', 'read-only', or
   * `{ mode, network?: boolean (default false), writable?: string[] (extra writable folders) }`.
   */
  sandbox?:
    | 'none'
    | 'workspace-write'
    | 'read-only'
    | { mode: 'none' | 'workspace-write' | 'read-only'; network?: boolean; writable?: string[] };
  /** Path of the bwrap binary (default: `bwrap` on PATH). */
  bwrapPath?: string;
  /** Background jobs running at once per principal (default 8): in memory per toolkit, with a store counted across replicas. */
  maxJobs?: number;
}
