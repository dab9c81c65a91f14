// Replicas for the replica tests and the bench: `toolwright mcp --http 0 --stateless --store URL`
// processes (in a test run, the build of the current sources its global setup made; else from the
// sources, through tsx), and a round-robin HTTP proxy on 127.0.0.1 in front
// of them that skips a replica it cannot reach. No vitest here: bench/cases/replicas.ts uses it too.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { BUILD_VARIABLE, builtCli } from './built-cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cliSource = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export interface ReplicaProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** The replica id it announced (the owner recorded for the jobs it runs). */
  readonly id: string;
  /** Everything it wrote to stderr so far (for a failing test's message). */
  log(): string;
  /** SIGTERM and wait for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** Starts one replica; resolves once it listens. `cli`: a built dist/cli.js instead of the sources; `args`: more flags. */
export async function startReplica(
  storeUrl: string,
  workspace: string,
  options: { cli?: string; env?: Record<string, string>; args?: string[] } = {},
): Promise<ReplicaProcess> {
  const cli = options.cli ?? (process.env[BUILD_VARIABLE] ? builtCli() : undefined);
  const args = cli ? [cli] : ['--import', 'tsx', cliSource];
  args.push(
    'mcp',
    '--http',
    '0',
    '--stateless',
    '--store',
    storeUrl,
    '--workspace',
    workspace,
    ...(options.args ?? []),
  );
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const { url, id } = await new Promise<{ url: string; id: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the replica did not start within 60 s:\n${log}`)), 60_000);
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp).*, replica (\S+) of /.exec(log);
      if (match) {
        clearTimeout(timer);
        child.stderr.off('data', look);
        resolve({ url: match[1]!, id: match[2]! });
      }
    };
    child.stderr.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the replica exited (${code ?? signal}) while starting:\n${log}`));
    });
  });
  return {
    child,
    url,
    id,
    log: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Proxy {
  readonly url: string;
  /** The replicas behind it, in rotation order (replace entries to swap one). */
  backends: string[];
  /** Index (into backends) of the replica each request went to, in order. */
  readonly served: number[];
  /** Index of the replica the next request goes to (if it is reachable). */
  next: number;
  close(): Promise<void>;
}

/** A round-robin reverse proxy for MCP over HTTP (POST bodies relayed as they are). */
export async function startProxy(backends: string[]): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const state: Proxy = {
    url: '',
    backends,
    served: [],
    next: 0,
    close: async () => {},
  };
  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tries: number) => {
    const index = state.next % state.backends.length;
    state.next = index + 1;
    const target = new URL(state.backends[index]!);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: req.method,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        state.served.push(index);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      if (tries + 1 < state.backends.length) forward(req, body, res, tries + 1);
      else res.writeHead(502).end('no replica answered');
    });
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
