// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

export const schemas = {
  "git.git_status": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "default": ".",
          "description": "A folder inside the repository, relative to the workspace."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "branch",
        "clean",
        "entries"
      ],
      "properties": {
        "branch": {
          "type": [
            "string",
            "null"
          ],
          "description": "The checked-out branch, or null on a detached HEAD."
        },
        "clean": {
          "type": "boolean",
          "description": "True when nothing is changed, staged or untracked."
        },
        "entries": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "status",
              "staged"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Path relative to the workspace, with / separators."
              },
              "status": {
                "enum": [
                  "modified",
                  "added",
                  "deleted",
                  "renamed",
                  "untracked",
                  "conflicted"
                ]
              },
              "staged": {
                "type": "boolean",
                "description": "True when the change is in the index."
              }
            }
          }
        }
      }
    },
  },
  "git.git_log": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "default": ".",
          "description": "A folder inside the repository, relative to the workspace."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 10,
          "description": "How many commits to list."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "commits"
      ],
      "properties": {
        "commits": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "hash",
              "author",
              "email",
              "date",
              "subject"
            ],
            "properties": {
              "hash": {
                "type": "string",
                "pattern": "^[0-9a-f]{40}$"
              },
              "author": {
                "type": "string"
              },
              "email": {
                "type": "string"
              },
              "date": {
                "type": "string",
                "format": "date-time"
              },
              "subject": {
                "type": "string"
              }
            }
          }
        }
      }
    },
  },
  "git.git_commit": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "message"
      ],
      "properties": {
        "message": {
          "type": "string",
          "minLength": 1,
          "description": "The commit message."
        },
        "path": {
          "type": "string",
          "minLength": 1,
          "default": ".",
          "description": "A folder inside the repository, relative to the workspace."
        },
        "all": {
          "type": "boolean",
          "default": false,
          "description": "Stage every change first, untracked files included (git add -A)."
        },
        "author": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "name",
            "email"
          ],
          "properties": {
            "name": {
              "type": "string",
              "minLength": 1
            },
            "email": {
              "type": "string",
              "format": "email"
            }
          }
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "hash",
        "branch",
        "files_changed"
      ],
      "properties": {
        "hash": {
          "type": "string",
          "pattern": "^[0-9a-f]{40}$"
        },
        "branch": {
          "type": [
            "string",
            "null"
          ]
        },
        "files_changed": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
  },
} as const;
