// Line numbers of character indices in a file's text, for the regions an edit matched or missed.
/** 1-based line numbers of ascending character indices, in one pass over the text. */
export function linesAt(text: string, indices: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let nl = text.indexOf('\n');
  for (const index of indices) {
    while (nl !== -1 && nl < index) {
      line++;
      nl = text.indexOf('\n', nl + 1);
    }
    lines.push(line);
  }
  return lines;
}
