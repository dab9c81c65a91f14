// Credentials kept out of a command's environment by class: real-world names, value shapes
// whatever the name, and the near misses that must stay.
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { commandEnv } from '../../src/handlers/exec/run/env.js';
import { secretClass, type SecretClass } from '../../src/handlers/exec/run/secrets.js';
import { tempDir } from '../support/helpers.js';

// Token-shaped values are built here, not written out: nothing in the repository looks like a live key.
const chars = (alphabet: string, n: number) =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (header: object) =>
  `${b64url(JSON.stringify(header))}.${b64url('{"sub":"ci","iat":1700000000}')}.${chars(ALNUM, 43)}`;

/** Names withheld whatever their value (a harmless-looking one is used). */
const SECRET_NAMES = [
  'MYSQL_PWD',
  'DB_PWD',
  'CI_JOB_JWT',
  'CI_JOB_JWT_V2',
  'GH_PAT',
  'AZURE_DEVOPS_PAT',
  'SLACK_WEBHOOK_URL',
  'DISCORD_WEBHOOK',
  'SLACK_HOOK_URL',
  'PGPASSWORD',
  'PGPASSFILE',
  'TWINE_PASSWORD',
  'CI_REGISTRY_PASSWORD',
  'RABBITMQ_DEFAULT_PASS',
  'MYSQL_PASSWD',
  'BORG_PASSPHRASE',
  'GITHUB_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'CI_JOB_TOKEN',
  'NPM_TOKEN',
  'NODE_AUTH_TOKEN',
  'HF_TOKEN',
  'HUGGING_FACE_HUB_TOKEN',
  'VAULT_TOKEN',
  'DIGITALOCEAN_ACCESS_TOKEN',
  'NGROK_AUTHTOKEN',
  'TF_TOKEN_app_terraform_io',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'HEROKU_API_KEY',
  'STRIPE_SECRET_KEY',
  'SSH_PRIVATE_KEY',
  'apikey',
  'LICENSE_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CA_BUNDLE',
  'AZURE_CLIENT_SECRET',
  'AZURE_CLIENT_CERTIFICATE_PATH',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_GHA_CREDS_PATH',
  'DOCKER_AUTH_CONFIG',
  'SSH_AUTH_SOCK',
  'GPG_AGENT_INFO',
  'REDISCLI_AUTH',
  'BASIC_AUTH',
  'NPM_CONFIG__AUTH',
  'npm_config__authToken',
  'CLOUDSDK_AUTH_ACCESS_TOKEN_FILE',
  'SESSION_COOKIE',
  'BW_SESSION',
  'OP_SESSION_my',
  'HTTP_AUTHORIZATION',
  'SENTRY_AUTH_TOKEN',
  'TOOLWRIGHT_MCP_TOKEN',
  'TOOLWRIGHT_ANYTHING',
  'db_password',
  'GIT_ASKPASS',
];

/** Names that merely contain a marked word, and everyday variables: they stay. */
const KEPT_NAMES = [
  'PATH',
  'HOME',
  'TERM',
  'LANG',
  'LC_ALL',
  'SHELL',
  'USER',
  'PWD',
  'OLDPWD',
  'KEYBOARD_LAYOUT',
  'XKB_KEYMAP',
  'MONKEY',
  'MonkeyPatch',
  'TOKENIZERS_PARALLELISM',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'OAUTHLIB_INSECURE_TRANSPORT',
  'XAUTHORITY',
  'XDG_SESSION_ID',
  'XDG_SESSION_TYPE',
  'DESKTOP_SESSION',
  'DBUS_SESSION_BUS_ADDRESS',
  'KUBECONFIG',
  'AWS_PROFILE',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'CLASSPATH',
  'NO_PROXY',
  'GOPRIVATE',
  'NODE_OPTIONS',
  'CI',
  'GITHUB_ACTIONS',
  'GITHUB_REPOSITORY',
  'CI_JOB_ID',
  'HOTKEYS',
  'PATHEXT',
];

