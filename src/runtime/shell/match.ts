// `command` patterns over one simple command's words.

export interface CommandPattern {
  source: string;
  words: ({ kind: 'any' } | { kind: 'rest' } | { kind: 'word'; re: RegExp; reIgnoreCase: RegExp; literal: string })[];
}

/**
 * `git log *`: words split on blanks (quotes group: `grep "a b" *`); an unquoted `*` as the last word
 * matches zero or more words, as another word exactly one word; an unquoted `*` inside a word
 * matches any text within it; a quoted or backslash-escaped `*` is a literal star.
 */
export function compileCommandPattern(source: string): CommandPattern {
  const parts = splitPattern(source);
  if (parts.length === 0) throw new TypeError('must not be empty');
  if (parts[0]!.regex === '.*' && parts[0]!.bare) throw new TypeError('must start with a program name, not *');
  return {
    source,
    words: parts.map((part, i) => {
      if (part.bare) return i === parts.length - 1 ? { kind: 'rest' as const } : { kind: 'any' as const };
      const regex = `^${part.regex}$`;
      return {
        kind: 'word' as const,
        re: new RegExp(regex, 's'),
        reIgnoreCase: new RegExp(regex, 'si'),
        literal: part.text,
      };
    }),
  };
}

/** Pattern words: `bare` is a lone unquoted `*`; `regex` has unquoted stars as `.*`, the rest escaped. */
function splitPattern(source: string): { text: string; regex: string; bare: boolean }[] {
  const words: { text: string; regex: string; bare: boolean }[] = [];
  let text = '';
  let regex = '';
  let started = false;
  let quotedAny = false;
  const escape = (c: string) => c.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
  const flush = () => {
    if (started) words.push({ text, regex, bare: text === '*' && regex === '.*' && !quotedAny });
    text = '';
    regex = '';
    started = false;
    quotedAny = false;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      flush();
      continue;
    }
    started = true;
    if (c === "'" || c === '"') {
      const end = source.indexOf(c, i + 1);
      if (end < 0) throw new TypeError(`has an unterminated ${c} quote`);
      const inner = source.slice(i + 1, end).replace(c === '"' ? /\\(["\\])/g : /$^/g, '$1');
      text += inner;
      regex += escape(inner);
      quotedAny = true;
      i = end;
    } else if (c === '\\' && i + 1 < source.length) {
      text += source[i + 1];
      regex += escape(source[i + 1]!);
      quotedAny = true;
      i++;
    } else if (c === '*') {
      text += c;
      regex += '.*';
    } else {
      text += c;
      regex += escape(c);
    }
  }
  flush();
  return words;
}
