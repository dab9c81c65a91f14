/**
 * Which host variables are credentials, by class: the words of the name (API_KEY, MYSQL_PWD,
 * CI_JOB_JWT, GH_PAT, SLACK_WEBHOOK_URL), whole credential families (AWS_*, AZURE_*), and shapes of
 * the value (a URL or DSN carrying a password, a PEM private key, a JWT, a token with a known
 * prefix), whatever the name. Everyday names that merely contain such a word (KEYBOARD_LAYOUT,
 * MONKEY, TOKENIZERS_PARALLELISM, PWD, GIT_AUTHOR_NAME) are listed as exceptions, word by word.
 */

/** Why a variable is withheld: the class that matched. */
export type SecretClass =
  'name' | 'family' | 'url-password' | 'credential-pair' | 'pem' | 'jwt' | 'token-prefix' | 'auth-header';

/**
 * The words of a name, upper-cased: split at every character that is not a letter or digit and
 * where a lower-case letter or digit meets an upper-case one (`npm_config__authToken` → NPM,
 * CONFIG, AUTH, TOKEN; `MonkeyPatch` → MONKEY, PATCH).
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/** Words holding KEY that name no key. */
const NOT_A_KEY =
  /^(?:KEYBOARDS?|KEYMAPS?|KEYPADS?|KEYCODES?|KEYWORDS?|KEYSYMS?|KEYSTROKES?|HOTKEYS?|MONKEYS?|DONKEYS?|TURKEYS?|HOCKEY|JOCKEYS?|WHISKEY|TURNKEY)$/;
/** Words holding PASS that name no password. */
const NOT_A_PASSWORD = /^(?:BYPASS|COMPASS|PASSTHROUGH|PASSTHRU)$/;

/** True when one word of a variable name marks a credential. */
function credentialWord(word: string): boolean {
  if (word.includes('KEY')) return !NOT_A_KEY.test(word);
  if (word.includes('PASS')) return !NOT_A_PASSWORD.test(word);
  if (word.includes('TOKEN')) return !/^TOKENIZERS?$/.test(word); // TOKENIZERS_PARALLELISM
  if (/SECRET|CREDENTIAL|COOKIE|JWT|PWD|WEBHOOK/.test(word)) return true;
  if (word === 'CRED' || word === 'CREDS' || word === 'PAT' || word === 'PATS') return true;
  // AUTH as a word or a word's start or end (BASIC_AUTH, AUTHTOKEN, HTTPAUTH, AUTHORIZATION), but
  // not AUTHOR, AUTHORS, AUTHORITY (GIT_AUTHOR_NAME) nor OAUTH alone (OAUTHLIB_INSECURE_TRANSPORT).
  if (/^AUTH(?!OR)|^AUTHORI[SZ]|.AUTH$/.test(word)) return word !== 'OAUTH';
  return false;
}

/** Names that hold a credential word but are not credentials: the shell's working directories. */
const NOT_SECRET_NAMES = new Set(['PWD', 'OLDPWD']);

/**
 * Families whose members are credentials whatever their names say, and the members of those
 * families that only select (a profile, a region) and stay, since withholding them changes which
 * account a tool acts on without hiding anything.
 */
const FAMILY = /^(?:AWS_|AZURE_|OP_SESSION_|TOOLWRIGHT_)|^(?:BW_SESSION|GPG_AGENT_INFO)$/;
const FAMILY_SELECTORS = new Set(['AWS_PROFILE', 'AWS_DEFAULT_PROFILE', 'AWS_REGION', 'AWS_DEFAULT_REGION']);

/** The class of a name that marks a credential, or undefined. Case-insensitive. */
export function secretNameClass(name: string): SecretClass | undefined {
  const upper = name.toUpperCase();
  if (FAMILY.test(upper) && !FAMILY_SELECTORS.has(upper)) return 'family';
  if (NOT_SECRET_NAMES.has(upper)) return undefined;
  const words = nameWords(name);
  if (words.some(credentialWord)) return 'name';
  // SLACK_HOOK_URL, a webhook named without the word.
  if (words.includes('HOOK') && words.includes('URL')) return 'name';
  return undefined;
}

/**
 * Whether a value holds a URL with a password in its userinfo (DATABASE_URL=postgres://user:pw@host,
 * JDBC_URL=jdbc:postgresql://u:pw@db, a list of index URLs, a leading space). One pass over the
 * value: each `://` is followed by its authority only, up to the next `/`, blank or end.
 */
function hasUrlWithPassword(value: string): boolean {
  for (let at = value.indexOf('://'); at >= 0; at = value.indexOf('://', at + 3)) {
    let end = at + 3;
    while (end < value.length && value[end] !== '/' && !/\s/.test(value[end]!)) end++;
    const authority = value.slice(at + 3, end);
    const atSign = authority.lastIndexOf('@');
    if (atSign < 0) continue;
    const userinfo = authority.slice(0, atSign);
    const colon = userinfo.indexOf(':');
    if (colon >= 0 && colon < userinfo.length - 1) return true;
  }
  return false;
}

