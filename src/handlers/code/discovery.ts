// Which language servers can serve a workspace: the configured ones, then typescript-language-server
// and pyright found in the project (node_modules/.bin), toolwright's own install, or PATH. Cheap and
// synchronous (a few stats, cached briefly), so listing the tools can ask it.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CodeOptions, LanguageServerConfig } from '../../runtime/services/code.js';
import { isWithin } from '../../runtime/fs/workspace.js';

/** A server as the pool starts it. */
export interface ServerSpec {
  /** Stable identity: one running server per spec and workspace. */
  readonly key: string;
  /** A short name for messages (`typescript-language-server`, the configured program's name). */
  readonly name: string;
  /** The program (absolute) and its arguments. */
  readonly argv: readonly string[];
  readonly languages: readonly string[];
  /** Matches a workspace-relative path with `/` separators. */
  readonly covers: (relative: string) => boolean;
  readonly patterns: readonly string[];
  readonly initializationOptions?: unknown;
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Folders (real paths) the server must see read-only besides the workspace and system folders. */
  readonly readOnly: readonly string[];
  /** True when the program or what it loads lies inside the workspace: it runs only in the sandbox. */
  readonly fromWorkspace: boolean;
  /** How diagnostics are asked for. */
  readonly flavour: 'typescript' | 'pyright' | 'generic';
}

export interface Discovery {
  servers: ServerSpec[];
  /** Why each built-in server was not found (said when none is). */
  missing: string[];
}

const TS_PATTERNS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'];
const PY_PATTERNS = ['**/*.py', '**/*.pyi'];

/** LSP language ids by file extension, for servers that serve several. */
const LANGUAGE_OF_EXTENSION: Readonly<Record<string, string>> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.c': 'c',
  '.h': 'c',
  '.cpp': 'cpp',
  '.cc': 'cpp',
  '.hpp': 'cpp',
  '.rb': 'ruby',
  '.php': 'php',
  '.cs': 'csharp',
  '.kt': 'kotlin',
  '.swift': 'swift',
  '.lua': 'lua',
  '.zig': 'zig',
};

/** The language id a file is opened as by a server serving `languages`. */
export function languageOf(relative: string, languages: readonly string[]): string {
  const byExtension = LANGUAGE_OF_EXTENSION[path.extname(relative).toLowerCase()];
  return byExtension && languages.includes(byExtension) ? byExtension : (languages[0] ?? 'plaintext');
}

const cache = new Map<string, { at: number; found: Discovery }>();
const CACHE_MS = 5_000;

/** The servers that can serve `workspace`, configured ones first. */
export function discoverServers(
  workspace: string,
  options: Readonly<CodeOptions>,
  pathVar: string | undefined,
): Discovery {
  const id = JSON.stringify([workspace, options.servers ?? [], options.builtinServers ?? true, pathVar ?? '']);
  const cached = cache.get(id);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.found;
  const servers: ServerSpec[] = [];
  const missing: string[] = [];
  for (const [index, config] of (options.servers ?? []).entries()) {
    const spec = configuredServer(config, index, workspace, pathVar);
    if (typeof spec === 'string') missing.push(spec);
    else servers.push(spec);
  }
  if (options.builtinServers !== false) {
    for (const found of [typescriptServer(workspace, pathVar), pythonServer(workspace, pathVar)]) {
      if (typeof found === 'string') missing.push(found);
      else servers.push(found);
    }
  }
  const found = { servers, missing };
  if (cache.size > 64) cache.clear();
  cache.set(id, { at: Date.now(), found });
  return found;
}

function configuredServer(
  config: LanguageServerConfig,
  index: number,
  workspace: string,
  pathVar: string | undefined,
): ServerSpec | string {
  const argv = typeof config.command === 'string' ? [config.command] : [...(config.command ?? [])];
  const label = `code.servers[${index}]`;
  if (argv.length === 0 || argv.some((word) => typeof word !== 'string' || word === '' || word.includes('\0')))
    return `${label}: command must be a program name or a non-empty list of words`;
  if (!Array.isArray(config.languages) || config.languages.length === 0)
    return `${label}: languages must list the LSP language ids it serves`;
  if (!Array.isArray(config.filePatterns) || config.filePatterns.length === 0)
    return `${label}: filePatterns must list the globs of the files it serves`;
  const program = path.isAbsolute(argv[0]!) ? argv[0]! : onPath(argv[0]!, pathVar);
  if (!program || !isExecutableFile(program))
    return `${label}: ${argv[0]} was not found (on PATH or as an absolute path)`;
  const real = realOrSelf(program);
  const languages: readonly string[] = config.languages;
  const filePatterns: readonly string[] = config.filePatterns;
  return {
    key: JSON.stringify(['configured', real, argv.slice(1), languages, filePatterns]),
    name: path.basename(argv[0]!),
    argv: [real, ...argv.slice(1)],
    languages: [...languages],
    patterns: [...filePatterns],
    covers: globMatcher(filePatterns),
    initializationOptions: config.initializationOptions,
    settings: config.settings,
    // The program's folder, and the files (not folders) its arguments name: a script it runs.
    readOnly: [
      path.dirname(real),
      ...argv
        .slice(1)
        .filter((word) => path.isAbsolute(word) && isFile(word))
        .map(realOrSelf),
    ],
    fromWorkspace: [real, ...argv.slice(1).filter((word) => path.isAbsolute(word))].some((file) =>
      isWithin(realOrSelf(file), workspace),
    ),
    flavour: 'generic',
  };
}

