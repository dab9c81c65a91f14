// shell_read reads each allowed program's words with a model of that program's own option grammar:
// clusters, glued values, abbreviated long options, options after operands, `--`. Write and exec
// options are refused in every spelling; an option the model does not know is refused; and the
// models agree with the real binaries on this machine about which words are options and which
// options take the next word as their value.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../../src/runtime/policy/shell/read-only.js';
import { tempDir } from '../support/helpers.js';
import { compareWithBinaries, grammarCases } from '../support/grammar-binaries.js';

beforeAll(async () => { await loadBashParser(); });

const refused = (line: string) => {
  const verdict = classifyReadOnly(line);
  return verdict.ok ? undefined : verdict.reason;
};

/** Each line writes a file or runs a program through an option or script spelling. */
const HOSTILE: Record<string, string[]> = {
  sed: [
    "sed -ne 'w pwned' f", "sed -ne 'e touch pwned' f", "sed -ne 'w pwned' canary.txt", "sed -ne 'e touch pwned' canary.txt", "sed -ne 'w pwned' a.txt", "sed -nse 'w pwned' f", "sed -n -e p -e 'W pwned' f", "sed --expression='w pwned' f",
    "sed --expr 'w pwned' f", "sed --e='1e touch pwned' f", "sed -n f -e 'w pwned'", "sed f -ne 's/x/y/w pwned'", "sed -E -n -- 's/a/b/e' f",
    "sed 's/[/]/#/;w pwned' f", "sed 's/[[:alpha:]/]/#/;w pwned' f", "sed '/[/]/!{p};w pwned' f", "sed 's|a|b|;W pwned' f", "sed 'y/a/b/;w pwned' f",
    "sed '1!G;h;$!d;e touch pwned' f", "sed -n 'b x w pwned' f", "sed -n '/a/I w pwned' f", "sed -n '$!N;s/\\n/ /ge' f", "sed 's/a/b/ w pwned' f",
    "sed -i d f", "sed -ni p f", "sed -n -i.bak p f", "sed --in-pl d f", "sed --in-place=.b d f", "sed -f script.sed f", "sed --fi=script.sed f", "sed -s -f x f",
  ],
  awk: [
    "awk -W source 'BEGIN{system(\"touch pwned\")}'", "awk -Wsource='BEGIN{system(\"touch pwned\")}'", "awk -W exec prog.awk", "awk -f prog.awk f", "awk -fprog.awk f",
    "awk --source 'BEGIN{}'", "awk -e 'BEGIN{}'", "awk -E prog.awk", "awk -i inplace '{print}' f", "awk -l ext 'BEGIN{}'", "awk -o '{print}' f",
    "awk -p '{print}' f", "awk -d '{print}' f", "awk -vx=1 -f prog.awk", "awk -F, -W exec prog.awk", "awk '{print}' -f prog.awk",
    "awk 'BEGIN{ARGV[1]=\"/inet/tcp/0/example.com/80\";ARGC=2}{print}'", "awk '{print}' /inet/tcp/0/example.com/80", "awk -v ARGC=3 '{print}' f",
    "awk '{print}' ARGV=x f", "awk 'BEGIN{system(\"x\")}'", "awk '{print | \"sh\"}' f", "awk '{print > \"pwned\"}' f", "awk 'BEGIN{\"x\"|getline}'", "awk '@include \"x\"'",
  ],
  find: [
    'find . -exec touch pwned ;', 'find . -execdir rm {} +', 'find . -ok rm {} ;', 'find . -okdir rm {} ;', 'find . -delete', 'find . -fprint pwned',
    'find . -fprint0 pwned', 'find . -fprintf pwned %p', 'find . -fls pwned', 'find -L . -delete', 'find . -name x -o -delete', 'find . ( -name x -delete )',
    'find . -unknownprimary', 'find . -name x extra', 'find -D exec . -delete', 'find . -newer f -fls pwned', 'find . -files0-from l -delete',
  ],
  sort: [
    'sort -o pwned f', 'sort -ro pwned f', 'sort -rno pwned f', 'sort -nopwned f', 'sort f -o pwned', 'sort --output=pwned f', 'sort --out pwned f',
    'sort --o=pwned f', 'sort --outp=pwned f', 'sort --compress-program=sh f', 'sort --comp=sh f', 'sort -T . f', 'sort -Tdir f', 'sort --temp=. f', 'sort -y -o pwned f', 'sort -y0 -o pwned f',
  ],
  git: [
    "git grep -nO'sh -c x' y", "git grep -O'touch pwned' x", "git grep -iO x", "git grep --open-files-in-pager=sh x", "git grep --open-files-in-pager x",
    "git grep --open x", "git log --output=pwned", "git log --output pwned", "git log -p --ext-diff", "git diff --ext-diff", "git log --textconv -p",
    'git log --show-signature', 'git log --remerge-diff', 'git log -Oorderfile -p', 'git diff -O orderfile', 'git diff --submodule=diff',
    'git diff --submodule', 'git log -p --submodule=log', 'git grep --recurse-submodules x', 'git ls-files --recurse-submodules', 'git log --out=pwned',
    'git --bare log', 'git -c core.pager=sh log', 'git -ccore.pager=sh log', 'git --config-env=core.pager=X log', 'git -C .. status', 'git --git-dir=x log',
    'git --work-tree=x status', 'git -p log', 'git --paginate log', 'git --exec-path=. status', 'git --help', 'git status --help', 'git log --frobnicate',
    'git tag -v v1', 'git tag -d v1', 'git tag -l -d v1', 'git branch -D x', 'git branch -vD x', 'git branch --list -d x', 'git branch newbranch',
    'git config x.y z', 'git config --add x.y z', 'git config --get x.y --unset', 'git config -e', 'git describe --dirty', 'git cat-file --textconv HEAD:x',
    'git cat-file --filters HEAD:x', 'git blame --contents x f', 'git blame -S revs f', 'git blame --textconv f', 'git reflog expire --all',
    'git stash drop', 'git stash', 'git worktree add x', 'git notes add -m x', 'git remote add x y', 'git remote show origin', 'git checkout .',
  ],
  rg: [
    'rg --pre ./evil.sh x', 'rg --pre=./evil.sh x', 'rg x --pre ./evil.sh', 'rg -z x', 'rg -nz x', 'rg -inzA1 x', 'rg --search-zip x', 'rg --pre-glob "*" x',
    'rg --hostname-bin=./evil.sh x', 'rg --pr=sh x', 'rg --search-z x', 'rg --ignore-cas x',
  ],
  misc: [
    'file -C -m magic', 'file -z f', 'file -Z f', 'file -zb f', 'file --uncompress f', 'file --no-sandbox f', 'file --comp f', 'tree -o pwned', 'tree -aL 1 -o pwned',
    'tree -La 1 -R', 'tree --o pwned', 'diff -l a b', 'diff --paginate a b', 'diff --pag a b', 'date -s now', 'date --set=now', 'date --se=now', 'date -us now',
    'date 010100002030', 'uniq f pwned', 'uniq -c f pwned', 'printf -vx y', 'printf -v x y', 'printf -va[0] y', 'test -v x', '[ -R x ]', 'ls --nonsense',
    'cat -Z f', 'head --frobnicate', 'grep --nonsense x', 'wc --files0', 'jq --run-tests x', 'jq -Z .', 'cd --nope', 'which -x ls', 'pwd -Q',
    'ls --co', 'sort --ra f', 'sed --s p f', 'grep --fi=x y', 'seq --w 3',
  ],
};