/** Last words of a parameter name that make its value a credential (`password=`, `AccountKey=`, `X-Amz-Signature=`). */
const CREDENTIAL_PARAMETER =
  /^(?:PASSWORD|PASSWD|PWD|PASS|PASSPHRASE|SECRET|TOKEN|JWT|SIG|SIGNATURE|CREDENTIALS?|[A-Z0-9]*KEY|[A-Z0-9]*(?:PASSWORD|SECRET|TOKEN))$/;

function credentialParameter(key: string): boolean {
  const words = nameWords(key);
  const last = words[words.length - 1];
  if (!last) return false;
  // `auth=` alone is a credential; `--jobserver-auth=` (MAKEFLAGS) is not.
  if (last === 'AUTH') return words.length === 1;
  return CREDENTIAL_PARAMETER.test(last) && !NOT_A_KEY.test(last);
}

const PARAMETER_CHAR = /[A-Za-z0-9_.-]/;
/** Characters that end a parameter value: the next parameter, a blank, a quote. */
const VALUE_END = /[\s&;,"']/;
const MAX_PARAMETER_NAME = 64;
/** Blanks looked past on each side of a pair's `=`. */
const MAX_BLANKS = 8;

/**
 * A `name=value` pair whose name is a credential and whose value is not empty, where pairs start:
 * at the start, after a blank, `?`, `&`, `;`, `,` or `--` — a URL's query (`?password=…`,
 * `&sig=…`, `X-Amz-Signature=…`), a libpq DSN (`host=db password=…`), an ADO.NET or Azure
 * connection string (`Password=…;`, `AccountKey=…`), a command line (`--password=…`). Blanks may
 * stand around the `=` and the value may be quoted (libpq's `password = 'a b'`, ADO's
 * `Password="a;b"`). Each `=` is looked at once, with at most 64 characters of name before it.
 */
function hasCredentialPair(value: string): boolean {
  for (let eq = value.indexOf('='); eq >= 0; eq = value.indexOf('=', eq + 1)) {
    let at = eq + 1;
    while (at - eq <= MAX_BLANKS && (value[at] === ' ' || value[at] === '\t')) at++;
    const next = value[at];
    if (next === '"' || next === "'") {
      // A quoted value counts when something is inside the quotes.
      const inside = value[at + 1];
      if (inside === undefined || inside === next) continue;
    } else if (next === undefined || next === '=' || VALUE_END.test(next)) continue;
    let end = eq;
    while (eq - end < MAX_BLANKS && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
    let start = end;
    while (start > 0 && end - start < MAX_PARAMETER_NAME && PARAMETER_CHAR.test(value[start - 1]!)) start--;
    let name = value.slice(start, end);
    const before = start === 0 ? '' : value[start - 1]!;
    if (name.startsWith('--')) name = name.slice(2);
    else if (start > 0 && !/[\s?&;,]/.test(before)) continue;
    if (name !== '' && credentialParameter(name)) return true;
  }
  return false;
}

/** A JSON member `"…password": "x"`, `"private_key": "…"` (SPRING_APPLICATION_JSON, GOOGLE_CREDENTIALS). */
function hasCredentialJsonMember(value: string): boolean {
  const member = /"([^"\\\n]{1,64})"\s{0,8}:\s{0,8}"(?=[^"])/g;
  for (let match = member.exec(value); match; match = member.exec(value)) {
    if (credentialParameter(match[1]!)) return true;
  }
  return false;
}

const PEM_PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/;
/** An HTTP Authorization header or its scheme and credentials (GIT_CONFIG_VALUE_0="Authorization: Bearer …"). */
const AUTH_HEADER =
  /\b[Aa]uthorization\s{0,4}[:=]\s{0,4}\S|\bAUTHORIZATION\s{0,4}[:=]\s{0,4}\S|\bBearer\s{1,4}[A-Za-z0-9._~+/=-]{16,}/;

/**
 * Tokens recognised by their prefix, each with the length a real one has at least, so that words
 * that merely start alike (`sk-learn`, `hf_hub`) stay. Each must start a word.
 */
const TOKEN_PREFIXES = [
  'gh[pousr]_[A-Za-z0-9]{36}', // GitHub classic, OAuth, user, server, refresh
  'github_pat_[A-Za-z0-9_]{40,}', // GitHub fine-grained
  'gl(?:pat|dt|rt|ptt|ft|imt|soat|oas|cbt|agent)-[A-Za-z0-9_-]{20,}', // GitLab
  'xox[abposre]-[A-Za-z0-9-]{10,}',
  'xapp-\\d-[A-Za-z0-9-]{10,}', // Slack
  'sk-(?:proj|ant|svcacct|admin)-[A-Za-z0-9_-]{32,}',
  'sk-[A-Za-z0-9]{32,}', // OpenAI, Anthropic
  '(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])', // AWS access key ids
  'AIza[0-9A-Za-z_-]{35}',
  'ya29\\.[0-9A-Za-z_-]{20,}',
  'GOCSPX-[A-Za-z0-9_-]{20,}', // Google
  'npm_[A-Za-z0-9]{36}',
  'pypi-AgE[A-Za-z0-9_-]{50,}', // npm, PyPI
  'do[por]_v1_[a-f0-9]{64}', // DigitalOcean
  'hf_[A-Za-z]{30,}',
  'api_org_[A-Za-z]{30,}', // Hugging Face
  '[sr]k_(?:live|test)_[A-Za-z0-9]{20,}',
  'whsec_[A-Za-z0-9]{24,}', // Stripe
  'SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}', // SendGrid
  'shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}', // Shopify
  'hv[sbr]\\.[A-Za-z0-9_-]{24,}', // Vault
  'dapi[a-f0-9]{32}',
  'glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}', // Databricks, Grafana
  'AGE-SECRET-KEY-1[0-9A-Z]{50,}',
  'ATATT3[A-Za-z0-9_=-]{40,}', // age, Atlassian
  'lin_api_[A-Za-z0-9]{32,}',
  'sntr[ysu]_[A-Za-z0-9_=+/]{40,}',
  'dp\\.(?:st|ct|sa|pt)\\.[A-Za-z0-9_-]{30,}', // Linear, Sentry, Doppler
  'pul-[a-f0-9]{40}',
  'PMAK-[a-f0-9]{24}-[a-f0-9]{34}',
  'HRKU-[A-Za-z0-9_-]{30,}', // Pulumi, Postman, Heroku
  'gsk_[A-Za-z0-9]{40,}',
  'r8_[A-Za-z0-9]{30,}',
  'pplx-[A-Za-z0-9]{40,}',
  'xai-[A-Za-z0-9]{40,}', // model APIs
];
const TOKEN_PREFIX = new RegExp(`(?<![A-Za-z0-9])(?:${TOKEN_PREFIXES.join('|')})`);
/** Webhook URLs whose path is the secret (Slack, Discord, Teams): anyone holding one can post. */
const WEBHOOK_URL =
  /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}|discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,}|\.webhook\.office\.com\/webhookb2\/[A-Za-z0-9@_/-]{20,}/;

