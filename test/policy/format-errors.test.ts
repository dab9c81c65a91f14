// Policy syntax errors are located where the mistake is (FILE:LINE:COL), not where the parser
// gave up: unterminated strings and heredocs, missing and stray brackets, bad tokens and escapes,
// in HCL and YAML; and valid files with every construct the checks look at still load.
import { describe, expect, it } from 'vitest';
import { findLexicalError } from '../../src/runtime/policy/formats/hcl-lex.js';
import { parsePolicyText } from '../../src/reference-policy.js';

async function errorOf(text: string, file: string): Promise<string> {
  try {
    await parsePolicyText(text, file);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${file} to be refused`);
}

const RULE = 'rule {\n  operation = "bash"\n  decision  = "allow"\n}\n';

describe('HCL syntax errors', () => {
  const cases: [string, string, RegExp][] = [
    [
      'an unterminated string, located at its opening quote',
      'default = "ask"\n\nrule {\n  operation = "bash\n  decision  = "allow"\n}\n',
      /^agent\.hcl:4:15: this string is not closed on its line/,
    ],
    ['an unterminated string on the last line', 'default = "ask', /^agent\.hcl:1:11: this string is not closed/],
    [
      'a missing closing brace, located at the brace left open',
      `default = "ask"\n${RULE}rule {\n  operation = "read_file"\n  decision = "allow"\n`,
      /^agent\.hcl:6:6: this \{ is not closed: the file ends before its "}"/,
    ],
    ['a stray closing brace', 'default = "ask"\n}\n' + RULE, /^agent\.hcl:2:1: unexpected "}": nothing is open here/],
    [
      'a list closed by the block brace',
      'rule {\n  operation = ["bash", "read_file"\n  decision = "allow"\n}\n',
      /^agent\.hcl:2:15: this \[ is not closed: "}" at 4:1 comes before its "]"/,
    ],
    [
      'a bad token',
      'default = "ask"\nrule {\n  operation = "bash"\n  decision = @allow\n}\n',
      /^agent\.hcl:4:14: unexpected character "@"/,
    ],
    ['a single-quoted string', "rule {\n  operation = 'bash'\n}\n", /^agent\.hcl:2:15: HCL strings take double quotes/],
    [
      'an unknown escape, located at the backslash',
      'rule {\n  operation = "ba\\qsh"\n}\n',
      /^agent\.hcl:2:18: unknown escape \\q in a string/,
    ],
    [
      'an unterminated heredoc',
      'default = "ask"\nrule {\n  operation = <<EOT\nbash\n  decision = "allow"\n}\n',
      /^agent\.hcl:3:15: this heredoc <<EOT is not closed: no line EOT follows/,
    ],
    [
      'a heredoc marker not at the end of its line',
      'rule {\n  operation = <<EOT bash\n}\n',
      /^agent\.hcl:2:15: a heredoc starts with <<NAME/,
    ],
    [
      'an unterminated block comment',
      'default = "ask"\n/* a note\n' + RULE,
      /^agent\.hcl:2:1: this \/\* comment is not closed/,
    ],
    [
      'an interpolation left open',
      'rule {\n  operation = "${x"\n}\n',
      /^agent\.hcl:2:16: this \$\{ is not closed on its line/,
    ],
    [
      'a missing equals sign (a structural error: at the attribute)',
      'default = "ask"\nrule {\n  operation "bash"\n}\n',
      /^agent\.hcl:3:3: HCL syntax error near: operation "bash"/,
    ],
  ];
  for (const [what, text, expected] of cases) {
    it(what, async () => {
      expect(await errorOf(text, 'agent.hcl')).toMatch(expected);
    });
  }

  it('the lexical pass accepts what valid HCL holds: comments, escapes, heredocs, templates, numbers, CRLF', () => {
    const valid = [
      '# comment "with quotes\n// another {\n/* block\n } */\ndefault = "ask"\r\n',
      'x = "tab\\t quote\\" slash\\\\ \\u00e9 \\U0001F600 $${literal} %%{also}"\n',
      'x = <<-EOT\n  line "one\n  {\n  EOT\ny = <<EOT\nz\nEOT\n',
      'x = "a ${var.b["k"]} c ${~ f("}") ~} d"\n',
      'n = [1, 2.5, -3, 1e6]\nm = { a = true, "b" = null }\nf = a.b[0] == 1 && !c || d ? e : f\n',
      'ünïcode_name = "ok"\n',
    ];
    for (const text of valid) expect(findLexicalError(text), text).toBeUndefined();
  });

  it('a valid policy still loads (the lexical pass runs only on files the grammar refuses)', async () => {
    const loaded = await parsePolicyText(`# policy\ndefault = "ask"\n${RULE}`, 'agent.hcl');
    expect(loaded.policy).toMatchObject({ default: 'ask', rules: [{ operation: 'bash', decision: 'allow' }] });
  });
});

describe('YAML syntax errors', () => {
  const cases: [string, string, RegExp][] = [
    [
      'an unterminated double-quoted string, located at its quote',
      'default: ask\nrules:\n  - operation: "bash\n    decision: allow\n',
      /^p\.yaml:3:16: this "-quoted string is not closed/,
    ],
    [
      'an unterminated single-quoted string',
      "default: ask\nrules:\n  - operation: 'bash\n    decision: allow\n",
      /^p\.yaml:3:16: this '-quoted string is not closed/,
    ],
    [
      'an unclosed flow sequence, located at its bracket',
      'default: ask\nrules:\n  - operation: [bash, read_file\n    decision: allow\n',
      /^p\.yaml:3:16: this \[ is not closed/,
    ],
    [
      'an unclosed flow map',
      'default: ask\nrules:\n  - { operation: bash, decision: allow\n',
      /^p\.yaml:3:5: this \{ is not closed/,
    ],
    [
      'a misindented key, located at the key',
      'default: ask\nrules:\n  - operation: bash\n   decision: allow\n',
      /^p\.yaml:4:4: /,
    ],
    [
      'a tab as indentation',
      'default: ask\nrules:\n\t- operation: bash\n',
      /^p\.yaml:3:1: Tabs are not allowed as indentation/,
    ],
    [
      'a reserved character',
      'default: ask\nrules:\n  - operation: bash\n    decision: @allow\n',
      /^p\.yaml:4:15: Plain value cannot start with reserved character @/,
    ],
    [
      'a key set twice',
      'default: ask\nrules:\n  - operation: bash\n    operation: read_file\n',
      /^p\.yaml:4:5: Map keys must be unique/,
    ],
    ['an alias without its anchor', 'default: ask\nrules:\n  - operation: *nope\n', /^p\.yaml:3:16: Unresolved alias/],
  ];
  for (const [what, text, expected] of cases) {
    it(what, async () => {
      expect(await errorOf(text, 'p.yaml')).toMatch(expected);
    });
  }
});