/** Inspection lines in the spellings people write: they must still be accepted. */
const ACCEPTED = [
  "sed -n '/re/p' f", "sed -E 's/a|b/c/g' f", "sed -ne '1,5p' f", "sed -n -e '$p' f", "sed --quiet --expression='s/[/]/x/p' f", "sed 's/[]/]/x/' f",
  "sed -n ':a;N;$!ba;s/\\n/ /gp' f", "sed 'a text ; w not-a-file' f", "sed '1i header' f", "sed -z 's/x/y/' f", "sed --posix -n p f", "sed f -n -e p",
  "awk -F: '{print $1}' f", "awk -v n=1 'NR==n' f", "awk -F, -vx=2 '{print $x}' f", "awk '{n++} END {print n}' f x=1",
  'find . -type f -name "*.ts" -newer f -maxdepth 2 -print', 'find . \\( -name a -o -name b \\) -prune -o -print', 'find -H . -mindepth 1 -ls', 'find . -newermt 2020-01-01',
  'sort -k2,2 -t, f', 'sort -rn -k1 f', 'sort --rev f', 'sort -u f -r', 'sort --field-separator=: --key 2 f',
  'git log --oneline -n 20', "git log --format='%h %s' -5", 'git log --pretty=oneline --graph --decorate --all', 'git log -p -1 --stat', 'git log --since 2.weeks --author me',
  'git diff --stat HEAD~1', 'git diff --cached --name-only', 'git diff --submodule=short', 'git show HEAD:README.md', 'git show --stat HEAD', 'git status -sb',
  'git status --porcelain=v1 -uall', 'git branch -a', "git branch --list 'f*'", 'git branch --merged', 'git branch --contains HEAD', 'git tag --list', 'git tag -n5 -l',
  'git config --get user.name', 'git config -l', 'git rev-parse --abbrev-ref HEAD', 'git rev-parse --show-toplevel', 'git ls-files -z', 'git ls-tree -r HEAD',
  'git blame -L 1,5 f', 'git grep -n foo', 'git grep -e a --and -e b', 'git shortlog -sn', 'git stash list', 'git stash show -p', 'git remote -v', 'git worktree list',
  'git reflog show -5', 'git describe --tags --always', 'git cat-file -p HEAD', "git for-each-ref '--format=%(refname)' refs/heads", 'git diff-tree -r --name-only HEAD',
  'rg -n -A2 foo', 'rg --files', 'rg -l foo src', 'rg foo -g "*.ts"', 'rg -e a -e b', 'rg --no-heading -S x', 'jq -r .a f', 'jq -n --arg x 1 \'$x\'', 'jq -rc . f',
  'tree -L 2 -a', 'tree -aL 2 --dirsfirst', 'head -n 5 f', 'head -5 f', 'tail -5 f', 'tail -n +3 f', 'seq -5 5', 'date +%s', 'date -u +%Y', 'du -sh .', 'ls -la --color=never',
  'ls --col=never', 'wc -l f', 'cut -d: -f1 f', 'grep -rn --include="*.ts" foo .', 'grep --colo=never x f', 'grep -e a -f pats f', 'diff -u a b', 'diff -ru a b',
  'file -b f', 'file --mime-type f', 'stat -c %s f', 'od -An -tx1 f', 'printf "%s\\n" x', 'echo $HOME', 'test -f f', 'test -d x', 'cd src', 'which -a ls', 'pwd -P',
];

