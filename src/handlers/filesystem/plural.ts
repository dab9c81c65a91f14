// "1 byte", "3 bytes": a count and its noun, for the messages of the filesystem operations.
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
