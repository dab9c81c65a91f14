// Type-check only (compiled by `npm run typecheck`, never run): read_file's result is a union
// discriminated by `type`, so a field is reachable only once its variant is known.
import type { Toolkit } from '../../src/index.js';
import type { ReadFileResult } from '../../src/generated/types.js';

declare const toolkit: Toolkit;

export async function narrowed(): Promise<void> {
  const read = await toolkit.invoke('filesystem', 'read_file', { path: 'a.png' });
  if (!read.ok) return;
  const r = read.output;
  // Shared by every variant.
  const shared: [string, string, boolean] = [r.path, r.content, r.truncated];
  // @ts-expect-error data exists only on an image
  void r.data;
  if (r.type === 'image') {
    const image: [string, string, number, number, number, number] = [
      r.data,
      r.mime_type,
      r.width,
      r.height,
      r.original_width,
      r.original_height,
    ];
    // @ts-expect-error an image has no lines
    void r.start_line;
    void image;
  } else if (r.type === 'text') {
    const text: [number, number, boolean, string] = [r.start_line, r.end_line, r.total_lines_known, r.encoding];
    const optional: [number | undefined, number | undefined] = [r.total_lines, r.next_offset];
    // @ts-expect-error text has no image data
    void r.data;
    // @ts-expect-error text has no pages
    void r.page_count;
    void [text, optional];
  } else if (r.type === 'pdf') {
    const pdf: [number, string, string | undefined] = [r.page_count, r.pages, r.next_pages];
    // @ts-expect-error a pdf has no cells
    void r.cell_count;
    void pdf;
  } else {
    const notebook: ['notebook', number, number | undefined] = [r.type, r.cell_count, r.next_offset];
    // @ts-expect-error a notebook has no encoding
    void r.encoding;
    void notebook;
  }
  void shared;
}

export function variants(): ReadFileResult[] {
  return [
    { path: 'a', type: 'notebook', content: '', truncated: false, cell_count: 1 },
    // @ts-expect-error an image needs its data and sizes
    { path: 'a', type: 'image', content: '', truncated: false },
    // @ts-expect-error a field of another variant is refused
    { path: 'a', type: 'pdf', content: '', truncated: false, page_count: 1, pages: '1', cell_count: 2 },
  ];
}