/** Values withheld whatever the name, with the class that catches each. */
const SECRET_VALUES: [string, SecretClass][] = [
  ['postgres://app:hunter2@db.internal/app', 'url-password'],
  ['redis://:onlypass@cache:6379/0', 'url-password'],
  ['https://x-access-token:abc123@github.com/org/repo.git', 'url-password'],
  ['postgres://db/app?sslmode=require&password=hunter2', 'credential-pair'],
  ['mysql://db/app?user=root&pwd=hunter2', 'credential-pair'],
  ['https://api.example.com/v1?token=abc123def', 'credential-pair'],
  ['https://hooks.example.com/x?secret=abc123', 'credential-pair'],
  ['https://acct.blob.core.windows.net/c/f?sv=2022-11-02&se=2030-01-01&sp=r&sig=abc%2Bdef', 'credential-pair'],
  ['https://bucket.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abcdef0123', 'credential-pair'],
  ['https://maps.example.com/api?key=abc123def456', 'credential-pair'],
  ['host=db port=5432 dbname=app user=app password=hunter2', 'credential-pair'],
  ['Server=db;Database=app;User Id=sa;Password=hunter2;', 'credential-pair'],
  // Quoted values and blanks around the `=`, as libpq and ADO.NET take them.
  ["host=db user=app password='s3cr3t pass' dbname=x", 'credential-pair'],
  ["password='s3cr3tpass'", 'credential-pair'],
  ['host=db password = s3cr3tpass', 'credential-pair'],
  ['Server=db;Password="s3cr3t;pass";', 'credential-pair'],
  ['password =\t"x"', 'credential-pair'],
  [
    'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=abc+def==;EndpointSuffix=core.windows.net',
    'credential-pair',
  ],
  ['jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=hunter2', 'credential-pair'],
  ['--host db --password=hunter2', 'credential-pair'],
  ['{"spring.datasource.password": "hunter2"}', 'credential-pair'],
  [`{"type":"service_account","private_key":"MIIEv${chars(ALNUM, 40)}"}`, 'credential-pair'],
  ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow...\n-----END RSA PRIVATE KEY-----', 'pem'],
  ['-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXk=\\n-----END OPENSSH PRIVATE KEY-----', 'pem'],
  ['-----BEGIN PGP PRIVATE KEY BLOCK-----', 'pem'],
  [jwt({ alg: 'RS256', typ: 'JWT', kid: 'k1' }), 'jwt'],
  [`Bearer-less ${jwt({ alg: 'HS256' })} in text`, 'jwt'],
  [`ghp_${chars(ALNUM, 36)}`, 'token-prefix'],
  [`gho_${chars(ALNUM, 36)}`, 'token-prefix'],
  [`ghs_${chars(ALNUM, 36)}`, 'token-prefix'],
  [`github_pat_${chars(ALNUM, 22)}_${chars(ALNUM, 59)}`, 'token-prefix'],
  [`https://${`ghp_${chars(ALNUM, 36)}`}@github.com/org/repo.git`, 'token-prefix'],
  [`glpat-${chars(ALNUM, 20)}`, 'token-prefix'],
  [`xoxb-${chars('0123456789', 12)}-${chars(ALNUM, 24)}`, 'token-prefix'],
  [`xoxp-${chars('0123456789', 12)}-${chars(ALNUM, 24)}`, 'token-prefix'],
  [`sk-${chars(ALNUM, 48)}`, 'token-prefix'],
  [`sk-proj-${chars(ALNUM, 60)}`, 'token-prefix'],
  [`sk-ant-api03-${chars(ALNUM, 93)}`, 'token-prefix'],
  [`AKIA${chars(UPPER, 16)}`, 'token-prefix'],
  [`ASIA${chars(UPPER, 16)}`, 'token-prefix'],
  [`AIza${chars(ALNUM, 35)}`, 'token-prefix'],
  [`npm_${chars(ALNUM, 36)}`, 'token-prefix'],
  [`pypi-AgEIcHlwaS5vcmc${chars(ALNUM, 60)}`, 'token-prefix'],
  [`dop_v1_${chars(HEX, 64)}`, 'token-prefix'],
  [`hf_${chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJ', 34)}`, 'token-prefix'],
  [`sk_live_${chars(ALNUM, 24)}`, 'token-prefix'],
  [`rk_live_${chars(ALNUM, 24)}`, 'token-prefix'],
  [`hvs.${chars(ALNUM, 24)}`, 'token-prefix'],
  [`https://hooks.slack.com/services/T0000/B0000/${chars(ALNUM, 24)}`, 'token-prefix'],
  ['Authorization: Bearer abc', 'auth-header'],
  [`Bearer ${chars(ALNUM, 32)}`, 'auth-header'],
];

