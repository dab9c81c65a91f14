// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "user",
  "operations": [
    {
      "id": "user.ask_user",
      "provider": "user",
      "name": "ask_user",
      "descriptor": {
        "kind": "interactive",
        "risk": "read_only",
        "idempotent": false,
        "openWorld": false,
        "title": "Ask the user",
        "errors": [
          "UNAVAILABLE",
          "TIMEOUT"
        ],
        "riskNote": "Only blocks on a human; the answer changes nothing by itself."
      },
      "probes": {
        "missing": [
          {
            "field": "question",
            "input": {
              "options": [
                {
                  "label": "PostgreSQL",
                  "description": "Relational, already in the stack"
                },
                {
                  "label": "SQLite"
                }
              ]
            }
          }
        ],
        "wrongType": [
          {
            "field": "question",
            "input": {
              "question": 12345,
              "options": [
                {
                  "label": "PostgreSQL",
                  "description": "Relational, already in the stack"
                },
                {
                  "label": "SQLite"
                }
              ]
            }
          },
          {
            "field": "options",
            "input": {
              "question": "Which database should the service use?",
              "options": {
                "not": "an array"
              }
            }
          },
          {
            "field": "multi_select",
            "input": {
              "question": "Which database should the service use?",
              "options": [
                {
                  "label": "PostgreSQL",
                  "description": "Relational, already in the stack"
                },
                {
                  "label": "SQLite"
                }
              ],
              "multi_select": "yes"
            }
          }
        ],
        "unknown": {
          "question": "Which database should the service use?",
          "options": [
            {
              "label": "PostgreSQL",
              "description": "Relational, already in the stack"
            },
            {
              "label": "SQLite"
            }
          ],
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "picks an option from scripted answers",
          "options": {
            "user": {
              "answers": [
                "PostgreSQL"
              ]
            }
          },
          "input": {
            "question": "Which database should the service use?",
            "options": [
              {
                "label": "PostgreSQL",
                "description": "Relational, already in the stack"
              },
              {
                "label": "SQLite"
              }
            ]
          },
          "expect": {
            "output": {
              "answer": "PostgreSQL",
              "selected": [
                "PostgreSQL"
              ]
            },
            "text_contains": "PostgreSQL"
          }
        },
        {
          "name": "takes a free-text answer",
          "options": {
            "user": {
              "answers": [
                "Use port 8080"
              ]
            }
          },
          "input": {
            "question": "Which port should the dev server use?"
          },
          "expect": {
            "output": {
              "answer": "Use port 8080",
              "selected": []
            }
          }
        },
        {
          "name": "takes several options of a multi-select",
          "options": {
            "user": {
              "answers": [
                [
                  "Linux",
                  "macOS"
                ]
              ]
            }
          },
          "input": {
            "question": "Which platforms must be supported?",
            "options": [
              {
                "label": "Linux"
              },
              {
                "label": "macOS"
              },
              {
                "label": "Windows"
              }
            ],
            "multi_select": true
          },
          "expect": {
            "output": {
              "answer": "Linux, macOS",
              "selected": [
                "Linux",
                "macOS"
              ]
            }
          }
        },
        {
          "name": "a dismissed question is CANCELLED",
          "options": {
            "user": {
              "answers": [
                null
              ]
            }
          },
          "input": {
            "question": "Should I delete the build folder?"
          },
          "expect": {
            "error": "CANCELLED"
          }
        },
        {
          "name": "no user channel is UNAVAILABLE",
          "input": {
            "question": "Which database should the service use?",
            "options": [
              {
                "label": "PostgreSQL"
              },
              {
                "label": "SQLite"
              }
            ]
          },
          "expect": {
            "error": "UNAVAILABLE",
            "text_contains": "best judgement"
          }
        },
        {
          "name": "multi_select without options is invalid",
          "input": {
            "question": "Which platforms?",
            "multi_select": true
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "options"
          }
        },
        {
          "name": "duplicate option labels are invalid",
          "input": {
            "question": "Which one?",
            "options": [
              {
                "label": "A"
              },
              {
                "label": "a"
              }
            ]
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "distinct"
          }
        },
        {
          "name": "a blank question is invalid",
          "input": {
            "question": "  "
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "question"
          }
        }
      ]
    }
  ]
});
