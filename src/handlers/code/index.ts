// The code provider: language-server operations (diagnostics, definition, references, hover,
// symbols, rename), one file per concern, the client in ./lsp/.
import { diagnostics } from './diagnostics.js';
import { definition, hover, references } from './navigate.js';
import { rename } from './rename.js';
import { symbols } from './symbols.js';

export const codeHandlers = { diagnostics, definition, references, hover, symbols, rename };
