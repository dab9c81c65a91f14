// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

export const schemas = {
  "notebook.note_read": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "description": "The note's file, relative to the workspace."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "text"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path."
        },
        "text": {
          "type": "string"
        }
      }
    },
  },
  "notebook.note_find": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "pattern"
      ],
      "properties": {
        "pattern": {
          "type": "string",
          "minLength": 1,
          "description": "e.g. \"**/*.md\"."
        },
        "folder": {
          "type": "string",
          "minLength": 1,
          "default": ".",
          "description": "The folder to search in."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "files"
      ],
      "properties": {
        "files": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Workspace-relative paths, sorted."
        }
      }
    },
  },
  "notebook.note_run": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "line"
      ],
      "properties": {
        "line": {
          "type": "string",
          "minLength": 1,
          "description": "The bash line, e.g. \"ls -la\"."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "exit_code",
        "output"
      ],
      "properties": {
        "exit_code": {
          "type": "integer"
        },
        "output": {
          "type": "string",
          "description": "stdout and stderr together."
        }
      }
    },
  },
  "notebook.url_check": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "url"
      ],
      "properties": {
        "url": {
          "type": "string",
          "minLength": 1,
          "description": "An absolute http:// or https:// URL."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "status",
        "content_type"
      ],
      "properties": {
        "status": {
          "type": "integer"
        },
        "content_type": {
          "type": "string"
        }
      }
    },
  },
  "notebook.sign_in": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "user",
        "password"
      ],
      "properties": {
        "user": {
          "type": "string",
          "minLength": 1
        },
        "password": {
          "type": "string",
          "minLength": 1
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "user",
        "signed_in"
      ],
      "properties": {
        "user": {
          "type": "string"
        },
        "signed_in": {
          "type": "boolean"
        }
      }
    },
  },
  "notebook.note_save": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "text"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1
        },
        "text": {
          "type": "string"
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "bytes"
      ],
      "properties": {
        "path": {
          "type": "string"
        },
        "bytes": {
          "type": "integer"
        }
      }
    },
  },
} as const;
