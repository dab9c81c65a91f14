// What a sandboxed command trusts when the proxy intercepts HTTPS: one bundle, the system's CAs (and
// any CA file the host's environment names) plus the interception CA, named by every variable
// tools read a CA bundle from. The host environment often sets several of them to the system
// bundle, so each is overridden, not only the unset ones.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

/** Variables tools read a CA bundle (a PEM file) from. */
const CA_VARIABLES = [
  'SSL_CERT_FILE', // OpenSSL (curl, git, Python's ssl, Ruby …)
  'NODE_EXTRA_CA_CERTS', // Node, npm
  'REQUESTS_CA_BUNDLE', // Python requests, pip
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO',
  'PIP_CERT',
  'AWS_CA_BUNDLE',
  'HTTPLIB2_CA_CERTS',
  'GRPC_DEFAULT_SSL_ROOTS_FILE_PATH',
  'CLOUDSDK_CORE_CUSTOM_CA_CERTS_FILE',
  'NIX_SSL_CERT_FILE',
  'DENO_CERT',
  'CARGO_HTTP_CAINFO',
  'BUNDLE_SSL_CA_CERT',
  'HEX_CACERTS_PATH',
  'npm_config_cafile',
  'NPM_CONFIG_CAFILE',
  'YARN_CAFILE',
  'COMPOSER_CAFILE',
];

/** Names that say "a CA bundle file" whatever tool reads them (SSL_CERT_DIR names a folder: left alone). */
const CA_NAME = /(^|_)(CA_?BUNDLE|CA_?CERTS?|CAINFO|CA_?FILE|CERT_FILE|ROOTS_FILE_PATH)$/i;

const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Alpine
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // macOS, Alpine
];

const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]*?-----END CERTIFICATE-----/g;

/** Every CA variable a command's environment should get pointed at the bundle: the known ones and those it already has. */
export function caVariables(env: Readonly<Record<string, string>>): string[] {
  const names = new Set(CA_VARIABLES);
  for (const name of Object.keys(env)) if (CA_NAME.test(name)) names.add(name);
  return [...names];
}

/** The PEM the sandbox trusts: the system's CAs, the CA files the host's variables name, then `extra`. */
export function trustBundle(extra: string, host: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string | undefined) => {
    if (!file) return;
    try {
      const real = realpathSync(file);
      if (seen.has(real) || !statSync(real).isFile() || statSync(real).size > MAX_BUNDLE_BYTES) return;
      // Its certificates alone: a file a variable names may hold a private key beside its
      // certificate (a client certificate's PEM), which must not reach the sandbox.
      const certificates = readFileSync(real, 'utf8').match(CERTIFICATE_BLOCK);
      if (!certificates) return;
      seen.add(real);
      files.push(certificates.join('\n'));
    } catch {
      /* unreadable: left out */
    }
  };
  add(SYSTEM_BUNDLES.find((file) => readable(file)));
  for (const name of Object.keys(host)) if (CA_NAME.test(name) || CA_VARIABLES.includes(name)) add(host[name]);
  const system = files.length ? files : [rootCertificates.join('\n')];
  return `${[...system, extra.trimEnd()].join('\n')}\n`;
}

function readable(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
