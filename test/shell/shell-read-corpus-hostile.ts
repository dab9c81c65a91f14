// The hostile half of shell_read's differential corpus: write and exec spellings of sed, awk, sort,
// find, git, rg, diff, file, uniq, tree and the shell itself, class by class, each written the ways
// a model might (clusters, glued values, abbreviated long options, options after operands). Every
// line here must either be refused by shell_read or, when accepted, run nothing outside its
// allowlist and write nothing.

export const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** Write and exec spellings, class by class. */
export function hostile(): string[] {
  const lines: string[] = [];
  const sedBad = [
    'w pwned',
    'W pwned',
    'e touch pwned',
    '1e touch pwned',
    's/a/b/w pwned',
    's/.*/touch pwned/e',
    's/[/]/#/;w pwned',
    's/[[:alpha:]/]/#/;w pwned',
    ':x;w pwned',
    'b x w pwned',
    '/a/I w pwned',
    '$!{p};w pwned',
    'y/a/b/;W pwned',
    's|a|b|gw pwned',
    '1!G;h;$!d;e touch pwned',
    '0~1w pwned',
    '/a/,/b/w pwned',
    '1,$w pwned',
    's/a/b/2w pwned',
    's/a/touch pwned/pe',
  ];
  const sedForms = (s: string) => [
    `sed -n -e ${q(s)} f.txt`,
    `sed -ne ${q(s)} f.txt`,
    `sed -nse ${q(s)} f.txt`,
    `sed --expression=${q(s)} f.txt`,
    `sed --expr ${q(s)} f.txt`,
    `sed --e=${q(s)} f.txt`,
    `sed f.txt -ne ${q(s)}`,
    `sed -n ${q(s)} f.txt`,
    `sed -- ${q(s)} f.txt`,
    `sed -E -n -- ${q(s)} f.txt`,
    `sed -ze ${q(s)} f.txt`,
    `sed -u -s -e p -e ${q(s)} f.txt`,
  ];
  for (const script of sedBad) lines.push(...sedForms(script));
  // With the script taken from -e, the file name (c…, a…, i…) must not be read as one.
  for (const script of ['w pwned', 'e touch pwned', 's/x/y/w pwned'])
    lines.push(`sed -ne ${q(script)} canary.txt`, `sed -n -e ${q(script)} a.txt`, `sed -ne ${q(script)} -- canary.txt`);
  lines.push(
    'sed -i d f.txt',
    'sed -ni p f.txt',
    'sed --in-pl d f.txt',
    'sed -f script.sed f.txt',
    'sed --fi=script.sed f.txt',
    'sed -s -f script.sed f.txt',
  );
  const awkCode = 'BEGIN{system("touch pwned")}';
  lines.push(
    `awk -W source ${q(awkCode)}`,
    `awk -Wsource=${q(awkCode)}`,
    `awk -W exec prog.awk`,
    `mawk -W exec prog.awk`,
    'awk -f prog.awk f.txt',
    'awk -fprog.awk f.txt',
    `awk --source ${q(awkCode)}`,
    `awk -e ${q(awkCode)}`,
    'awk -vx=1 -f prog.awk',
    'awk -F, -f prog.awk',
    `awk ${q(awkCode)}`,
    `awk ${q('{print > "pwned"}')} f.txt`,
    `awk ${q('BEGIN{printf "x" > "pwned"}')}`,
    `awk ${q('BEGIN{print "x" >> "pwned"}')}`,
    `awk ${q('BEGIN{print "touch pwned" | "sh"}')}`,
    `awk ${q('BEGIN{"touch pwned" | getline}')}`,
    `awk ${q('BEGIN { print "a;b" > "pwned" }')}`,
    `awk ${q('{ print $1,\n $2 > "pwned" }')} f.txt`,
    `awk ${q('BEGIN { x = "#"; print x >> "pwned" }')}`,
    `awk ${q('BEGIN{ARGV[1]="/etc/hostname";ARGC=2}{print > "pwned"}')}`,
  );
  for (const program of [
    '{print > "pwned"}',
    'BEGIN{system("touch pwned")}',
    '{print | "sh"}',
    'BEGIN{while (("ls" | getline) > 0) print}',
    '{ printf("%s", $1) >> "pwned" }',
  ]) {
    for (const before of ['-F,', '-v x=1', '-vx=1', '--', '-F : --']) lines.push(`awk ${before} ${q(program)} f.txt`);
  }
  const out = [
    '-o pwned',
    '-opwned',
    '-ro pwned',
    '-rno pwned',
    '-nropwned',
    '--output=pwned',
    '--output pwned',
    '--o=pwned',
    '--ou=pwned',
    '--out=pwned',
    '--outp pwned',
    '--outpu=pwned',
    '-y -o pwned',
    '-y0 -o pwned',
    '-k1 -o pwned',
    '-t, -o pwned',
    '-S 1K -o pwned',
  ];
  for (const o of out) lines.push(`sort ${o} f.txt`, `sort f.txt ${o}`, `sort -u ${o} f.txt g.txt`);
  lines.push(
    'sort --compress-program=./evil.sh -S 1K f.txt',
    'sort --comp=./evil.sh f.txt',
    'sort -T . f.txt',
    'sort -Tsub f.txt',
    'sort --temp=. f.txt',
  );
  for (const primary of [
    '-exec touch pwned ;',
    '-execdir touch pwned ;',
    '-ok touch pwned ;',
    '-okdir touch pwned ;',
    '-fprint pwned',
    '-fprint0 pwned',
    '-fprintf pwned %p',
    '-fls pwned',
  ]) {
    lines.push(
      `find . ${primary}`,
      `find . -name f.txt ${primary}`,
      `find -L . -type f ${primary}`,
      `find . ( -name x -o ${primary} )`,
      `find sub -maxdepth 1 ${primary}`,
    );
  }
  const pager = [
    "-O'touch pwned'",
    "-nO'touch pwned'",
    "-iO'touch pwned'",
    '-nOtouch',
    "--open-files-in-pager='touch pwned'",
    '--open-files-in-pager=touch',
    "--open-f='touch pwned'",
    '--open-files-in-pager',
    '-O',
    '-Oecho',
  ];
  for (const p of pager) lines.push(`git grep ${p} line`, `git grep -e line ${p}`, `git grep line ${p} -- f.txt`);
  for (const o of [
    '--output=pwned',
    '--output pwned',
    '--out=pwned',
    '-p --ext-diff',
    '--ext-diff',
    '--textconv -p',
    '--show-signature',
    '--remerge-diff',
    '-Oorder -p',
    '--submodule=diff',
    '--submodule',
    '-c core.pager=sh',
    '--no-pager --output=pwned',
  ]) {
    lines.push(`git log ${o}`, `git diff ${o}`, `git show ${o}`);
  }
  lines.push(
    'git -c core.pager=./evil.sh log',
    'git -ccore.pager=./evil.sh log',
    'git --bare log',
    'git -p log',
    'git --paginate log',
    'git --exec-path=. status',
    'git --config-env=core.pager=PAGER log',
    'git -C sub status',
    'git --git-dir=.git log',
    'git tag -v v1',
    'git branch -D x',
    'git config x.y z',
    'git config --add x.y z',
    'git describe --dirty',
    'git cat-file --textconv HEAD:f.txt',
    'git cat-file --filters HEAD:f.txt',
    'git blame --contents g.txt f.txt',
    'git stash',
    'git reflog expire --all',
    'git help log',
    'git status --help',
    'git log --help',
  );
  for (const r of [
    '--pre ./evil.sh',
    '--pre=./evil.sh',
    '--pre=sh',
    '-z',
    '-nz',
    '-inzA1',
    '--search-zip',
    "--pre-glob '*'",
    '--hostname-bin=./evil.sh',
    '--pr=./evil.sh',
  ]) {
    lines.push(`rg ${r} line`, `rg line ${r}`, `rg -e line ${r} .`);
  }
  lines.push(
    'file -z f.txt.gz',
    'file -Z f.txt.gz',
    'file -zb f.txt.gz',
    'file --uncompress f.txt.gz',
    'file -C -m magic',
    'file --no-sandbox f.txt',
    'tree -o pwned',
    'tree -aL 1 -o pwned',
    'tree -La 1 -R',
    'diff -l f.txt g.txt',
    'diff --paginate f.txt g.txt',
    'diff --pag f.txt g.txt',
    'uniq f.txt pwned',
    'uniq -c f.txt pwned',
    'uniq -- f.txt pwned',
    "printf -v x 'a'",
    "printf -vx 'a'",
    'ls f.txt > pwned',
    'cat f.txt >> pwned',
    'ls | sh',
    'ls && touch pwned',
    'xargs touch < f.txt',
    'tee pwned < f.txt',
    'cp f.txt pwned',
    'ls $(touch pwned)',
    'ls `touch pwned`',
    'cat <(touch pwned)',
    'ls & touch pwned',
    './evil.sh',
    'ls; touch pwned',
    'bash -c "touch pwned"',
    'env touch pwned',
    'awk ARGV f.txt',
    'find . -delet?',
    'sort -[o] pwned f.txt',
  );
  return lines;
}
