// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "notebook",
  "operations": [
    {
      "id": "notebook.note_read",
      "provider": "notebook",
      "name": "note_read",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Read a note",
        "errors": [
          "NOT_FOUND",
          "OUTSIDE_WORKSPACE"
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
          }
        ],
        "unknown": {
          "path": "notes/a.md",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "reads a note",
          "files": {
            "notes/a.md": "hello\n"
          },
          "input": {
            "path": "notes/a.md"
          },
          "expect": {
            "output": {
              "path": "notes/a.md",
              "text": "hello\n"
            }
          }
        },
        {
          "name": "refuses a path outside the workspace",
          "input": {
            "path": "../outside.md"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "refuses a link that leads out",
          "files": {
            "escape.md": {
              "symlink": "/etc/hostname"
            }
          },
          "input": {
            "path": "escape.md"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    },
    {
      "id": "notebook.note_find",
      "provider": "notebook",
      "name": "note_find",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Find notes",
        "errors": [
          "NOT_FOUND",
          "INVALID_PATTERN",
          "OUTSIDE_WORKSPACE"
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
            "field": "folder",
            "input": {
              "pattern": "**/*.md",
              "folder": 12345
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
          "name": "finds notes at any depth",
          "files": {
            "a.md": "a",
            "sub/b.md": "b",
            "sub/c.txt": "c"
          },
          "input": {
            "pattern": "**/*.md"
          },
          "expect": {
            "output": {
              "files": [
                "a.md",
                "sub/b.md"
              ]
            }
          }
        },
        {
          "name": "refuses a pattern that climbs out",
          "input": {
            "pattern": "../*"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    },
    {
      "id": "notebook.note_run",
      "provider": "notebook",
      "name": "note_run",
      "descriptor": {
        "kind": "resource",
        "risk": "high",
        "idempotent": false,
        "openWorld": true,
        "title": "Run a script line",
        "errors": []
      },
      "probes": {
        "missing": [
          {
            "field": "line",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "line",
            "input": {
              "line": 12345
            }
          }
        ],
        "unknown": {
          "line": "echo hello",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "runs a line",
          "input": {
            "line": "echo hello"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "output": "hello\n"
            }
          }
        }
      ]
    },
    {
      "id": "notebook.url_check",
      "provider": "notebook",
      "name": "url_check",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": true,
        "title": "Check a URL",
        "errors": [
          "BLOCKED_URL",
          "NETWORK_ERROR"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "url",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "url",
            "input": {
              "url": 12345
            }
          }
        ],
        "unknown": {
          "url": "http://127.0.0.1:9/",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "refuses a loopback address",
          "input": {
            "url": "http://127.0.0.1:9/"
          },
          "expect": {
            "error": "BLOCKED_URL",
            "text_contains": "loopback"
          }
        }
      ]
    },
    {
      "id": "notebook.sign_in",
      "provider": "notebook",
      "name": "sign_in",
      "descriptor": {
        "kind": "resource",
        "risk": "low",
        "idempotent": true,
        "openWorld": false,
        "title": "Sign in",
        "errors": [
          "BAD_CREDENTIALS",
          "NOT_FOUND"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "user",
            "input": {
              "password": "correct horse"
            }
          },
          {
            "field": "password",
            "input": {
              "user": "ann"
            }
          }
        ],
        "wrongType": [
          {
            "field": "user",
            "input": {
              "user": 12345,
              "password": "correct horse"
            }
          },
          {
            "field": "password",
            "input": {
              "user": "ann",
              "password": 12345
            }
          }
        ],
        "unknown": {
          "user": "ann",
          "password": "correct horse",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "signs in",
          "files": {
            ".credentials": "ann:correct horse"
          },
          "input": {
            "user": "ann",
            "password": "correct horse"
          },
          "expect": {
            "output": {
              "user": "ann",
              "signed_in": true
            }
          }
        },
        {
          "name": "a wrong password is refused without showing it",
          "files": {
            ".credentials": "ann:correct horse"
          },
          "input": {
            "user": "ann",
            "password": "battery staple"
          },
          "expect": {
            "error": "BAD_CREDENTIALS",
            "text_contains": "⟪secret, 14 chars⟫"
          }
        }
      ]
    },
    {
      "id": "notebook.note_save",
      "provider": "notebook",
      "name": "note_save",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": true,
        "openWorld": false,
        "title": "Save a note",
        "errors": [
          "OUTSIDE_WORKSPACE"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "path",
            "input": {
              "text": "fresh\n"
            }
          },
          {
            "field": "text",
            "input": {
              "path": "notes/new.md"
            }
          }
        ],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "path": 12345,
              "text": "fresh\n"
            }
          },
          {
            "field": "text",
            "input": {
              "path": "notes/new.md",
              "text": 12345
            }
          }
        ],
        "unknown": {
          "path": "notes/new.md",
          "text": "fresh\n",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "saves a note in a new folder",
          "input": {
            "path": "notes/new.md",
            "text": "fresh\n"
          },
          "expect": {
            "output": {
              "path": "notes/new.md",
              "bytes": 6
            },
            "files": {
              "notes/new.md": "fresh\n"
            }
          }
        },
        {
          "name": "refuses to write outside",
          "input": {
            "path": "/tmp/outside-note.md",
            "text": "x"
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        }
      ]
    }
  ]
});
