// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "git",
  "operations": [
    {
      "id": "git.git_status",
      "provider": "git",
      "name": "git_status",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Git status",
        "errors": [
          "NOT_A_REPOSITORY",
          "OUTSIDE_WORKSPACE",
          "NOT_FOUND",
          "UNAVAILABLE",
          "GIT_FAILED"
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
          }
        ],
        "unknown": {
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an untracked file in a fresh repository",
          "files": {
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/objects": {
              "dir": true
            },
            ".git/refs/heads": {
              "dir": true
            },
            "notes.txt": "hello\n"
          },
          "input": {},
          "expect": {
            "output": {
              "branch": "main",
              "clean": false,
              "entries": [
                {
                  "path": "notes.txt",
                  "status": "untracked",
                  "staged": false
                }
              ]
            }
          }
        },
        {
          "name": "a folder that is not a repository",
          "files": {
            "notes.txt": "hello\n"
          },
          "input": {
            "path": "."
          },
          "expect": {
            "error": "NOT_A_REPOSITORY"
          }
        },
        {
          "name": "an empty path is refused",
          "input": {
            "path": ""
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        }
      ]
    },
    {
      "id": "git.git_log",
      "provider": "git",
      "name": "git_log",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Git log",
        "errors": [
          "NOT_A_REPOSITORY",
          "OUTSIDE_WORKSPACE",
          "NOT_FOUND",
          "UNAVAILABLE",
          "GIT_FAILED"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "path",
            "input": {
              "limit": 5,
              "path": 12345
            }
          },
          {
            "field": "limit",
            "input": {
              "limit": "not a number"
            }
          }
        ],
        "unknown": {
          "limit": 5,
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "a repository without commits has an empty log",
          "files": {
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/objects": {
              "dir": true
            },
            ".git/refs/heads": {
              "dir": true
            }
          },
          "input": {
            "limit": 5
          },
          "expect": {
            "output": {
              "commits": []
            }
          }
        },
        {
          "name": "a folder that is not a repository",
          "input": {},
          "expect": {
            "error": "NOT_A_REPOSITORY"
          }
        },
        {
          "name": "a limit of zero is refused",
          "input": {
            "limit": 0
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        }
      ]
    },
    {
      "id": "git.git_commit",
      "provider": "git",
      "name": "git_commit",
      "descriptor": {
        "kind": "resource",
        "risk": "moderate",
        "idempotent": false,
        "openWorld": false,
        "title": "Git commit",
        "errors": [
          "NOT_A_REPOSITORY",
          "NOTHING_TO_COMMIT",
          "NO_IDENTITY",
          "OUTSIDE_WORKSPACE",
          "NOT_FOUND",
          "UNAVAILABLE",
          "GIT_FAILED"
        ],
        "riskNote": "Records a commit in the repository (history can be rewritten, so not high); runs the repository's commit hooks."
      },
      "probes": {
        "missing": [
          {
            "field": "message",
            "input": {
              "all": true,
              "author": {
                "name": "Ada",
                "email": "ada@example.com"
              }
            }
          }
        ],
        "wrongType": [
          {
            "field": "message",
            "input": {
              "message": 12345,
              "all": true,
              "author": {
                "name": "Ada",
                "email": "ada@example.com"
              }
            }
          },
          {
            "field": "path",
            "input": {
              "message": "first commit",
              "all": true,
              "author": {
                "name": "Ada",
                "email": "ada@example.com"
              },
              "path": 12345
            }
          },
          {
            "field": "all",
            "input": {
              "message": "first commit",
              "all": "yes",
              "author": {
                "name": "Ada",
                "email": "ada@example.com"
              }
            }
          },
          {
            "field": "author",
            "input": {
              "message": "first commit",
              "all": true,
              "author": [
                "not",
                "an",
                "object"
              ]
            }
          }
        ],
        "unknown": {
          "message": "first commit",
          "all": true,
          "author": {
            "name": "Ada",
            "email": "ada@example.com"
          },
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "commits every change with all",
          "files": {
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/objects": {
              "dir": true
            },
            ".git/refs/heads": {
              "dir": true
            },
            "notes.txt": "hello\n"
          },
          "input": {
            "message": "first commit",
            "all": true,
            "author": {
              "name": "Ada",
              "email": "ada@example.com"
            }
          },
          "expect": {
            "output": {
              "branch": "main",
              "files_changed": 1
            }
          }
        },
        {
          "name": "nothing to commit",
          "files": {
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/objects": {
              "dir": true
            },
            ".git/refs/heads": {
              "dir": true
            }
          },
          "input": {
            "message": "empty",
            "all": true,
            "author": {
              "name": "Ada",
              "email": "ada@example.com"
            }
          },
          "expect": {
            "error": "NOTHING_TO_COMMIT"
          }
        },
        {
          "name": "a malformed author email is refused",
          "input": {
            "message": "x",
            "author": {
              "name": "Ada",
              "email": "not-an-email"
            }
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        }
      ]
    }
  ]
});
