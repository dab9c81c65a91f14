// Images carried by an operation's output (read_file of a png/jpeg/gif/webp), for the adapters:
// each passes them on in its API's own image shape, or says in text that it cannot.

export interface OutputImage {
  /** e.g. image/png */
  mimeType: string;
  /** base64 */
  data: string;
}

/** The image in an output of shape `{ type: 'image', mime_type, data }`, if it carries one. */
export function imageOf(output: unknown): OutputImage | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const o = output as Record<string, unknown>;
  if (o.type !== 'image' || typeof o.data !== 'string' || typeof o.mime_type !== 'string' || o.data === '')
    return undefined;
  return { mimeType: o.mime_type, data: o.data };
}

/**
 * The output with its base64 data emptied (for structured copies beside an image block). `data`
 * stays, as an empty string: an image result without it would not match read_file's result schema,
 * which MCP clients check structured content against.
 */
export function withoutImageData<T>(output: T): T {
  if (!imageOf(output)) return output;
  return { ...(output as Record<string, unknown>), data: '' } as T;
}

/** The note a text-only channel appends where an image could not be passed on. */
export const IMAGE_NOT_CARRIED =
  "(the image itself cannot be passed through this API's tool results; only this description is)";