/** Values that look alike but carry nothing: they stay (under a harmless name). */
const KEPT_VALUES = [
  '/usr/local/bin:/usr/bin:/bin',
  'https://example.com/path?page=2&sort=asc',
  'postgres://db.internal/app?sslmode=require',
  'https://user@host.example/',
  'git@github.com:org/repo.git',
  'host=db port=5432 dbname=app user=app',
  'password=',
  "password=''",
  'password = ',
  'sort = asc',
  '-j4 --jobserver-auth=3,4',
  'rs=0:di=01;34:ln=01;36:*.tar=01;31',
  'sk-learn',
  '/opt/task-runner/bin',
  'hf_hub_cache',
  'AKIAshort',
  'eyJhbGciOiJIUzI1NiJ9',
  'a.b.c',
  'v1.2.3',
  `${b64url('{"typ":"x"}')}.${b64url('{}')}.sig`,
  'Bearer',
  'token_type=bearer',
  '{"theme": "dark", "keyboard": "us"}',
  'en_US.UTF-8',
  'xterm-256color',
];

describe('secrets by class', () => {
  it('withholds at least 40 real-world credential names, whatever their value', () => {
    expect(SECRET_NAMES.length).toBeGreaterThanOrEqual(40);
    for (const name of SECRET_NAMES) expect(secretClass(name, 'x'), name).toMatch(/^(?:name|family)$/);
  });

  it('keeps names that only contain a marked word, and everyday variables', () => {
    for (const name of KEPT_NAMES) expect(secretClass(name, 'x'), name).toBeUndefined();
  });

  it('withholds values by shape whatever the name, each caught by its class', () => {
    expect(SECRET_VALUES.length).toBeGreaterThanOrEqual(40);
    for (const [value, kind] of SECRET_VALUES) expect(secretClass('SOME_SETTING', value), value).toBe(kind);
  });

  it('keeps values that merely look alike', () => {
    for (const value of KEPT_VALUES) expect(secretClass('SOME_SETTING', value), value).toBeUndefined();
  });

  it('long runs of token, pair and dot characters are no secret (their time: test/stress/linear-time)', () => {
    for (const value of [
      'a'.repeat(128 * 1024),
      '='.repeat(64 * 1024) + 'a=',
      'a.'.repeat(64 * 1024),
      '"a": "'.repeat(20_000),
      'eyJhbGci.'.repeat(14_000),
      'gh'.repeat(64 * 1024),
    ]) {
      expect(secretClass('SOME_SETTING', value)).toBeUndefined();
    }
  });

  it('exec.inheritEnv lets a withheld variable through by name; exec.env sets and removes as before', () => {
    const host = {
      MYSQL_PWD: 'hunter2',
      DATABASE_DSN: 'host=db password=hunter2',
      KEYBOARD_LAYOUT: 'us',
      PWD: '/w',
      PATH: '/bin',
    };
    const plain = commandEnv({}, host);
    expect(plain.MYSQL_PWD).toBeUndefined();
    expect(plain.DATABASE_DSN).toBeUndefined();
    expect(plain.KEYBOARD_LAYOUT).toBe('us');
    expect(plain.PWD).toBe('/w');
    const inherited = commandEnv({ inheritEnv: ['DATABASE_*'], env: { GH_PAT: 'given', PATH: undefined } }, host);
    expect(inherited.DATABASE_DSN).toBe('host=db password=hunter2');
    expect(inherited.MYSQL_PWD).toBeUndefined();
    expect(inherited.GH_PAT).toBe('given');
    expect(inherited.PATH).toBeUndefined();
  });
});

describe('what a command sees', () => {
  const saved = new Map<string, string | undefined>();
  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    saved.clear();
  });
  const plant = (name: string, value: string) => {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    process.env[name] = value;
  };

  it('no withheld name or value reaches bash; the near misses do', async () => {
    SECRET_NAMES.forEach((name, i) => plant(name, `planted-name-${i}`));
    SECRET_VALUES.forEach(([value], i) => plant(`TW_SHAPE_${i}`, value));
    for (const name of KEPT_NAMES) if (process.env[name] === undefined) plant(name, `kept-${name}`);
    const toolkit = createToolkit({ workspace: await tempDir() });
    // Names only (the whole environment would pass the output cap), then a count of planted values.
    const result = await toolkit.invoke('exec', 'bash', {
      command: 'compgen -e; echo "leaked=$(env | grep -c -e planted-name -e hunter2)"',
    });
    if (!result.ok) throw new Error(result.text);
    const stdout = result.output.stdout;
    const seen = new Set(stdout.split('\n'));
    for (const name of SECRET_NAMES) expect(seen.has(name), name).toBe(false);
    SECRET_VALUES.forEach(([value], i) => expect(seen.has(`TW_SHAPE_${i}`), value).toBe(false));
    for (const name of KEPT_NAMES) expect(seen.has(name), name).toBe(true);
    expect(stdout).toContain('leaked=0');
  });
});
