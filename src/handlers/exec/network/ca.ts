// The interception CA of one toolkit's proxy: made when a command first needs HTTPS interception
// (credentials, or methods 'read'), its key generated here and kept in this process's memory only.
// Certificates are written by the openssl program (the toolkit ships no X.509 library: the install
// stays small). Keys reach it as descriptors of files that are unlinked before openssl starts, in
// the proxy's private folder (0700, outside the workspace, never bound into a sandbox).
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { accessSync, closeSync, constants, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext, type SecureContext } from 'node:tls';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { CanonicalHost } from './hosts.js';

const CA_DAYS = 825;
const LEAF_DAYS = 397;
const OPENSSL_TIMEOUT_MS = 20_000;
/** Leaf contexts kept (the least recently used goes first): wildcard allow entries admit any number of names. */
const MAX_LEAVES = 256;
/** Names whose certificates are made ahead, when the CA is. */
const MAX_PREPARED = 8;

export class InterceptionCa {
  /** The CA certificate (PEM): what the sandbox trusts. */
  readonly certPem: string;
  readonly #caKey: KeyObject;
  readonly #leafKeyPem: string;
  readonly #contexts = new Map<string, Promise<SecureContext>>();
  readonly #openssl: string;
  readonly #dir: string;
  readonly #maxLeaves: number;

