// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "filesystem",
  "operations": [
    {
      "id": "filesystem.read_file",
      "provider": "filesystem",
      "name": "read_file",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Read file",
        "errors": [
          "NOT_FOUND",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "BINARY_FILE",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "TOO_LARGE",
          "UNSUPPORTED_CONTENT",
          "TIMEOUT",
          "STALE_FILE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "path",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345
            }
          },
          {
            "field": "offset",
            "input": {
              "path": "notes.txt",
              "offset": "not a number"
            }
          },
          {
            "field": "limit",
            "input": {
              "path": "notes.txt",
              "limit": "not a number"
            }
          },
          {
            "field": "line_numbers",
            "input": {
              "path": "notes.txt",
              "line_numbers": "yes"
            }
          },
          {
            "field": "count_lines",
            "input": {
              "path": "notes.txt",
              "count_lines": "yes"
            }
          },
          {
            "field": "pages",
            "input": {
              "path": "notes.txt",
              "pages": 12345
            }
          }
        ],
        "unknown": {
          "path": "notes.txt",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "reads a whole small file with line numbers",
          "files": {
            "notes.txt": "alpha\nbeta\ngamma\n"
          },
          "input": {
            "path": "notes.txt"
          },
          "expect": {
            "output": {
              "path": "notes.txt",
              "content": "     1\talpha\n     2\tbeta\n     3\tgamma",
              "start_line": 1,
              "end_line": 3,
              "total_lines": 3,
              "truncated": false
            }
          }
        },
        {
          "name": "reads a window without line numbers",
          "files": {
            "src/a.ts": "l1\nl2\nl3\nl4\nl5\n"
          },
          "input": {
            "path": "src/a.ts",
            "offset": 2,
            "limit": 2,
            "line_numbers": false
          },
          "expect": {
            "output": {
              "content": "l2\nl3",
              "start_line": 2,
              "end_line": 3,
              "total_lines": 5,
              "truncated": true,
              "next_offset": 4
            },
            "text_contains": "\"offset\":4"
          }
        },
        {
          "name": "shows CRLF files as plain lines",
          "files": {
            "win.txt": "one\r\ntwo\r\n"
          },
          "input": {
            "path": "win.txt",
            "line_numbers": false
          },
          "expect": {
            "output": {
              "content": "one\ntwo",
              "total_lines": 2
            }
          }
        },
        {
          "name": "decodes UTF-16LE with a BOM",
          "files": {
            "u16.txt": {
              "base64": "//5oAGkACgA="
            }
          },
          "input": {
            "path": "u16.txt",
            "line_numbers": false
          },
          "expect": {
            "output": {
              "content": "hi",
              "encoding": "utf-16le",
              "total_lines": 1
            }
          }
        },
        {
          "name": "missing file suggests similar names",
          "files": {
            "config.json": "{}"
          },
          "input": {
            "path": "confg.json"
          },
          "expect": {
            "error": "NOT_FOUND",
            "text_contains": "config.json"
          }
        },
        {
          "name": "refuses a directory",
          "files": {
            "dir": {
              "dir": true
            }
          },
          "input": {
            "path": "dir"
          },
          "expect": {
            "error": "IS_DIRECTORY"
          }
        },
        {
          "name": "refuses a binary file",
          "files": {
            "data.bin": {
              "base64": "f0VMRgIBAQAAAAAAAAAAAAIAPgABAAAAAAAAAA=="
            }
          },
          "input": {
            "path": "data.bin"
          },
          "expect": {
            "error": "BINARY_FILE"
          }
        },
        {
          "name": "refuses a path outside the workspace",
          "input": {
            "path": "../../etc/passwd"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "offset past the end names the line count",
          "files": {
            "short.txt": "only\n"
          },
          "input": {
            "path": "short.txt",
            "offset": 10
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "1 line"
          }
        },
        {
          "name": "refuses a symlink pointing outside",
          "files": {
            "escape": {
              "symlink": "/etc/hostname"
            }
          },
          "input": {
            "path": "escape"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "reads the last lines with a negative offset",
          "files": {
            "log.txt": "a\nb\nc\nd\n"
          },
          "input": {
            "path": "log.txt",
            "offset": -2,
            "line_numbers": false
          },
          "expect": {
            "output": {
              "type": "text",
              "content": "c\nd",
              "start_line": 3,
              "end_line": 4,
              "total_lines": 4,
              "total_lines_known": true,
              "truncated": false
            }
          }
        },
        {
          "name": "offset 0 is refused",
          "files": {
            "log.txt": "a\n"
          },
          "input": {
            "path": "log.txt",
            "offset": 0
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "negative"
          }
        },
        {
          "name": "decodes a Windows-1252 file and names the encoding",
          "files": {
            "fr.txt": {
              "base64": "Q2Fm6SBjcuhtZSBicvts6WUgbmHvdmUgZOlq4CB2dS4KTGUgY2/7dCBlc3QgZGUgNSCAIOAgbCdo9HRlbC4K"
            }
          },
          "input": {
            "path": "fr.txt",
            "line_numbers": false
          },
          "expect": {
            "output": {
              "type": "text",
              "content": "Café crème brûlée naïve déjà vu.\nLe coût est de 5 € à l'hôtel.",
              "encoding": "windows-1252"
            }
          }
        },
        {
          "name": "decodes a Shift_JIS file",
          "files": {
            "ja.txt": {
              "base64": "k/qWe4zqgsyDZYNMg1iDZ4N0g0CDQ4OLgsWCt4FCk4yLnpNzkOeR45Nji+aBQgo="
            }
          },
          "input": {
            "path": "ja.txt",
            "line_numbers": false
          },
          "expect": {
            "output": {
              "type": "text",
              "content": "日本語のテキストファイルです。東京都千代田区。",
              "encoding": "shift_jis"
            }
          }
        },
        {
          "name": "returns a PNG as image data",
          "files": {
            "dot.png": {
              "base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
            }
          },
          "input": {
            "path": "dot.png"
          },
          "expect": {
            "output": {
              "type": "image",
              "mime_type": "image/png",
              "width": 1,
              "height": 1,
              "original_width": 1,
              "original_height": 1,
              "truncated": false
            }
          }
        },
        {
          "name": "a corrupt image is a clear error",
          "files": {
            "broken.png": {
              "base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"
            }
          },
          "input": {
            "path": "broken.png"
          },
          "expect": {
            "error": "UNSUPPORTED_CONTENT"
          }
        },
        {
          "name": "reads chosen pages of a PDF as text",
          "files": {
            "doc.pdf": {
              "base64": "JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUiA1IDAgUl0gL0NvdW50IDIgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA2MTIgNzkyXSAvUmVzb3VyY2VzIDw8IC9Gb250IDw8IC9GMSA3IDAgUiA+PiA+PiAvQ29udGVudHMgNCAwIFIgPj4KZW5kb2JqCjQgMCBvYmoKPDwgL0xlbmd0aCA0MSA+PgpzdHJlYW0KQlQgL0YxIDEyIFRmIDcyIDcyMCBUZCAoRmlyc3QgcGFnZSkgVGogRVQKZW5kc3RyZWFtCmVuZG9iago1IDAgb2JqCjw8IC9UeXBlIC9QYWdlIC9QYXJlbnQgMiAwIFIgL01lZGlhQm94IFswIDAgNjEyIDc5Ml0gL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNyAwIFIgPj4gPj4gL0NvbnRlbnRzIDYgMCBSID4+CmVuZG9iago2IDAgb2JqCjw8IC9MZW5ndGggNDIgPj4Kc3RyZWFtCkJUIC9GMSAxMiBUZiA3MiA3MjAgVGQgKFNlY29uZCBwYWdlKSBUaiBFVAplbmRzdHJlYW0KZW5kb2JqCjcgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iagp4cmVmCjAgOAowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwMDkgMDAwMDAgbiAKMDAwMDAwMDA1OCAwMDAwMCBuIAowMDAwMDAwMTIxIDAwMDAwIG4gCjAwMDAwMDAyNDcgMDAwMDAgbiAKMDAwMDAwMDMzOCAwMDAwMCBuIAowMDAwMDAwNDY0IDAwMDAwIG4gCjAwMDAwMDA1NTYgMDAwMDAgbiAKdHJhaWxlcgo8PCAvU2l6ZSA4IC9Sb290IDEgMCBSID4+CnN0YXJ0eHJlZgo2MjYKJSVFT0YK"
            }
          },
          "input": {
            "path": "doc.pdf",
            "pages": "2"
          },
          "expect": {
            "output": {
              "type": "pdf",
              "page_count": 2,
              "pages": "2",
              "content": "--- page 2 ---\nSecond page",
              "truncated": false
            }
          }
        },
        {
          "name": "reads a notebook as numbered cells with outputs",
          "files": {
            "nb.ipynb": "{\"cells\":[{\"cell_type\":\"markdown\",\"source\":[\"# Title\"]},{\"cell_type\":\"code\",\"source\":[\"print(1+1)\"],\"outputs\":[{\"output_type\":\"stream\",\"name\":\"stdout\",\"text\":[\"2\\n\"]}]}],\"metadata\":{\"language_info\":{\"name\":\"python\"}},\"nbformat\":4,\"nbformat_minor\":5}"
          },
          "input": {
            "path": "nb.ipynb"
          },
          "expect": {
            "output": {
              "type": "notebook",
              "cell_count": 2,
              "truncated": false
            },
            "text_contains": "print(1+1)"
          }
        }
      ]
    },
    {
      "id": "filesystem.write_file",
      "provider": "filesystem",
      "name": "write_file",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": true,
        "openWorld": false,
        "title": "Write file",
        "errors": [
          "NOT_FOUND",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "STALE_FILE",
          "TOO_LARGE",
          "TIMEOUT",
          "ALREADY_EXISTS",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "path",
            "input": {
              "content": "# Intro\n"
            }
          },
          {
            "field": "content",
            "input": {
              "path": "docs/guide/intro.md"
            }
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "content": "# Intro\n"
            }
          },
          {
            "field": "content",
            "input": {
              "path": "docs/guide/intro.md",
              "content": 12345
            }
          }
        ],
        "unknown": {
          "path": "docs/guide/intro.md",
          "content": "# Intro\n",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "creates a new file with parent folders",
          "input": {
            "path": "docs/guide/intro.md",
            "content": "# Intro\n"
          },
          "expect": {
            "output": {
              "path": "docs/guide/intro.md",
              "bytes": 8,
              "created": true
            },
            "files": {
              "docs/guide/intro.md": "# Intro\n"
            }
          }
        },
        {
          "name": "replaces an existing file",
          "files": {
            "a.txt": "old\n"
          },
          "input": {
            "path": "a.txt",
            "content": "new\n"
          },
          "expect": {
            "output": {
              "created": false,
              "bytes": 4
            },
            "files": {
              "a.txt": "new\n"
            }
          }
        },
        {
          "name": "counts bytes of multi-byte text",
          "input": {
            "path": "u.txt",
            "content": "héllo ✓"
          },
          "expect": {
            "output": {
              "bytes": 10,
              "created": true
            }
          }
        },
        {
          "name": "writes an empty file",
          "input": {
            "path": "empty.txt",
            "content": ""
          },
          "expect": {
            "output": {
              "bytes": 0
            },
            "files": {
              "empty.txt": ""
            }
          }
        },
        {
          "name": "refuses to overwrite a directory",
          "files": {
            "build": {
              "dir": true
            }
          },
          "input": {
            "path": "build",
            "content": "x"
          },
          "expect": {
            "error": "IS_DIRECTORY"
          }
        },
        {
          "name": "refuses a parent that is a file",
          "files": {
            "file.txt": "x"
          },
          "input": {
            "path": "file.txt/child.txt",
            "content": "x"
          },
          "expect": {
            "error": "NOT_DIRECTORY"
          }
        },
        {
          "name": "refuses an escape with dot-dot",
          "input": {
            "path": "../outside.txt",
            "content": "x"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "writes through a symlink inside the workspace to its target",
          "files": {
            "real.txt": "before",
            "alias.txt": {
              "symlink": "real.txt"
            }
          },
          "input": {
            "path": "alias.txt",
            "content": "after"
          },
          "expect": {
            "output": {
              "path": "real.txt",
              "created": false
            },
            "files": {
              "real.txt": "after"
            }
          }
        },
        {
          "name": "refuses a path ending with a slash instead of creating a file",
          "input": {
            "path": "newdir/",
            "content": "x"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "folder",
            "files": {
              "newdir": null
            }
          }
        },
        {
          "name": "writes a file whose name is 250 bytes long",
          "input": {
            "path": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt",
            "content": "long name\n"
          },
          "expect": {
            "output": {
              "created": true,
              "bytes": 10
            }
          }
        },
        {
          "name": "a name longer than 255 bytes names the limit",
          "input": {
            "path": "a/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "content": "x"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "255 bytes"
          }
        }
      ]
    },
    {
      "id": "filesystem.edit_file",
      "provider": "filesystem",
      "name": "edit_file",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "editFormat": "str_replace",
        "title": "Edit file",
        "errors": [
          "NOT_FOUND",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "BINARY_FILE",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "NO_MATCH",
          "AMBIGUOUS_MATCH",
          "ALREADY_EXISTS",
          "STALE_FILE",
          "TOO_LARGE",
          "TIMEOUT",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "path",
            "input": {
              "old_str": "print('hi')",
              "new_str": "print('hello')"
            }
          },
          {
            "field": "old_str",
            "input": {
              "path": "app.py",
              "new_str": "print('hello')"
            }
          },
          {
            "field": "new_str",
            "input": {
              "path": "app.py",
              "old_str": "print('hi')"
            }
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "old_str": "print('hi')",
              "new_str": "print('hello')"
            }
          },
          {
            "field": "old_str",
            "input": {
              "path": "app.py",
              "old_str": 12345,
              "new_str": "print('hello')"
            }
          },
          {
            "field": "new_str",
            "input": {
              "path": "app.py",
              "old_str": "print('hi')",
              "new_str": 12345
            }
          },
          {
            "field": "replace_all",
            "input": {
              "path": "app.py",
              "old_str": "print('hi')",
              "new_str": "print('hello')",
              "replace_all": "yes"
            }
          },
          {
            "field": "dry_run",
            "input": {
              "path": "app.py",
              "old_str": "print('hi')",
              "new_str": "print('hello')",
              "dry_run": "yes"
            }
          },
          {
            "field": "match",
            "input": {
              "path": "app.py",
              "old_str": "print('hi')",
              "new_str": "print('hello')",
              "match": 987654321
            }
          }
        ],
        "unknown": {
          "path": "app.py",
          "old_str": "print('hi')",
          "new_str": "print('hello')",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "replaces a unique string",
          "files": {
            "app.py": "def main():\n    print('hi')\n"
          },
          "input": {
            "path": "app.py",
            "old_str": "print('hi')",
            "new_str": "print('hello')"
          },
          "expect": {
            "output": {
              "path": "app.py",
              "replacements": 1
            },
            "text_contains": "+    print('hello')",
            "files": {
              "app.py": "def main():\n    print('hello')\n"
            }
          }
        },
        {
          "name": "keeps CRLF line endings",
          "files": {
            "win.txt": "a\r\nb\r\nc\r\n"
          },
          "input": {
            "path": "win.txt",
            "old_str": "a\nb",
            "new_str": "a\nB\nb2"
          },
          "expect": {
            "output": {
              "replacements": 1
            },
            "files": {
              "win.txt": "a\r\nB\r\nb2\r\nc\r\n"
            }
          }
        },
        {
          "name": "replaces every occurrence with replace_all",
          "files": {
            "x.txt": "foo bar foo baz foo\n"
          },
          "input": {
            "path": "x.txt",
            "old_str": "foo",
            "new_str": "qux",
            "replace_all": true
          },
          "expect": {
            "output": {
              "replacements": 3
            },
            "files": {
              "x.txt": "qux bar qux baz qux\n"
            }
          }
        },
        {
          "name": "inserts dollar sequences literally",
          "files": {
            "r.js": "const a = 1;\n"
          },
          "input": {
            "path": "r.js",
            "old_str": "1",
            "new_str": "'$&$1$$'"
          },
          "expect": {
            "files": {
              "r.js": "const a = '$&$1$$';\n"
            }
          }
        },
        {
          "name": "ambiguous match names the lines",
          "files": {
            "dup.txt": "x = 1\ny = 2\nx = 1\n"
          },
          "input": {
            "path": "dup.txt",
            "old_str": "x = 1",
            "new_str": "x = 3"
          },
          "expect": {
            "error": "AMBIGUOUS_MATCH",
            "text_contains": "lines 1, 3"
          }
        },
        {
          "name": "no match points at a whitespace-insensitive near miss",
          "files": {
            "ind.py": "if x:\n        return 1\n"
          },
          "input": {
            "path": "ind.py",
            "old_str": "if x:\n    return 1",
            "new_str": "if x:\n    return 2"
          },
          "expect": {
            "error": "NO_MATCH",
            "text_contains": "line 1"
          }
        },
        {
          "name": "a miss names the difference and a corrected old_str",
          "files": {
            "tab.py": "def f():\n\treturn 1\n"
          },
          "input": {
            "path": "tab.py",
            "old_str": "    return 1",
            "new_str": "    return 2"
          },
          "expect": {
            "error": "NO_MATCH",
            "text_contains": "only in indentation (4 spaces vs a tab)"
          }
        },
        {
          "name": "loose matching re-indents new_str",
          "files": {
            "tab.py": "def f():\n\treturn 1\n"
          },
          "input": {
            "path": "tab.py",
            "old_str": "    return 1",
            "new_str": "    x = 1\n    return x",
            "match": "loose"
          },
          "expect": {
            "output": {
              "replacements": 1,
              "normalized": [
                "indentation"
              ]
            },
            "files": {
              "tab.py": "def f():\n\tx = 1\n\treturn x\n"
            }
          }
        },
        {
          "name": "empty old_str creates a new file",
          "input": {
            "path": "new/file.txt",
            "old_str": "",
            "new_str": "hello\n"
          },
          "expect": {
            "output": {
              "replacements": 1,
              "created": true
            },
            "files": {
              "new/file.txt": "hello\n"
            }
          }
        },
        {
          "name": "empty old_str on an existing file is refused",
          "files": {
            "exists.txt": "x"
          },
          "input": {
            "path": "exists.txt",
            "old_str": "",
            "new_str": "y"
          },
          "expect": {
            "error": "ALREADY_EXISTS"
          }
        },
        {
          "name": "identical old_str and new_str is refused",
          "files": {
            "same.txt": "abc"
          },
          "input": {
            "path": "same.txt",
            "old_str": "abc",
            "new_str": "abc"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "missing file is NOT_FOUND",
          "input": {
            "path": "nope.txt",
            "old_str": "a",
            "new_str": "b"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "dry_run returns the diff and writes nothing",
          "files": {
            "d.txt": "alpha\nbeta\n"
          },
          "input": {
            "path": "d.txt",
            "old_str": "beta",
            "new_str": "gamma",
            "dry_run": true
          },
          "expect": {
            "output": {
              "replacements": 1,
              "dry_run": true
            },
            "text_contains": "+gamma",
            "files": {
              "d.txt": "alpha\nbeta\n"
            }
          }
        }
      ]
    },
    {
      "id": "filesystem.multi_edit",
      "provider": "filesystem",
      "name": "multi_edit",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "editFormat": "str_replace",
        "title": "Edit file in several places",
        "errors": [
          "NOT_FOUND",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "BINARY_FILE",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "NO_MATCH",
          "AMBIGUOUS_MATCH",
          "STALE_FILE",
          "TOO_LARGE",
          "TIMEOUT",
          "ALREADY_EXISTS",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "path",
            "input": {
              "edits": [
                {
                  "old_str": "print('hi')",
                  "new_str": "print('hello')"
                },
                {
                  "old_str": "print('hello')",
                  "new_str": "log('hello')"
                },
                {
                  "old_str": "return 0",
                  "new_str": "return 1"
                }
              ]
            }
          },
          {
            "field": "edits",
            "input": {
              "path": "app.py"
            }
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "edits": [
                {
                  "old_str": "print('hi')",
                  "new_str": "print('hello')"
                },
                {
                  "old_str": "print('hello')",
                  "new_str": "log('hello')"
                },
                {
                  "old_str": "return 0",
                  "new_str": "return 1"
                }
              ]
            }
          },
          {
            "field": "edits",
            "input": {
              "path": "app.py",
              "edits": {
                "not": "an array"
              }
            }
          },
          {
            "field": "dry_run",
            "input": {
              "path": "app.py",
              "edits": [
                {
                  "old_str": "print('hi')",
                  "new_str": "print('hello')"
                },
                {
                  "old_str": "print('hello')",
                  "new_str": "log('hello')"
                },
                {
                  "old_str": "return 0",
                  "new_str": "return 1"
                }
              ],
              "dry_run": "yes"
            }
          },
          {
            "field": "match",
            "input": {
              "path": "app.py",
              "edits": [
                {
                  "old_str": "print('hi')",
                  "new_str": "print('hello')"
                },
                {
                  "old_str": "print('hello')",
                  "new_str": "log('hello')"
                },
                {
                  "old_str": "return 0",
                  "new_str": "return 1"
                }
              ],
              "match": 987654321
            }
          }
        ],
        "unknown": {
          "path": "app.py",
          "edits": [
            {
              "old_str": "print('hi')",
              "new_str": "print('hello')"
            },
            {
              "old_str": "print('hello')",
              "new_str": "log('hello')"
            },
            {
              "old_str": "return 0",
              "new_str": "return 1"
            }
          ],
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "applies edits in order, each to the result of the one before",
          "files": {
            "app.py": "def main():\n    print('hi')\n    return 0\n"
          },
          "input": {
            "path": "app.py",
            "edits": [
              {
                "old_str": "print('hi')",
                "new_str": "print('hello')"
              },
              {
                "old_str": "print('hello')",
                "new_str": "log('hello')"
              },
              {
                "old_str": "return 0",
                "new_str": "return 1"
              }
            ]
          },
          "expect": {
            "output": {
              "path": "app.py",
              "replacements": 3
            },
            "text_contains": "+    log('hello')",
            "files": {
              "app.py": "def main():\n    log('hello')\n    return 1\n"
            }
          }
        },
        {
          "name": "a failing edit is named by index and nothing is written",
          "files": {
            "f.txt": "one\ntwo\n"
          },
          "input": {
            "path": "f.txt",
            "edits": [
              {
                "old_str": "one",
                "new_str": "ONE"
              },
              {
                "old_str": "three",
                "new_str": "THREE"
              }
            ]
          },
          "expect": {
            "error": "NO_MATCH",
            "text_contains": "edits[1]",
            "files": {
              "f.txt": "one\ntwo\n"
            }
          }
        },
        {
          "name": "keeps CRLF line endings",
          "files": {
            "win.txt": "a\r\nb\r\nc\r\n"
          },
          "input": {
            "path": "win.txt",
            "edits": [
              {
                "old_str": "a\nb",
                "new_str": "A\nB"
              },
              {
                "old_str": "c",
                "new_str": "C\nD"
              }
            ]
          },
          "expect": {
            "files": {
              "win.txt": "A\r\nB\r\nC\r\nD\r\n"
            }
          }
        },
        {
          "name": "replace_all within one edit",
          "files": {
            "x.txt": "foo bar foo\n"
          },
          "input": {
            "path": "x.txt",
            "edits": [
              {
                "old_str": "foo",
                "new_str": "qux",
                "replace_all": true
              },
              {
                "old_str": "bar",
                "new_str": "baz"
              }
            ]
          },
          "expect": {
            "output": {
              "replacements": 3
            },
            "files": {
              "x.txt": "qux baz qux\n"
            }
          }
        },
        {
          "name": "an ambiguous edit is refused with its index",
          "files": {
            "dup.txt": "x = 1\nx = 1\n"
          },
          "input": {
            "path": "dup.txt",
            "edits": [
              {
                "old_str": "x = 1",
                "new_str": "x = 2"
              }
            ]
          },
          "expect": {
            "error": "AMBIGUOUS_MATCH",
            "text_contains": "edits[0]"
          }
        },
        {
          "name": "dry_run writes nothing",
          "files": {
            "d.txt": "alpha\n"
          },
          "input": {
            "path": "d.txt",
            "dry_run": true,
            "edits": [
              {
                "old_str": "alpha",
                "new_str": "beta"
              }
            ]
          },
          "expect": {
            "output": {
              "dry_run": true,
              "replacements": 1
            },
            "files": {
              "d.txt": "alpha\n"
            }
          }
        },
        {
          "name": "missing file is NOT_FOUND",
          "input": {
            "path": "nope.txt",
            "edits": [
              {
                "old_str": "a",
                "new_str": "b"
              }
            ]
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "refuses a path outside the workspace",
          "input": {
            "path": "../x.txt",
            "edits": [
              {
                "old_str": "a",
                "new_str": "b"
              }
            ]
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    },
    {
      "id": "filesystem.apply_patch",
      "provider": "filesystem",
      "name": "apply_patch",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "editFormat": "apply_patch",
        "title": "Apply patch",
        "errors": [
          "NOT_FOUND",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "BINARY_FILE",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "NO_MATCH",
          "AMBIGUOUS_MATCH",
          "STALE_FILE",
          "TOO_LARGE",
          "TIMEOUT",
          "ALREADY_EXISTS",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "input",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "input",
            "input": {
              "input": 12345
            }
          },
          {
            "field": "dry_run",
            "input": {
              "input": "*** Begin Patch\n*** Update File: app.py\n@@ def greet():\n-    print('hi')\n+    print('hello')\n     return 0\n*** End Patch\n",
              "dry_run": "yes"
            }
          }
        ],
        "unknown": {
          "input": "*** Begin Patch\n*** Update File: app.py\n@@ def greet():\n-    print('hi')\n+    print('hello')\n     return 0\n*** End Patch\n",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "updates a file in place",
          "files": {
            "app.py": "def greet():\n    print('hi')\n    return 0\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Update File: app.py\n@@ def greet():\n-    print('hi')\n+    print('hello')\n     return 0\n*** End Patch\n"
          },
          "expect": {
            "output": {
              "files": [
                {
                  "path": "app.py",
                  "action": "update",
                  "changes": 1
                }
              ]
            },
            "text_contains": "+    print('hello')",
            "files": {
              "app.py": "def greet():\n    print('hello')\n    return 0\n"
            }
          }
        },
        {
          "name": "adds, deletes and moves files in one patch",
          "files": {
            "old.txt": "gone\n",
            "src/a.py": "x = 1\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Add File: docs/new.md\n+# New\n+\n+text\n*** Delete File: old.txt\n*** Update File: src/a.py\n*** Move to: lib/a.py\n@@\n-x = 1\n+x = 2\n*** End Patch"
          },
          "expect": {
            "output": {
              "files": [
                {
                  "path": "docs/new.md",
                  "action": "add"
                },
                {
                  "path": "old.txt",
                  "action": "delete"
                },
                {
                  "path": "lib/a.py",
                  "action": "move",
                  "from": "src/a.py"
                }
              ]
            },
            "files": {
              "docs/new.md": "# New\n\ntext\n",
              "lib/a.py": "x = 2\n"
            }
          }
        },
        {
          "name": "keeps CRLF line endings",
          "files": {
            "win.txt": "a\r\nb\r\nc\r\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Update File: win.txt\n@@\n a\n-b\n+B\n+b2\n c\n*** End Patch"
          },
          "expect": {
            "files": {
              "win.txt": "a\r\nB\r\nb2\r\nc\r\n"
            }
          }
        },
        {
          "name": "a change that does not match names the closest lines and writes nothing",
          "files": {
            "f.py": "def f():\n\treturn 1\n",
            "g.txt": "keep\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Delete File: g.txt\n*** Update File: f.py\n@@\n def f():\n-    return 2\n+    return 3\n*** End Patch"
          },
          "expect": {
            "error": "NO_MATCH",
            "text_contains": "change 1 of 1 to f.py",
            "files": {
              "f.py": "def f():\n\treturn 1\n",
              "g.txt": "keep\n"
            }
          }
        },
        {
          "name": "lines that match in two places are refused",
          "files": {
            "dup.txt": "x = 1\ny\nx = 1\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Update File: dup.txt\n-x = 1\n+x = 2\n*** End Patch"
          },
          "expect": {
            "error": "AMBIGUOUS_MATCH",
            "text_contains": "line 1 and again at line 3"
          }
        },
        {
          "name": "a patch without the envelope is refused naming the line",
          "files": {
            "a.txt": "a\n"
          },
          "input": {
            "input": "--- a/a.txt\n+++ b/a.txt\n@@\n-a\n+b\n"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "*** Begin Patch"
          }
        },
        {
          "name": "an update of a missing file is NOT_FOUND",
          "input": {
            "input": "*** Begin Patch\n*** Update File: nope.txt\n@@\n-a\n+b\n*** End Patch"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "refuses a path outside the workspace",
          "input": {
            "input": "*** Begin Patch\n*** Add File: ../x.txt\n+x\n*** End Patch"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "dry_run returns the diff and writes nothing",
          "files": {
            "d.txt": "alpha\n"
          },
          "input": {
            "input": "*** Begin Patch\n*** Update File: d.txt\n-alpha\n+beta\n*** End Patch",
            "dry_run": true
          },
          "expect": {
            "output": {
              "dry_run": true
            },
            "text_contains": "+beta",
            "files": {
              "d.txt": "alpha\n"
            }
          }
        }
      ]
    },
    {
      "id": "filesystem.list_directory",
      "provider": "filesystem",
      "name": "list_directory",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "List directory",
        "errors": [
          "NOT_FOUND",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345
            }
          },
          {
            "field": "depth",
            "input": {
              "depth": "not a number"
            }
          },
          {
            "field": "include_ignored",
            "input": {
              "include_ignored": "yes"
            }
          },
          {
            "field": "limit",
            "input": {
              "limit": "not a number"
            }
          },
          {
            "field": "offset",
            "input": {
              "offset": "not a number"
            }
          }
        ],
        "unknown": {
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "lists folders first, then files, with sizes",
          "files": {
            "src/a.ts": "x",
            "README.md": "hello",
            "docs": {
              "dir": true
            }
          },
          "input": {},
          "expect": {
            "output": {
              "path": ".",
              "truncated": false,
              "entries": [
                {
                  "path": "docs",
                  "type": "dir"
                },
                {
                  "path": "src",
                  "type": "dir"
                },
                {
                  "path": "README.md",
                  "type": "file",
                  "size": 5
                }
              ]
            }
          }
        },
        {
          "name": "depth 2 lists sub-folders in tree order",
          "files": {
            "src/b.ts": "bb",
            "src/lib/c.ts": "c",
            "z.txt": ""
          },
          "input": {
            "depth": 2
          },
          "expect": {
            "output": {
              "entries": [
                {
                  "path": "src",
                  "type": "dir"
                },
                {
                  "path": "src/lib",
                  "type": "dir"
                },
                {
                  "path": "src/b.ts",
                  "type": "file",
                  "size": 2
                },
                {
                  "path": "z.txt",
                  "type": "file",
                  "size": 0
                }
              ]
            }
          }
        },
        {
          "name": "hides what .gitignore ignores and .git",
          "files": {
            ".gitignore": "dist/\n*.log\n",
            "dist/out.js": "x",
            "app.log": "x",
            "keep.ts": "x",
            ".git/HEAD": "ref"
          },
          "input": {},
          "expect": {
            "output": {
              "ignored": 3,
              "entries": [
                {
                  "path": ".gitignore",
                  "type": "file"
                },
                {
                  "path": "keep.ts",
                  "type": "file"
                }
              ]
            }
          }
        },
        {
          "name": "include_ignored shows them",
          "files": {
            ".gitignore": "*.log\n",
            "app.log": "x"
          },
          "input": {
            "include_ignored": true
          },
          "expect": {
            "output": {
              "ignored": 0,
              "entries": [
                {
                  "path": ".gitignore",
                  "type": "file"
                },
                {
                  "path": "app.log",
                  "type": "file"
                }
              ]
            }
          }
        },
        {
          "name": "reports a symlink without following it",
          "files": {
            "target.txt": "t",
            "link": {
              "symlink": "target.txt"
            }
          },
          "input": {},
          "expect": {
            "output": {
              "entries": [
                {
                  "path": "link",
                  "type": "symlink",
                  "target": "target.txt"
                },
                {
                  "path": "target.txt",
                  "type": "file"
                }
              ]
            }
          }
        },
        {
          "name": "caps the entries with a hint",
          "files": {
            "a": "",
            "b": "",
            "c": "",
            "d": ""
          },
          "input": {
            "limit": 2
          },
          "expect": {
            "output": {
              "truncated": true,
              "entries": [
                {
                  "path": "a"
                },
                {
                  "path": "b"
                }
              ]
            },
            "text_contains": "limit=2"
          }
        },
        {
          "name": "a file is NOT_DIRECTORY",
          "files": {
            "f.txt": "x"
          },
          "input": {
            "path": "f.txt"
          },
          "expect": {
            "error": "NOT_DIRECTORY"
          }
        },
        {
          "name": "missing folder is NOT_FOUND",
          "input": {
            "path": "nope"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "refuses a path outside the workspace",
          "input": {
            "path": ".."
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    },
    {
      "id": "filesystem.checkpoint_list",
      "provider": "filesystem",
      "name": "checkpoint_list",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "List checkpoints",
        "errors": [
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "limit",
            "input": {
              "limit": "not a number"
            }
          }
        ],
        "unknown": {
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a session that changed nothing has no checkpoints",
          "input": {},
          "expect": {
            "output": {
              "checkpoints": [],
              "total": 0
            }
          }
        }
      ]
    },
    {
      "id": "filesystem.checkpoint_diff",
      "provider": "filesystem",
      "name": "checkpoint_diff",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Show a checkpoint's changes",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "id",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "id",
            "input": {
              "id": 12345
            }
          },
          {
            "field": "scope",
            "input": {
              "id": "cp-404",
              "scope": 987654321
            }
          }
        ],
        "unknown": {
          "id": "cp-404",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an unknown checkpoint is NOT_FOUND",
          "input": {
            "id": "cp-404"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        }
      ]
    },
    {
      "id": "filesystem.checkpoint_restore",
      "provider": "filesystem",
      "name": "checkpoint_restore",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "title": "Restore a checkpoint",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE",
          "STALE_FILE",
          "TOO_LARGE",
          "PERMISSION_DENIED",
          "IS_DIRECTORY",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "TIMEOUT"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "id",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "id",
            "input": {
              "id": 12345
            }
          },
          {
            "field": "scope",
            "input": {
              "id": "cp-404",
              "scope": 987654321
            }
          },
          {
            "field": "dry_run",
            "input": {
              "id": "cp-404",
              "dry_run": "yes"
            }
          },
          {
            "field": "force",
            "input": {
              "id": "cp-404",
              "force": "yes"
            }
          }
        ],
        "unknown": {
          "id": "cp-404",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an unknown checkpoint is NOT_FOUND",
          "input": {
            "id": "cp-404"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        }
      ]
    }
  ]
});
