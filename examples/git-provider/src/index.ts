// The package's entry: the git provider, ready for createToolkit({ providers }) and for
// `toolwright mcp --provider ./dist/index.js`.
import { defineProviders } from 'toolwright';
import { handlers } from './handlers.js';
import { providers as registry } from './generated/registry.js';

export const providers = defineProviders(registry, handlers);
export { providers as gitProviders, handlers as gitHandlers };
export type { Operations as GitOperations, ErrorCode as GitErrorCode } from './generated/types.js';
