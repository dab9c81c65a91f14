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
  /**
   * What a sandboxed command may reach: 'none' (default), 'all' (the host's network), or an allow
   * list served by a proxy outside the sandbox (`{ allow: ['registry.npmjs.org', '*.pythonhosted.org'],
   * methods?: 'read' | 'all', allowPrivate?: boolean }`). Needs `sandbox`; see docs/security.md.
   */
  network?: 'none' | 'all' | NetworkAllowList;
  /**
   * Credentials a sandboxed command uses without holding them: its environment gets a placeholder
   * in `env`, and the proxy writes the real value (the host's `env` variable, or `exec.env`'s) into
   * HTTPS requests to `hosts` only. Needs `network` as an allow list.
   */
  credentials?: CredentialBinding[];
  /**
   * How the network proxy reaches servers: a resolver (tests; an address's `ttl`, in seconds, bounds
   * how long the proxy keeps the answer) and CAs it trusts besides the system's (PEM).
   */
  upstream?: {
    lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6; ttl?: number }[]>;
    ca?: string | string[];
  };
}

/** `exec.network` as an allow list. */
export interface NetworkAllowList {
  /** Host names, `*.suffix` (every name below it), IP literals or CIDR ranges. */
  allow: string[];
  /** 'read': only GET, HEAD and OPTIONS pass (HTTPS is intercepted to see them). Default 'all'. */
  methods?: 'read' | 'all';
  /** Let allowed names reach loopback, private and link-local addresses (blocked by default). */
  allowPrivate?: boolean;
}

/** One entry of `exec.credentials`. */
export interface CredentialBinding {
  /** The variable that holds the credential: the command sees a placeholder in it. */
  env: string;
  /** Hosts (names or `*.suffix`) whose HTTPS requests get the real value. */
  hosts: string[];
  /** Set this request header (e.g. `Authorization`) instead of replacing the placeholder where it appears. */
  header?: string;
  /** The header's value, `{value}` standing for the credential (default `{value}`), e.g. `Bearer {value}`. */
  format?: string;
}
