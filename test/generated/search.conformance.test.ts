// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "search",
  "operations": [
    {
      "id": "search.glob",
      "provider": "search",
      "name": "glob",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Find files by name pattern",
        "errors": [
          "INVALID_PATTERN",
          "NOT_FOUND",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "pattern",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "pattern",
            "input": {
              "pattern": 12345
            }
          },
          {
            "field": "path",
            "input": {
              "pattern": "**/*.md",
              "path": 12345
            }
          },
          {
            "field": "limit",
            "input": {
              "pattern": "**/*.md",
              "limit": "not a number"
            }
          },
          {
            "field": "offset",
            "input": {
              "pattern": "**/*.md",
              "offset": "not a number"
            }
          },
          {
            "field": "include_ignored",
            "input": {
              "pattern": "**/*.md",
              "include_ignored": "yes"
            }
          }
        ],
        "unknown": {
          "pattern": "**/*.md",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "finds files at any depth",
          "files": {
            "src/a.ts": "a",
            "src/lib/b.ts": "b",
            "README.md": "# r"
          },
          "input": {
            "pattern": "**/*.md"
          },
          "expect": {
            "output": {
              "files": [
                "README.md"
              ],
              "truncated": false,
              "total": 1
            },
            "text_contains": "README.md"
          }
        },
        {
          "name": "a single star stays in the folder given by path",
          "files": {
            "src/a.ts": "a",
            "src/lib/b.ts": "b"
          },
          "input": {
            "pattern": "*.ts",
            "path": "src"
          },
          "expect": {
            "output": {
              "files": [
                "src/a.ts"
              ],
              "truncated": false
            }
          }
        },
        {
          "name": "skips gitignored files and the .git folder",
          "files": {
            ".gitignore": "build/\n",
            "build/out.js": "x",
            "src/app.js": "y",
            ".git/hooks/pre.js": "z"
          },
          "input": {
            "pattern": "**/*.js"
          },
          "expect": {
            "output": {
              "files": [
                "src/app.js"
              ],
              "truncated": false
            }
          }
        },
        {
          "name": "include_ignored lists ignored files too",
          "files": {
            ".gitignore": "build/\n",
            "build/out.js": "x"
          },
          "input": {
            "pattern": "build/*.js",
            "include_ignored": true
          },
          "expect": {
            "output": {
              "files": [
                "build/out.js"
              ]
            }
          }
        },
        {
          "name": "includes dot files",
          "files": {
            ".env.example": "A=1",
            "config/.eslintrc.json": "{}"
          },
          "input": {
            "pattern": "**/.*"
          },
          "expect": {
            "output": {
              "total": 2,
              "truncated": false
            }
          }
        },
        {
          "name": "a literal name with brackets still matches",
          "files": {
            "pages/[id].tsx": "export {}"
          },
          "input": {
            "pattern": "pages/[id].tsx"
          },
          "expect": {
            "output": {
              "files": [
                "pages/[id].tsx"
              ]
            }
          }
        },
        {
          "name": "limit truncates and reports the total",
          "files": {
            "a.txt": "1",
            "b.txt": "2",
            "c.txt": "3"
          },
          "input": {
            "pattern": "*.txt",
            "limit": 2
          },
          "expect": {
            "output": {
              "truncated": true,
              "total": 3
            },
            "text_contains": "limit"
          }
        },
        {
          "name": "missing folder is NOT_FOUND",
          "input": {
            "pattern": "*",
            "path": "nowhere"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "a file as path is NOT_DIRECTORY",
          "files": {
            "a.txt": "x"
          },
          "input": {
            "pattern": "*",
            "path": "a.txt"
          },
          "expect": {
            "error": "NOT_DIRECTORY"
          }
        },
        {
          "name": "a folder outside the workspace is refused",
          "input": {
            "pattern": "*",
            "path": "../"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "a blank pattern is refused",
          "input": {
            "pattern": "  "
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "brace alternatives that leave the workspace are refused",
          "files": {
            "a/x.txt": "x"
          },
          "input": {
            "pattern": "{a,b}/{.,.}./{.,.}./etc/*"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "braces that expand past 1024 alternatives are refused",
          "input": {
            "pattern": "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"
          },
          "expect": {
            "error": "INVALID_PATTERN"
          }
        }
      ]
    },
    {
      "id": "search.grep",
      "provider": "search",
      "name": "grep",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "longRunning": true,
        "title": "Search file contents",
        "errors": [
          "INVALID_PATTERN",
          "NOT_FOUND",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "TIMEOUT",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "pattern",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "pattern",
            "input": {
              "pattern": 12345
            }
          },
          {
            "field": "path",
            "input": {
              "pattern": "TODO",
              "path": 12345
            }
          },
          {
            "field": "glob",
            "input": {
              "pattern": "TODO",
              "glob": 12345
            }
          },
          {
            "field": "case_insensitive",
            "input": {
              "pattern": "TODO",
              "case_insensitive": "yes"
            }
          },
          {
            "field": "fixed_strings",
            "input": {
              "pattern": "TODO",
              "fixed_strings": "yes"
            }
          },
          {
            "field": "multiline",
            "input": {
              "pattern": "TODO",
              "multiline": "yes"
            }
          },
          {
            "field": "context",
            "input": {
              "pattern": "TODO",
              "context": "not a number"
            }
          },
          {
            "field": "output_mode",
            "input": {
              "pattern": "TODO",
              "output_mode": 987654321
            }
          },
          {
            "field": "max_results",
            "input": {
              "pattern": "TODO",
              "max_results": "not a number"
            }
          },
          {
            "field": "offset",
            "input": {
              "pattern": "TODO",
              "offset": "not a number"
            }
          },
          {
            "field": "include_ignored",
            "input": {
              "pattern": "TODO",
              "include_ignored": "yes"
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "pattern": "TODO",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "pattern": "TODO",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "finds matching lines with their line numbers",
          "files": {
            "src/a.ts": "const x = 1;\n// TODO: fix this\n",
            "src/b.ts": "nothing here\n"
          },
          "input": {
            "pattern": "TODO"
          },
          "expect": {
            "output": {
              "matches": [
                {
                  "path": "src/a.ts",
                  "line": 2,
                  "text": "// TODO: fix this"
                }
              ],
              "truncated": false
            },
            "text_contains": "src/a.ts:2: // TODO: fix this"
          }
        },
        {
          "name": "lists only the files that match",
          "files": {
            "a.txt": "needle\nneedle\n",
            "b.txt": "hay\n"
          },
          "input": {
            "pattern": "needle",
            "output_mode": "files_with_matches"
          },
          "expect": {
            "output": {
              "files": [
                "a.txt"
              ],
              "truncated": false
            }
          }
        },
        {
          "name": "counts matching lines per file",
          "files": {
            "a.txt": "x1\nx2\ny\n"
          },
          "input": {
            "pattern": "x\\d",
            "output_mode": "count"
          },
          "expect": {
            "output": {
              "counts": [
                {
                  "path": "a.txt",
                  "count": 2
                }
              ],
              "truncated": false
            }
          }
        },
        {
          "name": "returns context lines before and after",
          "files": {
            "a.txt": "one\ntwo\nthree\nfour\nfive\n"
          },
          "input": {
            "pattern": "three",
            "context": 1
          },
          "expect": {
            "output": {
              "matches": [
                {
                  "line": 3,
                  "text": "three",
                  "before": [
                    "two"
                  ],
                  "after": [
                    "four"
                  ]
                }
              ]
            }
          }
        },
        {
          "name": "filters by glob and ignores case",
          "files": {
            "doc.md": "Hello World\n",
            "code.ts": "hello world\n"
          },
          "input": {
            "pattern": "HELLO",
            "case_insensitive": true,
            "glob": "*.md"
          },
          "expect": {
            "output": {
              "matches": [
                {
                  "path": "doc.md",
                  "line": 1
                }
              ]
            }
          }
        },
        {
          "name": "fixed_strings takes regex characters literally",
          "files": {
            "a.js": "call(a.b)\ncallXaYb\n"
          },
          "input": {
            "pattern": "(a.b)",
            "fixed_strings": true
          },
          "expect": {
            "output": {
              "matches": [
                {
                  "line": 1,
                  "text": "call(a.b)"
                }
              ]
            }
          }
        },
        {
          "name": "skips gitignored files",
          "files": {
            ".gitignore": "dist/\n",
            "dist/x.js": "needle\n",
            "src/x.js": "needle\n"
          },
          "input": {
            "pattern": "needle",
            "output_mode": "files_with_matches"
          },
          "expect": {
            "output": {
              "files": [
                "src/x.js"
              ]
            }
          }
        },
        {
          "name": "no match is an empty result, not an error",
          "files": {
            "a.txt": "abc\n"
          },
          "input": {
            "pattern": "zzz"
          },
          "expect": {
            "output": {
              "matches": [],
              "truncated": false
            },
            "text_contains": "No matches"
          }
        },
        {
          "name": "an invalid regular expression is INVALID_PATTERN",
          "files": {
            "a.txt": "abc\n"
          },
          "input": {
            "pattern": "foo("
          },
          "expect": {
            "error": "INVALID_PATTERN"
          }
        },
        {
          "name": "missing path is NOT_FOUND",
          "input": {
            "pattern": "x",
            "path": "missing.txt"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "a path outside the workspace is refused",
          "input": {
            "pattern": "x",
            "path": "/etc"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    }
  ]
});