/** typescript-language-server, with the JavaScript `typescript` package (5.x) it drives. */
function typescriptServer(workspace: string, pathVar: string | undefined): ServerSpec | string {
  const script = packageScript('typescript-language-server', 'lib/cli.mjs', workspace, pathVar);
  if (!script)
    return 'typescript-language-server was not found (npm install typescript-language-server@5 typescript@5, in the project or beside toolwright)';
  const tsserver = tsserverPath(workspace, script, pathVar);
  if (!tsserver)
    return 'typescript-language-server needs the JavaScript typescript package 5.x (npm install typescript@5); TypeScript 7 has no tsserver';
  const libDir = path.dirname(tsserver);
  return {
    key: JSON.stringify(['typescript', script, tsserver]),
    name: 'typescript-language-server',
    argv: [process.execPath, script, '--stdio'],
    languages: ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'],
    patterns: TS_PATTERNS,
    covers: globMatcher(TS_PATTERNS),
    initializationOptions: {
      tsserver: { path: tsserver },
      // No typings download (the sandbox has no network anyway) and no log files in the workspace.
      disableAutomaticTypingAcquisition: true,
      preferences: { includeCompletionsForModuleExports: false },
    },
    readOnly: [packageRoot(script), path.dirname(libDir)],
    fromWorkspace: isWithin(script, workspace) || isWithin(tsserver, workspace),
    flavour: 'typescript',
  };
}

function pythonServer(workspace: string, pathVar: string | undefined): ServerSpec | string {
  const script = packageScript('pyright', 'langserver.index.js', workspace, pathVar, 'pyright-langserver');
  if (!script) return 'pyright was not found (npm install pyright, in the project or beside toolwright)';
  return {
    key: JSON.stringify(['pyright', script]),
    name: 'pyright',
    argv: [process.execPath, script, '--stdio'],
    languages: ['python'],
    patterns: PY_PATTERNS,
    covers: globMatcher(PY_PATTERNS),
    settings: { python: { analysis: { diagnosticMode: 'openFilesOnly', autoSearchPaths: true } } },
    readOnly: [packageRoot(script)],
    fromWorkspace: isWithin(script, workspace),
    flavour: 'pyright',
  };
}

/**
 * A package's entry script, real path: from the project's node_modules, toolwright's own install,
 * then a program on PATH (`bin`, default the package name) that is a link into that package.
 */
function packageScript(
  name: string,
  entry: string,
  workspace: string,
  pathVar: string | undefined,
  bin = name,
): string | undefined {
  const candidates = [path.join(workspace, 'node_modules', name, entry)];
  try {
    candidates.push(path.join(path.dirname(ownRequire().resolve(`${name}/package.json`)), entry));
  } catch {
    // not installed beside toolwright
  }
  const onPathBin = onPath(bin, pathVar);
  if (onPathBin) {
    const real = realOrSelf(onPathBin);
    candidates.push(path.join(packageRoot(real), entry));
  }
  for (const candidate of candidates) if (isFile(candidate)) return realOrSelf(candidate);
  return undefined;
}

/** tsserver.js of a TypeScript 5.x or older: the project's, the one beside the server, toolwright's, PATH's. */
function tsserverPath(workspace: string, serverScript: string, pathVar: string | undefined): string | undefined {
  const candidates = [path.join(workspace, 'node_modules', 'typescript', 'lib', 'tsserver.js')];
  for (const from of [serverScript, fileOfThisModule()]) {
    try {
      candidates.push(
        path.join(path.dirname(createRequire(from).resolve('typescript/package.json')), 'lib', 'tsserver.js'),
      );
    } catch {
      // none there
    }
  }
  const tsserverBin = onPath('tsserver', pathVar);
  if (tsserverBin) candidates.push(path.join(packageRoot(realOrSelf(tsserverBin)), 'lib', 'tsserver.js'));
  for (const candidate of candidates) if (isFile(candidate)) return realOrSelf(candidate);
  return undefined;
}

/** The folder holding the package.json nearest above a file. */
function packageRoot(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      try {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
        if (typeof manifest.name === 'string') return dir;
      } catch {
        // not a package manifest
      }
    }
  }
  return path.dirname(file);
}

function fileOfThisModule(): string {
  return new URL(import.meta.url).pathname;
}

let required: NodeJS.Require | undefined;
function ownRequire(): NodeJS.Require {
  return (required ??= createRequire(import.meta.url));
}

export function onPath(program: string, pathVar: string | undefined): string | undefined {
  if (program.includes('/')) return undefined;
  for (const dir of (pathVar ?? '').split(':')) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, program);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isExecutableFile(file: string): boolean {
  try {
    const stats = statSync(file);
    return stats.isFile() && (stats.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * A matcher for globs over workspace-relative paths: `**` crosses folders, `*` and `?` stay within
 * one, `{a,b}` alternatives; a pattern without `/` matches the file name at any depth.
 */
export function globMatcher(patterns: readonly string[]): (relative: string) => boolean {
  const regexes = patterns.map((pattern) => globRegex(pattern.includes('/') ? pattern : `**/${pattern}`));
  return (relative) => regexes.some((regex) => regex.test(relative));
}

function globRegex(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else if (char === '{') out += '(?:';
    else if (char === '}') out += ')';
    else if (char === ',' && out.includes('(?:')) out += '|';
    else out += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}
