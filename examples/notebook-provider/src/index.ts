// The package's entry: the notebook provider, ready for createToolkit({ providers }) and for
// `toolwright call|mcp --provider ./dist/index.js`.
import { defineProviders } from 'toolwright';
import { handlers } from './handlers.js';
import { providers as registry } from './generated/registry.js';

export const providers = defineProviders(registry, handlers);
export { providers as notebookProviders, handlers as notebookHandlers };
export type { Operations as NotebookOperations, ErrorCode as NotebookErrorCode } from './generated/types.js';
