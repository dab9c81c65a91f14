// Models of the coreutils-style inspection programs: each one's getopt table (optstring and long
// options, as the GNU binaries define them) and what its options do. None of these programs writes
// or runs anything through an option not refused here; the strict entries keep reads inside the
// workspace when no sandbox does.
import { getopt } from './options.js';
import { has, optionModel, type FolderUse, type Model, type PathUse } from './model.js';
import type { ParsedOption } from './options.js';
import type { Word } from '../words.js';

const FOLLOWS = 'follows symbolic links into folders (possibly outside the workspace)';
const LISTS = 'reads file names from a list file, which the classifier cannot see';
const CHECKS = 'reads the files a checksum list names, which the classifier cannot see';

const checksum = (optstring: string, long: string): Model =>
  optionModel({ grammar: getopt(optstring, long), strict: { c: CHECKS }, unknownReads: { c: CHECKS } });
const FILES0 = 'reads the names of the files it opens from a list file';

/** ls lists a folder's entries (every level with -R; dot files with -a, -A or -f), unless -d. */
const lsFolder = (options: ParsedOption[]): FolderUse | undefined =>
  has(options, 'd')
    ? undefined
    : {
        reads: 'names',
        depth: has(options, 'R') ? Infinity : 1,
        dotfiles: has(options, 'a', 'A', 'f'),
        follows: has(options, 'L'),
      };
const SUM_LONG = 'check/c ignore-missing quiet status warn/w strict tag zero/z binary/b text/t help version';