  private constructor(
    openssl: string,
    dir: string,
    certPem: string,
    caKey: KeyObject,
    leafKey: KeyObject,
    maxLeaves: number,
  ) {
    this.#maxLeaves = maxLeaves;
    this.#openssl = openssl;
    this.#dir = dir;
    this.certPem = certPem;
    this.#caKey = caKey;
    this.#leafKeyPem = leafKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  }

  /**
   * Makes a CA (UNAVAILABLE when openssl is missing or fails); `dir` is the proxy's private folder,
   * `maxLeaves` how many hosts' certificates are kept.
   */
  static async create(dir: string, maxLeaves = MAX_LEAVES): Promise<InterceptionCa> {
    const openssl = findOpenssl();
    const caKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const leafKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const id = randomBytes(4).toString('hex');
    const config = [
      '[req]',
      'distinguished_name = dn',
      'x509_extensions = ext',
      'prompt = no',
      '[dn]',
      `CN = toolwright sandbox proxy ${id}`,
      'O = toolwright',
      '[ext]',
      'basicConstraints = critical,CA:TRUE,pathlen:0',
      'keyUsage = critical,keyCertSign,cRLSign',
      'subjectKeyIdentifier = hash',
      '',
    ].join('\n');
    const certPem = await runOpenssl(
      openssl,
      dir,
      ['req', '-new', '-x509', '-config', '/dev/fd/4', '-key', '/dev/fd/3', '-days', String(CA_DAYS), '-sha256'],
      { 3: pem(caKey), 4: config },
      ['-set_serial', serial()],
    );
    return new InterceptionCa(openssl, dir, certPem, caKey, leafKey, maxLeaves);
  }

  /** A TLS context presenting a certificate for `host` signed by this CA (made once per host, kept while used). */
  contextFor(host: CanonicalHost): Promise<SecureContext> {
    let context = this.#contexts.get(host.host);
    if (context) {
      // Most recently used last: the first entry is the one evicted.
      this.#contexts.delete(host.host);
      this.#contexts.set(host.host, context);
      return context;
    }
    context = this.#issue(host).then((cert) => createSecureContext({ key: this.#leafKeyPem, cert }));
    // A failure is not kept: the next connection tries again.
    context.catch(() => {
      if (this.#contexts.get(host.host) === context) this.#contexts.delete(host.host);
    });
    this.#contexts.set(host.host, context);
    if (this.#contexts.size > this.#maxLeaves) this.#contexts.delete(this.#contexts.keys().next().value!);
    return context;
  }

  /** The hosts whose certificates are kept (made or under way), the least recently used first. */
  get kept(): string[] {
    return [...this.#contexts.keys()];
  }

  /**
   * Makes the certificates of hosts a command will likely reach (the allow list's intercepted names)
   * now, off any connection's path: the first CONNECT to one finds its context made or under way.
   */
  prepare(hosts: readonly CanonicalHost[]): void {
    for (const host of hosts.slice(0, MAX_PREPARED)) this.contextFor(host).catch(() => undefined);
  }

  async #issue(host: CanonicalHost): Promise<string> {
    // Canonical hosts hold only letters, digits, '-', '_', '.' and ':' (IPv6): safe in a subject and a config.
    const csr = await runOpenssl(
      this.#openssl,
      this.#dir,
      ['req', '-new', '-config', '/dev/fd/4', '-key', '/dev/fd/3', '-subj', `/CN=${host.host}`],
      { 3: this.#leafKeyPem, 4: '[req]\ndistinguished_name = dn\n[dn]\n' },
    );
    const extensions = [
      '[ext]',
      'basicConstraints = critical,CA:FALSE',
      'keyUsage = critical,digitalSignature',
      'extendedKeyUsage = serverAuth',
      `subjectAltName = ${host.ip ? 'IP' : 'DNS'}:${host.host}`,
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
      '',
    ].join('\n');
    return runOpenssl(
      this.#openssl,
      this.#dir,
      [
        'x509',
        '-req',
        '-in',
        '/dev/fd/0',
        '-CA',
        '/dev/fd/3',
        '-CAkey',
        '/dev/fd/4',
        '-extfile',
        '/dev/fd/5',
        '-extensions',
        'ext',
        '-days',
        String(LEAF_DAYS),
        '-sha256',
        '-set_serial',
        serial(),
      ],
      { 0: csr, 3: this.certPem, 4: pem(this.#caKey), 5: extensions },
    );
  }
}

function pem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }) as string;
}

function serial(): string {
  // Positive (top bit clear), 16 bytes.
  const bytes = randomBytes(16);
  bytes[0]! &= 0x7f;
  return `0x${bytes.toString('hex')}`;
}

function findOpenssl(): string {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/bin', '/usr/local/bin']) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const file = path.join(dir, 'openssl');
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  throw new ToolError(
    'UNAVAILABLE',
    'HTTPS interception (exec.credentials, or exec.network.methods read) needs the openssl program to write its certificates, and it is not installed; install it (Debian/Ubuntu: apt-get install openssl), so the command was not run',
  );
}

/**
 * A descriptor reading `text` from a file that no longer has a name: written 0600 in `dir`, opened
 * again read-only, then unlinked (openssl reopens it as /dev/fd/N, which a socket would not allow).
 */
function unlinkedFile(dir: string, text: string): number {
  const file = path.join(dir, `in-${randomBytes(8).toString('hex')}`);
  const writeFd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    writeSync(writeFd, text);
    return openSync(file, constants.O_RDONLY);
  } finally {
    closeSync(writeFd);
    unlinkSync(file);
  }
}

/** Runs openssl with `inputs` readable on the given descriptors; resolves its stdout. */
function runOpenssl(
  openssl: string,
  dir: string,
  args: string[],
  inputs: Record<number, string>,
  extra: string[] = [],
): Promise<string> {
  const highest = Math.max(2, ...Object.keys(inputs).map(Number));
  const opened: number[] = [];
  const stdio: ('pipe' | 'ignore' | number)[] = [];
  try {
    for (let fd = 0; fd <= highest; fd++) {
      const text = inputs[fd];
      if (text === undefined) stdio.push(fd === 1 || fd === 2 ? 'pipe' : 'ignore');
      else {
        const file = unlinkedFile(dir, text);
        opened.push(file);
        stdio.push(file);
      }
    }
  } catch (error) {
    for (const fd of opened) closeSync(fd);
    return Promise.reject(
      new ToolError('UNAVAILABLE', `the proxy could not prepare openssl's input: ${(error as Error).message}`),
    );
  }
  return new Promise<string>((resolve, reject) => {
    const child = spawn(openssl, [...args, ...extra], {
      stdio,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', OPENSSL_CONF: '/dev/null' },
      timeout: OPENSSL_TIMEOUT_MS,
      windowsHide: true,
    });
    // The child has its own copies now.
    for (const fd of opened) closeSync(fd);
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', (error) =>
      reject(new ToolError('UNAVAILABLE', `openssl could not run for HTTPS interception: ${error.message}`)),
    );
    child.once('close', (code) => {
      if (code === 0 && out.includes('-----BEGIN')) resolve(out);
      else
        reject(
          new ToolError(
            'UNAVAILABLE',
            `openssl could not write an interception certificate (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
    });
  });
}