describe('shell_read option grammars: write and exec options are refused in every spelling', () => {
  for (const [program, lines] of Object.entries(HOSTILE)) {
    it(`${program}: ${lines.length} spellings`, () => {
      const accepted = lines.filter((line) => refused(line) === undefined);
      expect(accepted).toEqual([]);
    });
  }

  it(`${ACCEPTED.length} everyday inspection lines are still accepted`, () => {
    const wrong = ACCEPTED.map((line) => [line, refused(line)]).filter(([, reason]) => reason !== undefined);
    expect(wrong).toEqual([]);
  });

  it('names the option as written and as it resolves', () => {
    expect(refused('sort --outp=pwned f')).toMatch(/--outp \(--output\) writes a file \(the sorted output\)/);
    expect(refused("sed -ne 'w pwned' f")).toMatch(/sed w writes a file/);
    expect(refused("git grep -nO'sh -c x' y")).toMatch(/-O runs a pager/);
    expect(refused('ls --co')).toMatch(/--co is ambiguous/);
    expect(refused('cat -Z f')).toMatch(/-Z is not an option shell_read knows for cat/);
  });
});

describe('shell_read option grammars agree with the binaries on this machine', () => {
  // The full sweep (every word of every grammar) is test/stress/shell-read-grammar.stress.test.ts.
  it('a sample of options that take a value, of the others, and of long-option prefixes', async () => {
    const cases = grammarCases({ seed: 7, values: 90, others: 90 });
    expect(cases.length).toBe(180);
    expect(await compareWithBinaries(cases, await tempDir('tw-grammar-'))).toEqual([]);
  }, 120_000);
});