export const COREUTILS: Record<string, Model> = {
  ls: optionModel({
    grammar: getopt(
      'abcdfghiklmnopqrstuvw:xABCDFGHI:LNQRST:UXZ1',
      'all/a escape/b directory/d dired/D full-time group-directories-first human-readable/h inode/i ' +
        'kibibytes/k numeric-uid-gid/n no-group/G hide-control-chars/q reverse/r size/s width=/w almost-all/A ignore-backups/B classify=?/F file-type si ' +
        'dereference-command-line/H dereference-command-line-symlink-to-dir hide= ignore=/I indicator-style= dereference/L literal/N quote-name/Q quoting-style= ' +
        'recursive/R format= show-control-chars sort= tabsize=/T time= time-style= zero color=? hyperlink=? block-size= context/Z author help version',
    ),
    strict: { L: FOLLOWS },
    folders: lsFolder,
    walksCwd: () => true,
  }),
  cat: optionModel({
    grammar: getopt(
      'benstuvAET',
      'number-nonblank/b number/n squeeze-blank/s show-nonprinting/v show-ends/E show-tabs/T show-all/A help version',
    ),
  }),
  head: optionModel({
    grammar: getopt(
      'c:n:qvz0123456789',
      'bytes=/c lines=/n -presume-input-pipe quiet/q silent/q verbose/v zero-terminated/z help version',
      { obsoleteFirst: /^-[0-9]+[bcklmqvz]*$/ },
    ),
  }),
  tail: optionModel({
    grammar: getopt(
      'c:n:fFqs:vz0123456789',
      'bytes=/c follow=? lines=/n max-unchanged-stats= -disable-inotify pid= -presume-input-pipe quiet/q retry silent/q ' +
        'sleep-interval=/s verbose/v zero-terminated/z help version',
      { obsoleteFirst: /^-[0-9]+[bcl]?f?$/ },
    ),
  }),
  wc: optionModel({
    grammar: getopt('clLmw', 'bytes/c chars/m lines/l words/w debug files0-from= max-line-length/L help version'),
    strict: { 'files0-from': LISTS },
    unknownReads: { 'files0-from': FILES0 },
  }),
  basename: optionModel({ grammar: getopt('+as:z', 'multiple/a suffix=/s zero/z help version'), operands: 'data' }),
  dirname: optionModel({ grammar: getopt('z', 'zero/z help version'), operands: 'data' }),
  realpath: optionModel({
    grammar: getopt(
      'eLmPqsz',
      'canonicalize-existing/e canonicalize-missing/m relative-to= relative-base= quiet/q strip/s no-symlinks/s zero/z logical/L physical/P help version',
    ),
    pathValues: ['relative-to', 'relative-base'],
  }),
  readlink: optionModel({
    grammar: getopt(
      'efmnqsvz',
      'canonicalize/f canonicalize-existing/e canonicalize-missing/m no-newline/n quiet/q silent/s verbose/v zero/z help version',
    ),
  }),
  stat: optionModel({
    grammar: getopt('c:fLt', 'dereference/L file-system/f format=/c printf= terse/t cached= help version'),
  }),
  du: optionModel({
    grammar: getopt(
      '0abd:chHklmst:xB:DLPSX:',
      'all/a apparent-size block-size=/B bytes/b count-links/l dereference/L dereference-args/D exclude= exclude-from=/X ' +
        'files0-from= human-readable/h inodes si max-depth=/d null/0 no-dereference/P one-file-system/x separate-dirs/S summarize/s total/c threshold=/t time=? time-style= help version',
    ),
    strict: { L: FOLLOWS, 'files0-from': LISTS },
    pathValues: ['X'],
    unknownReads: { 'files0-from': FILES0 },
    // Sizes every file below a folder and prints the names of the folders (of every file with -a).
    folders: (options) =>
      has(options, 's') ? undefined : { reads: 'names', depth: Infinity, dotfiles: true, follows: has(options, 'L') },
    walksCwd: () => true,
  }),
  df: optionModel({
    grammar: getopt(
      'aB:iF:hHklmPTt:vx:',
      'all/a block-size=/B inodes/i human-readable/h si/H local/l output=? portability/P print-type/T sync no-sync total type=/t exclude-type=/x help version',
    ),
  }),
  tr: optionModel({
    grammar: getopt('+AcCdst', 'complement/c delete/d squeeze-repeats/s truncate-set1/t help version'),
    operands: 'data',
  }),
  cut: optionModel({
    grammar: getopt(
      'b:c:d:f:nsz',
      'bytes=/b characters=/c fields=/f delimiter=/d only-delimited/s output-delimiter= complement zero-terminated/z help version',
    ),
  }),
  nl: optionModel({
    grammar: getopt(
      'h:b:f:v:i:pl:s:w:n:d:',
      'header-numbering=/h body-numbering=/b footer-numbering=/f starting-line-number=/v line-increment=/i no-renumber/p ' +
        'join-blank-lines=/l number-separator=/s number-width=/w number-format=/n section-delimiter=/d help version',
    ),
  }),
  rev: optionModel({ grammar: getopt('Vh', 'version/V help/h') }),
  fold: optionModel({
    grammar: getopt('bsw:0::1::2::3::4::5::6::7::8::9::', 'bytes/b spaces/s width=/w help version'),
  }),
  paste: optionModel({ grammar: getopt('d:sz', 'serial/s delimiters=/d zero-terminated/z help version') }),
  join: optionModel({
    grammar: getopt(
      '-a:e:i1:2:j:o:t:v:z',
      'ignore-case/i check-order nocheck-order zero-terminated/z header help version',
    ),
  }),
  comm: optionModel({
    grammar: getopt('123z', 'check-order nocheck-order output-delimiter= total zero-terminated/z help version'),
  }),
  cmp: optionModel({
    grammar: getopt(
      'bci:ln:sv',
      'print-bytes/b print-chars/c ignore-initial=/i verbose/l bytes=/n silent/s quiet/s version/v help',
    ),
  }),
  diff: optionModel({
    grammar: getopt(
      '0123456789abBcC:dD:eEfF:hHiI:lL:nNpPqrsS:tTuU:vwW:x:X:yZ',
      'binary brief/q changed-group-format= color=? context=?/C ed/e exclude=/x ' +
        'exclude-from=/X expand-tabs/t forward-ed/f from-file= help horizon-lines= ifdef=/D ignore-all-space/w ignore-blank-lines/B ignore-case/i ignore-file-name-case ' +
        'ignore-matching-lines=/I ignore-space-change/b ignore-tab-expansion/E ignore-trailing-space/Z inhibit-hunk-merge initial-tab/T label=/L left-column line-format= ' +
        'minimal/d new-file/N new-group-format= new-line-format= no-dereference no-ignore-file-name-case normal old-group-format= old-line-format= paginate/l palette= ' +
        'rcs/n recursive/r report-identical-files/s sdiff-merge-assist show-c-function/p show-function-line=/F side-by-side/y speed-large-files/H starting-file=/S ' +
        'strip-trailing-cr suppress-blank-empty suppress-common-lines tabsize= text/a to-file= unchanged-group-format= unchanged-line-format= ' +
        'unidirectional-new-file/P unified=?/U version/v width=/W -presume-output-tty',
    ),
    refuse: { l: 'runs the program pr on the output' },
    pathValues: ['X'],
    // Two folders: the files in both are compared (every level with -r), their contents printed.
    folders: (options) => ({
      reads: 'contents',
      depth: has(options, 'r') ? Infinity : 1,
      dotfiles: true,
      follows: !has(options, 'no-dereference'),
    }),
    // diff follows symbolic links inside the folders it compares unless told not to.
    check: (options, operands, ctx) => {
      const noDirectory =
        ctx.strict && !has(options, 'no-dereference')
          ? 'diff follows the symbolic links in a folder it compares; add --no-dereference'
          : undefined;
      const words = [
        ...operands,
        ...options
          .filter((o) => o.id === 'from-file' || o.id === 'to-file')
          .map((o) => o.valueWord ?? { text: o.value ?? '', dynamic: false, raw: o.value ?? '' }),
      ];
      return { paths: words.map((word): PathUse => (noDirectory ? { word, noDirectory } : { word })) };
    },
  }),
  tac: optionModel({ grammar: getopt('brs:', 'before/b regex/r separator=/s help version') }),
  column: optionModel({
    grammar: getopt(
      'c:dE:eH:hi:Jl:LN:n:O:o:p:R:r:s:T:tVW:x',
      'columns=/c fillrows/x help/h json/J keep-empty-lines/L output-separator=/o output-width=/c separator=/s ' +
        'table/t table-columns=/N table-columns-limit=/l table-hide=/H table-name=/n table-noextreme=/E table-noheadings/d table-order=/O table-right=/R ' +
        'table-truncate=/T table-wrap=/W table-empty-lines/L table-header-repeat/e tree=/r tree-id=/i tree-parent=/p version/V',
    ),
  }),
  whoami: optionModel({ grammar: getopt('', 'help version'), operands: 'data' }),
  id: optionModel({
    grammar: getopt('agnruzGZ', 'context/Z group/g groups/G name/n real/r user/u zero/z help version'),
    operands: 'data',
  }),
  uname: optionModel({
    grammar: getopt(
      'asnrvmpio',
      'all/a kernel-name/s sysname/s nodename/n kernel-release/r release/r kernel-version/v machine/m processor/p hardware-platform/i operating-system/o help version',
    ),
    operands: 'data',
  }),
  printenv: optionModel({ grammar: getopt('+0', 'null/0 help version'), operands: 'data' }),
  // seq reads a word that starts with `-` and a digit or `.` as a negative number.
  seq: optionModel({
    grammar: getopt('+f:s:w', 'equal-width/w format=/f separator=/s help version', { operandLike: /^-[0-9.]/ }),
    operands: 'data',
  }),
  md5sum: checksum('bctwz', SUM_LONG),
  sha1sum: checksum('bctwz', SUM_LONG),
  sha256sum: checksum('bctwz', SUM_LONG),
  sha512sum: checksum('bctwz', SUM_LONG),
  cksum: checksum(
    'a:l:bctwz',
    'length=/l check/c ignore-missing quiet status warn/w strict tag zero/z algorithm=/a debug untagged help version',
  ),
  base64: optionModel({ grammar: getopt('diw:', 'decode/d wrap=/w ignore-garbage/i help version') }),
  od: optionModel({
    grammar: getopt(
      'A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx',
      'skip-bytes=/j address-radix=/A read-bytes=/N format=/t output-duplicates/v strings=?/S traditional width=?/w endian= help version',
    ),
  }),
  hexdump: optionModel({
    grammar: getopt(
      'bcCde:f:L::n:os:vxhV',
      'one-byte-octal/b one-byte-char/c canonical/C two-bytes-decimal/d two-bytes-octal/o two-bytes-hex/x format=/e format-file=/f ' +
        'color=?/L length=/n skip=/s no-squeezing/v help/h version/V',
    ),
    pathValues: ['f'],
  }),
  strings: optionModel({
    grammar: getopt(
      'adfhHn:wot:e:T:s:U:Vv0123456789',
      'all/a bytes=/n data/d encoding=/e help/h include-all-whitespace/w output-separator=/s print-file-name/f radix=/t ' +
        'target=/T unicode=/U version/v',
    ),
    // binutils reads a word `@FILE` as more arguments from FILE (before its options are parsed): a
    // file read whose contents name further files the model cannot see.
    check: (options, operands) => {
      const words = [...operands, ...options.flatMap((option) => (option.valueWord ? [option.valueWord] : []))];
      const given = words.find(mayStartWithAt);
      return given
        ? `${given.raw}: strings reads a word that starts with @ as a file of more arguments, which the model cannot see`
        : undefined;
    },
  }),
  date: optionModel({
    grammar: getopt(
      'd:f:I::r:Rs:u',
      'date=/d debug file=/f iso-8601=?/I reference=/r resolution rfc-email/R rfc-822/R rfc-2822/R rfc-3339= set=/s uct/u utc/u universal/u help version',
    ),
    refuse: { s: 'sets the system clock' },
    pathValues: ['f', 'r'],
    check: (_options, operands) =>
      operands.some((w) => !w.text.startsWith('+'))
        ? 'a date operand that is not +FORMAT sets the clock'
        : { paths: [] },
  }),
  // sort's -y (ignored, for old Solaris scripts) takes the next word only if it is all digits:
  // `sort -y -o FILE` writes FILE. It is left out, so it is refused.
  sort: optionModel({
    grammar: getopt(
      '-bcCdfghik:mMno:rRsS:t:T:uVz',
      'ignore-leading-blanks/b check=? compress-program= debug dictionary-order/d ignore-case/f files0-from= ' +
        'general-numeric-sort/g ignore-nonprinting/i key=/k merge/m month-sort/M numeric-sort/n human-numeric-sort/h version-sort/V random-sort/R random-source= sort= ' +
        'output=/o reverse/r stable/s batch-size= buffer-size=/S field-separator=/t temporary-directory=/T unique/u zero-terminated/z parallel= help version',
    ),
    refuse: {
      o: 'writes a file (the sorted output)',
      'compress-program': 'runs a program on its temporary files',
      T: 'writes temporary files into the folder it names',
    },
    strict: { 'files0-from': LISTS },
    pathValues: ['random-source'],
    unknownReads: { 'files0-from': FILES0 },
  }),
  uniq: optionModel({
    grammar: getopt(
      '-0123456789Dcdf:is:uw:z',
      'count/c repeated/d all-repeated=?/D group=? ignore-case/i unique/u skip-fields=/f skip-chars=/s check-chars=/w zero-terminated/z help version',
    ),
    check: (_options, operands) =>
      operands.length > 1 ? 'a second file operand is an output file uniq writes' : { paths: operands },
  }),
  file: optionModel({
    grammar: getopt(
      'bcCde:Ef:F:hiklLm:nNpP:rsSvzZ0',
      'help version/v magic-file=/m uncompress/z uncompress-noreport/Z brief/b checking-printout/c exclude=/e ' +
        'exclude-quiet= files-from=/f separator=/F mime/i apple extension mime-type mime-encoding keep-going/k list/l dereference/L no-dereference/h no-buffer/n ' +
        'no-pad/N print0/0 preserve-date/p parameter=/P raw/r special-files/s no-sandbox/S compile/C debug/d',
    ),
    refuse: {
      C: 'writes a compiled magic file',
      z: 'may run decompression programs',
      Z: 'may run decompression programs',
      S: "turns off file's own sandbox",
    },
    strict: { f: LISTS },
    pathValues: ['m'],
    unknownReads: { f: FILES0 },
  }),
};

/** A word that is, or may expand to, one starting with `@` (a glob or a variable with no literal lead). */
function mayStartWithAt(word: Word): boolean {
  if (!word.dynamic) return word.text.startsWith('@');
  return !word.lead || word.lead.startsWith('@');
}
