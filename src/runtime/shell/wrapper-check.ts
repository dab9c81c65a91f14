// Builds the wrapper table by program name and checks every entry's examples: a broken entry
// (an example that does not unwrap as it says) throws when the table loads.
import { describeExample, describeUnwrapped, exampleWords, unwrapByEntry, type WrapperEntry } from './wrapper-entry.js';

export function wrapperTable(entries: readonly WrapperEntry[]): ReadonlyMap<string, WrapperEntry> {
  const table = new Map<string, WrapperEntry>();
  for (const entry of entries) {
    for (const name of entry.names) {
      if (table.has(name)) throw new Error(`wrapper table: ${name} has two entries`);
      table.set(name, entry);
    }
  }
  for (const entry of entries) {
    if (entry.examples.length === 0) throw new Error(`wrapper table: ${entry.names[0]} has no examples`);
    for (const example of entry.examples) {
      const words = exampleWords(example.line);
      const name = words[0]?.text ?? '';
      if (!entry.names.includes(name))
        throw new Error(`wrapper table: example "${example.line}" of ${entry.names[0]} does not start with its name`);
      const got = describeUnwrapped(unwrapByEntry(entry, name, words));
      const want = describeExample(example);
      if (got !== want)
        throw new Error(
          `wrapper table: ${name} example "${example.line}" unwraps to ${got}, but the entry says ${want}`,
        );
    }
  }
  return table;
}
