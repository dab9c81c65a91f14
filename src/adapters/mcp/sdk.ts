// The server of the SDK v2 packages (@modelcontextprotocol/server) as the MCP adapter uses it for
// 2025-11-25 and older clients, through its public entry point only, loaded on first use (the SDK and zod under it are most of a server's start-up, and
// `import 'toolwright'` must stay light). Loaded once per process and shared by every server.
import type {
  jsonSchemaValidator,
  JsonSchemaType,
  JsonSchemaValidator,
  Server,
  ServerOptions,
} from '@modelcontextprotocol/server';
import { lazyRequire } from '../../runtime/startup/lazy-require.js';

type ServerModule = typeof import('@modelcontextprotocol/server');

export interface Sdk {
  Server: ServerModule['Server'];
  /** Options every server gets: one elicitation-answer validator for the whole process. */
  serverOptions: Pick<ServerOptions, 'jsonSchemaValidator'>;
}

let loading: Promise<Sdk> | undefined;

export function loadSdk(): Promise<Sdk> {
  return (loading ??= (async () => {
    const { Server } = await import('@modelcontextprotocol/server');
    return { Server, serverOptions: { jsonSchemaValidator: new ElicitationAnswerValidator() } };
  })());
}

/** A new SDK server with the process-wide options (a new one costs tens of µs, not an Ajv instance). */
export function newSdkServer(sdk: Sdk, info: { name: string; version: string }, options: ServerOptions): Server {
  return new sdk.Server(info, { ...sdk.serverOptions, ...options });
}

/**
 * Checks a client's elicitation answer against the schema the server asked with (the only use the
 * SDK server makes of a JSON Schema validator). The SDK's default builds an Ajv instance for every
 * server (about half a millisecond) and keeps every schema it compiled for as long as the server
 * lives; this one is shared, and compiles each schema without keeping it (a question's schema is
 * made for that question, and elicitations run at human speed).
 */
class ElicitationAnswerValidator implements jsonSchemaValidator {
  private ajv: import('ajv').Ajv | undefined;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const ajv = (this.ajv ??= createAjv());
    const check = ajv.compile(schema as object);
    ajv.removeSchema(schema);
    return (input: unknown) =>
      check(input)
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: ajv.errorsText(check.errors) };
  }
}

type AjvClass = typeof import('ajv').Ajv;
const loadAjv = lazyRequire<{ Ajv: AjvClass }>('ajv');
const loadFormats = lazyRequire<{ default: (ajv: import('ajv').Ajv) => unknown }>('ajv-formats');

/** With the SDK's own settings for this validator (its validation/ajv-provider.js). */
function createAjv(): import('ajv').Ajv {
  const ajv = new (loadAjv().Ajv)({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  loadFormats().default(ajv);
  return ajv;
}
