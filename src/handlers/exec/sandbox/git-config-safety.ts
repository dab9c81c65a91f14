/**
 * Whether a git config a sandboxed command wrote is safe to leave for the host's git: every key
 * must be one that `git init`, `clone`, `remote add` or `submodule init` writes and that names no
 * program. Anything else (core.fsmonitor, core.pager, core.hooksPath, core.sshCommand, drivers,
 * include.path, alias.*, credential.helper, gpg.program…) or a line that cannot be read is unsafe.
 */
const SAFE_KEYS = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.symlinks',
  'core.autocrlf',
  'core.eol',
  'core.safecrlf',
  'core.quotepath',
  'extensions.objectformat',
  'init.defaultbranch',
  'user.name',
  'user.email',
]);
/** Keys of named subsections ("remote.origin.url" → "remote.*.url"). */
const SAFE_SUBSECTION_KEYS = new Set([
  'remote.*.url',
  'remote.*.pushurl',
  'remote.*.fetch',
  'branch.*.remote',
  'branch.*.merge',
  'submodule.*.url',
  'submodule.*.active',
]);

/** The first unsafe key (as `section.key`), or undefined when every entry is safe. */
export function unsafeGitConfigKey(text: string): string | undefined {
  let section: string | undefined;
  let subsection = false;
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.endsWith('\\')) return 'a continued line';
    if (line.startsWith('[')) {
      const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
      if (!header) return 'a section header toolwright cannot read';
      const name = header[1]!.toLowerCase();
      // [section.sub] is the old spelling of [section "sub"].
      const dot = name.indexOf('.');
      section = dot === -1 ? name : name.slice(0, dot);
      subsection = header[2] !== undefined || dot !== -1;
      line = line.slice(header[0].length).trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    }
    if (section === undefined) return 'an entry outside any section';
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) return `an entry of [${section}] toolwright cannot read`;
    const key = `${section}.${entry[1]!.toLowerCase()}`;
    const value = (entry[2] ?? '').replace(/^"|"$/g, '');
    const safe = subsection ? SAFE_SUBSECTION_KEYS.has(`${section}.*.${entry[1]!.toLowerCase()}`) : SAFE_KEYS.has(key);
    if (!safe) return subsection ? `${section}.<name>.${entry[1]!.toLowerCase()}` : key;
    // ext:: URLs run a command when fetched from.
    if (/url$/.test(key) && /^ext::/i.test(value.trim())) return `${key} = ext::…`;
  }
  return undefined;
}
