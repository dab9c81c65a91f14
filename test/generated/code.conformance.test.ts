// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "code",
  "operations": [
    {
      "id": "code.diagnostics",
      "provider": "code",
      "name": "diagnostics",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "longRunning": true,
        "title": "Compiler errors and warnings",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "TOO_LARGE"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "timeout_ms": 300000
            }
          },
          {
            "field": "severity",
            "input": {
              "path": "m.py",
              "timeout_ms": 300000,
              "severity": 987654321
            }
          },
          {
            "field": "limit",
            "input": {
              "path": "m.py",
              "timeout_ms": 300000,
              "limit": "not a number"
            }
          },
          {
            "field": "offset",
            "input": {
              "path": "m.py",
              "timeout_ms": 300000,
              "offset": "not a number"
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "path": "m.py",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "path": "m.py",
          "timeout_ms": 300000,
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a type error in a Python file",
          "files": {
            "m.py": "count: int = 'three'\n"
          },
          "input": {
            "path": "m.py",
            "timeout_ms": 300000
          },
          "expect": {
            "output": {
              "files_checked": 1,
              "total": 1,
              "truncated": false
            },
            "text_contains": "m.py:1:"
          }
        },
        {
          "name": "a path outside the workspace is refused",
          "input": {
            "path": "../elsewhere.py"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    },
    {
      "id": "code.definition",
      "provider": "code",
      "name": "definition",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Go to definition",
        "errors": [
          "NOT_FOUND",
          "AMBIGUOUS_MATCH",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "TOO_LARGE"
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
            "field": "line",
            "input": {
              "path": "a.py",
              "line": "not a number"
            }
          },
          {
            "field": "column",
            "input": {
              "path": "a.py",
              "column": "not a number"
            }
          },
          {
            "field": "symbol",
            "input": {
              "path": "a.py",
              "symbol": 12345
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "path": "a.py",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "path": "a.py",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "neither a position nor a symbol is refused",
          "input": {
            "path": "a.py"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "symbol"
          }
        }
      ]
    },
    {
      "id": "code.references",
      "provider": "code",
      "name": "references",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Find references",
        "errors": [
          "NOT_FOUND",
          "AMBIGUOUS_MATCH",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "TOO_LARGE"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "line": 3
            }
          },
          {
            "field": "line",
            "input": {
              "path": "a.py",
              "line": "not a number"
            }
          },
          {
            "field": "column",
            "input": {
              "path": "a.py",
              "line": 3,
              "column": "not a number"
            }
          },
          {
            "field": "symbol",
            "input": {
              "path": "a.py",
              "line": 3,
              "symbol": 12345
            }
          },
          {
            "field": "include_declaration",
            "input": {
              "path": "a.py",
              "line": 3,
              "include_declaration": "yes"
            }
          },
          {
            "field": "limit",
            "input": {
              "path": "a.py",
              "line": 3,
              "limit": "not a number"
            }
          },
          {
            "field": "offset",
            "input": {
              "path": "a.py",
              "line": 3,
              "offset": "not a number"
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "path": "a.py",
              "line": 3,
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "path": "a.py",
          "line": 3,
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a line without a column is refused",
          "input": {
            "path": "a.py",
            "line": 3
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "column"
          }
        }
      ]
    },
    {
      "id": "code.hover",
      "provider": "code",
      "name": "hover",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Type and documentation of a symbol",
        "errors": [
          "NOT_FOUND",
          "AMBIGUOUS_MATCH",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "TOO_LARGE"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "line": 1,
              "column": 1,
              "path": 12345
            }
          },
          {
            "field": "line",
            "input": {
              "line": "not a number",
              "column": 1
            }
          },
          {
            "field": "column",
            "input": {
              "line": 1,
              "column": "not a number"
            }
          },
          {
            "field": "symbol",
            "input": {
              "line": 1,
              "column": 1,
              "symbol": 12345
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "line": 1,
              "column": 1,
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "line": 1,
          "column": 1,
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a column without a path is refused",
          "input": {
            "line": 1,
            "column": 1
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "path"
          }
        }
      ]
    },
    {
      "id": "code.symbols",
      "provider": "code",
      "name": "symbols",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "List symbols",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "TOO_LARGE"
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
            "field": "query",
            "input": {
              "query": 12345
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
          },
          {
            "field": "timeout_ms",
            "input": {
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "neither a file nor a query is refused",
          "input": {},
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "query"
          }
        }
      ]
    },
    {
      "id": "code.rename",
      "provider": "code",
      "name": "rename",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "title": "Rename a symbol",
        "errors": [
          "NOT_FOUND",
          "AMBIGUOUS_MATCH",
          "UNAVAILABLE",
          "TIMEOUT",
          "OUTSIDE_WORKSPACE",
          "STALE_FILE",
          "PERMISSION_DENIED",
          "TOO_LARGE",
          "INVALID_INPUT"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "new_name",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "new_name": "total",
              "path": 12345
            }
          },
          {
            "field": "line",
            "input": {
              "new_name": "total",
              "line": "not a number"
            }
          },
          {
            "field": "column",
            "input": {
              "new_name": "total",
              "column": "not a number"
            }
          },
          {
            "field": "symbol",
            "input": {
              "new_name": "total",
              "symbol": 12345
            }
          },
          {
            "field": "new_name",
            "input": {
              "new_name": 12345
            }
          },
          {
            "field": "dry_run",
            "input": {
              "new_name": "total",
              "dry_run": "yes"
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "new_name": "total",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "new_name": "total",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a rename without a position or symbol is refused",
          "input": {
            "new_name": "total"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "symbol"
          }
        }
      ]
    }
  ]
});
