// filesystem.write_file: atomic create-or-replace that keeps the file's mode, owner and text
// encoding: a Shift_JIS or UTF-16 file stays Shift_JIS or UTF-16.
import type { WriteFileParams, WriteFileResult } from '../../generated/types.js';
import { withEditDiagnostics } from '../../runtime/edit-diagnostics.js';
import { withText, type HandlerReturn } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ResolvedPath } from '../../runtime/workspace.js';
import { changeFile } from './write-transaction.js';
import { plural } from './plural.js';
import { ENCODING_SAMPLE_BYTES, encodeLike } from './encodings/text-codec.js';
import { confinedPath } from '../../runtime/confine.js';

export async function writeFile(params: WriteFileParams, ctx: HandlerContext): Promise<HandlerReturn<WriteFileResult>> {
  const resolved = confinedPath(ctx, 'path');
  return withEditDiagnostics(ctx, [resolved], () => write(params, ctx, resolved));
}

async function write(params: WriteFileParams, ctx: HandlerContext, resolved: ResolvedPath) {
  let encoding = 'utf-8';
  const output = await changeFile(
    ctx,
    resolved,
    { createParents: true, sample: ENCODING_SAMPLE_BYTES },
    async (current) => {
      // encodeLike throws INVALID_INPUT naming a character the file's encoding cannot hold.
      const encoded = await encodeLike(current?.head, params.content);
      encoding = encoded.encoding;
      return {
        data: encoded.bytes,
        result: { path: resolved.relative, bytes: encoded.bytes.length, created: current === undefined },
      };
    },
  );
  const kept = encoding === 'utf-8' ? '' : `, kept as ${encoding}`;
  return withText(
    output,
    `${output.created ? 'Created' : 'Wrote'} ${resolved.relative} (${plural(output.bytes, 'byte')}${kept})`,
  );
}
