// read_file's result is one of four variants told apart by `type`: the output validator accepts
// each as read_file returns it and refuses a field of another variant, a missing field of its own,
// and a type it does not know.
import { beforeAll, describe, expect, it } from 'vitest';
import { validators } from '../../src/generated/validators.js';

const validate = validators['filesystem.read_file']!.result;
// A provider's validators load on its first call; this file calls the validator itself.
beforeAll(() => validators['filesystem.read_file']!.load());
const shared = { path: 'a', content: 'x', truncated: false };
const text = { ...shared, type: 'text', start_line: 1, end_line: 1, total_lines_known: true, encoding: 'utf-8' };
const image = {
  ...shared,
  type: 'image',
  mime_type: 'image/png',
  data: 'iVBORw0KGgo=',
  width: 1,
  height: 1,
  original_width: 1,
  original_height: 1,
};
const pdf = { ...shared, type: 'pdf', page_count: 3, pages: '1-2', next_pages: '3' };
const notebook = { ...shared, type: 'notebook', cell_count: 2, next_offset: 2 };

describe('the read_file result validator', () => {
  it('accepts every variant, with and without its optional fields', () => {
    for (const output of [
      text,
      { ...text, total_lines: 1, next_offset: 2, encoding_confidence: 0.5 },
      image,
      pdf,
      notebook,
    ]) {
      expect([output.type, validate(output)]).toEqual([output.type, true]);
    }
  });

  it('refuses a field of another variant', () => {
    const mixed = [
      { ...text, data: 'AA==' },
      { ...text, page_count: 1 },
      { ...image, start_line: 1 },
      { ...image, cell_count: 1 },
      { ...pdf, cell_count: 1 },
      { ...pdf, next_offset: 2 },
      { ...notebook, encoding: 'utf-8' },
      { ...notebook, width: 1 },
    ];
    for (const output of mixed) expect([Object.keys(output), validate(output)]).toEqual([Object.keys(output), false]);
  });

  it('refuses a variant without one of its own fields, and a type none declares', () => {
    const { data: _data, ...imageWithoutData } = image;
    const { pages: _pages, ...pdfWithoutPages } = pdf;
    const { cell_count: _cells, ...notebookWithoutCells } = notebook;
    const { encoding: _encoding, ...textWithoutEncoding } = text;
    for (const output of [imageWithoutData, pdfWithoutPages, notebookWithoutCells, textWithoutEncoding])
      expect([output.type, validate(output)]).toEqual([output.type, false]);
    expect(validate({ ...notebook, type: 'video' })).toBe(false);
    expect(validate({ ...text, unknown_field: 1 })).toBe(false);
  });
});
