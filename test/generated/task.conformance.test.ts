// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "task",
  "operations": [
    {
      "id": "task.task_create",
      "provider": "task",
      "name": "task_create",
      "descriptor": {
        "kind": "resource",
        "risk": "low",
        "idempotent": false,
        "openWorld": false,
        "title": "Create task",
        "errors": [
          "TIMEOUT",
          "UNAVAILABLE",
          "ALREADY_EXISTS",
          "LIMIT_REACHED"
        ],
        "riskNote": "Only writes the toolkit's own task list, never workspace files or the outside world."
      },
      "probes": {
        "missing": [
          {
            "field": "title",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "title",
            "input": {
              "title": 12345
            }
          },
          {
            "field": "description",
            "input": {
              "title": "Run the test suite",
              "description": 12345
            }
          },
          {
            "field": "status",
            "input": {
              "title": "Run the test suite",
              "status": 987654321
            }
          }
        ],
        "unknown": {
          "title": "Run the test suite",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "creates a pending task with the first id",
          "input": {
            "title": "Run the test suite"
          },
          "expect": {
            "output": {
              "task": {
                "id": "t1",
                "title": "Run the test suite",
                "status": "pending"
              }
            },
            "text_contains": "t1"
          }
        },
        {
          "name": "creates a task with a description and a status",
          "input": {
            "title": "Refactor the parser",
            "description": "Split lexer and parser into two files.",
            "status": "in_progress"
          },
          "expect": {
            "output": {
              "task": {
                "id": "t1",
                "description": "Split lexer and parser into two files.",
                "status": "in_progress"
              }
            }
          }
        },
        {
          "name": "continues the ids of a persisted task file",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":3,\"tasks\":[{\"id\":\"t1\",\"title\":\"a\",\"status\":\"completed\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"},{\"id\":\"t2\",\"title\":\"b\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "title": "Write the changelog"
          },
          "expect": {
            "output": {
              "task": {
                "id": "t3",
                "title": "Write the changelog",
                "status": "pending"
              }
            }
          }
        },
        {
          "name": "refuses a blank title",
          "input": {
            "title": "   "
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "title"
          }
        },
        {
          "name": "runs once the user approves a rule that asks",
          "options": {
            "policy": {
              "rules": [
                {
                  "operation": "task_*",
                  "decision": "ask"
                }
              ]
            },
            "user": {
              "approve": true
            }
          },
          "input": {
            "title": "Deploy",
            "status": "completed"
          },
          "expect": {
            "output": {
              "task": {
                "id": "t1",
                "title": "Deploy",
                "status": "completed"
              }
            }
          }
        },
        {
          "name": "is denied by the readOnly policy preset",
          "options": {
            "policy": "readOnly"
          },
          "input": {
            "title": "Deploy"
          },
          "expect": {
            "error": "DENIED_BY_POLICY"
          }
        },
        {
          "name": "is denied outside the capability profile",
          "options": {
            "profile": [
              "filesystem.*"
            ]
          },
          "input": {
            "title": "Deploy"
          },
          "expect": {
            "error": "DENIED_BY_POLICY",
            "text_contains": "profile"
          }
        }
      ]
    },
    {
      "id": "task.task_update",
      "provider": "task",
      "name": "task_update",
      "descriptor": {
        "kind": "resource",
        "risk": "low",
        "idempotent": true,
        "openWorld": false,
        "title": "Update task",
        "errors": [
          "NOT_FOUND",
          "TIMEOUT",
          "UNAVAILABLE",
          "ALREADY_EXISTS"
        ],
        "riskNote": "Only writes the toolkit's own task list, never workspace files or the outside world."
      },
      "probes": {
        "missing": [
          {
            "field": "id",
            "input": {
              "status": "completed"
            }
          }
        ],
        "wrongType": [
          {
            "field": "id",
            "input": {
              "id": 12345,
              "status": "completed"
            }
          },
          {
            "field": "title",
            "input": {
              "id": "t1",
              "status": "completed",
              "title": 12345
            }
          },
          {
            "field": "description",
            "input": {
              "id": "t1",
              "status": "completed",
              "description": 12345
            }
          },
          {
            "field": "status",
            "input": {
              "id": "t1",
              "status": 987654321
            }
          }
        ],
        "unknown": {
          "id": "t1",
          "status": "completed",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "marks a persisted task completed",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Run the tests\",\"status\":\"in_progress\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "id": "t1",
            "status": "completed"
          },
          "expect": {
            "output": {
              "task": {
                "id": "t1",
                "title": "Run the tests",
                "status": "completed",
                "created_at": "2026-01-01T00:00:00.000Z"
              },
              "changed": [
                "status"
              ]
            },
            "text_contains": "in_progress → completed"
          }
        },
        {
          "name": "renames a task and sets its description",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Tests\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "id": "t1",
            "title": "Run the unit tests",
            "description": "Use vitest."
          },
          "expect": {
            "output": {
              "task": {
                "title": "Run the unit tests",
                "description": "Use vitest.",
                "status": "pending"
              },
              "changed": [
                "title",
                "description"
              ]
            }
          }
        },
        {
          "name": "an empty description clears it",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Tests\",\"description\":\"old\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "id": "t1",
            "description": ""
          },
          "expect": {
            "output": {
              "task": {
                "id": "t1",
                "title": "Tests"
              },
              "changed": [
                "description"
              ]
            }
          }
        },
        {
          "name": "unknown id is NOT_FOUND and leaves the file alone",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Tests\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "id": "t9",
            "status": "completed"
          },
          "expect": {
            "error": "NOT_FOUND",
            "text_contains": "t1",
            "files": {
              ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Tests\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
            }
          }
        },
        {
          "name": "unknown id in an empty list",
          "input": {
            "id": "t1",
            "status": "completed"
          },
          "expect": {
            "error": "NOT_FOUND",
            "text_contains": "task_list"
          }
        },
        {
          "name": "an update without fields changes nothing",
          "input": {
            "id": "t1"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "status"
          }
        },
        {
          "name": "setting the status a task already has changes nothing",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"Tests\",\"status\":\"completed\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "id": "t1",
            "status": "completed"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "already"
          }
        },
        {
          "name": "refuses a blank title",
          "input": {
            "id": "t1",
            "title": "  "
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "title"
          }
        }
      ]
    },
    {
      "id": "task.task_list",
      "provider": "task",
      "name": "task_list",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "List tasks",
        "errors": [
          "UNAVAILABLE"
        ]
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "status",
            "input": {
              "status": 987654321
            }
          }
        ],
        "unknown": {
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an empty list",
          "input": {},
          "expect": {
            "output": {
              "tasks": [],
              "counts": {
                "pending": 0,
                "in_progress": 0,
                "completed": 0,
                "cancelled": 0
              }
            },
            "text_contains": "No tasks"
          }
        },
        {
          "name": "lists persisted tasks in order",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":3,\"tasks\":[{\"id\":\"t1\",\"title\":\"a\",\"status\":\"completed\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"},{\"id\":\"t2\",\"title\":\"b\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {},
          "expect": {
            "output": {
              "tasks": [
                {
                  "id": "t1",
                  "title": "a",
                  "status": "completed"
                },
                {
                  "id": "t2",
                  "title": "b",
                  "status": "pending"
                }
              ],
              "counts": {
                "pending": 1,
                "completed": 1
              }
            },
            "text_contains": "t2 [pending] b"
          }
        },
        {
          "name": "filters by status",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":3,\"tasks\":[{\"id\":\"t1\",\"title\":\"a\",\"status\":\"completed\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"},{\"id\":\"t2\",\"title\":\"b\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "status": "completed"
          },
          "expect": {
            "output": {
              "tasks": [
                {
                  "id": "t1"
                }
              ],
              "counts": {
                "pending": 1,
                "completed": 1
              }
            }
          }
        },
        {
          "name": "a filter that matches nothing",
          "files": {
            ".toolwright/tasks.json": "{\"version\":1,\"next\":2,\"tasks\":[{\"id\":\"t1\",\"title\":\"a\",\"status\":\"pending\",\"created_at\":\"2026-01-01T00:00:00.000Z\",\"updated_at\":\"2026-01-01T00:00:00.000Z\"}]}"
          },
          "options": {
            "tasks": {
              "file": ".toolwright/tasks.json"
            }
          },
          "input": {
            "status": "in_progress"
          },
          "expect": {
            "output": {
              "tasks": [],
              "counts": {
                "pending": 1,
                "in_progress": 0
              }
            },
            "text_contains": "No in_progress tasks"
          }
        },
        {
          "name": "a deny rule's reason reaches the model",
          "options": {
            "policy": {
              "rules": [
                {
                  "provider": "task",
                  "decision": "deny",
                  "reason": "task tracking is off in this session"
                }
              ]
            }
          },
          "input": {},
          "expect": {
            "error": "DENIED_BY_POLICY",
            "text_contains": "task tracking is off"
          }
        },
        {
          "name": "is allowed by the readOnly policy preset",
          "options": {
            "policy": "readOnly"
          },
          "input": {},
          "expect": {
            "output": {
              "tasks": []
            }
          }
        },
        {
          "name": "is denied outside the capability profile",
          "options": {
            "profile": [
              "search.*"
            ]
          },
          "input": {},
          "expect": {
            "error": "DENIED_BY_POLICY"
          }
        }
      ]
    }
  ]
});