const JWT_RUN = /[A-Za-z0-9_.-]+/g;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_JWT_HEADER_CHARS = 2048;

/** A JWT (or JWE): segments joined by dots whose first decodes to a JSON object naming its `alg`. */
function hasJwt(value: string): boolean {
  JWT_RUN.lastIndex = 0;
  for (let run = JWT_RUN.exec(value); run; run = JWT_RUN.exec(value)) {
    if (!run[0].includes('.')) continue;
    const segments = run[0].split('.');
    // A header, a non-empty payload, and a signature that is empty only for alg none.
    for (let i = 0; i + 2 < segments.length; i++) {
      const header = segments[i]!;
      if (
        header.length < 8 ||
        header.length > MAX_JWT_HEADER_CHARS ||
        !BASE64URL_SEGMENT.test(header) ||
        !BASE64URL_SEGMENT.test(segments[i + 1]!)
      )
        continue;
      if (namesAlg(header)) return true;
    }
  }
  return false;
}

function namesAlg(segment: string): boolean {
  const text = Buffer.from(segment, 'base64url').toString('utf8');
  if (!/^\s*\{/.test(text)) return false;
  try {
    const header = JSON.parse(text) as unknown;
    return typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

/** The class of a value that holds a credential, or undefined. Linear in the value's length. */
export function secretValueClass(value: string): SecretClass | undefined {
  if (value.length < 8) return undefined;
  if (hasUrlWithPassword(value)) return 'url-password';
  if (hasCredentialPair(value) || hasCredentialJsonMember(value)) return 'credential-pair';
  if (PEM_PRIVATE_KEY.test(value)) return 'pem';
  if (TOKEN_PREFIX.test(value) || WEBHOOK_URL.test(value)) return 'token-prefix';
  if (AUTH_HEADER.test(value)) return 'auth-header';
  if (hasJwt(value)) return 'jwt';
  return undefined;
}

/** Why a host variable is withheld by default, or undefined when it is passed on. */
export function secretClass(name: string, value = ''): SecretClass | undefined {
  return secretNameClass(name) ?? secretValueClass(value);
}
