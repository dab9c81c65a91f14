// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "agent",
  "operations": [
    {
      "id": "agent.spawn_subagent",
      "provider": "agent",
      "name": "spawn_subagent",
      "descriptor": {
        "kind": "resource",
        "risk": "critical",
        "idempotent": false,
        "openWorld": true,
        "longRunning": true,
        "title": "Spawn sub-agent",
        "errors": [
          "UNAVAILABLE"
        ],
        "riskNote": "The sub-agent acts on its own with every capability it is given, up to this agent's own."
      },
      "probes": {
        "missing": [
          {
            "field": "prompt",
            "input": {
              "description": "Find TODOs"
            }
          },
          {
            "field": "description",
            "input": {
              "prompt": "List every TODO in src/ and report file:line for each."
            }
          }
        ],
        "wrongType": [
          {
            "field": "prompt",
            "input": {
              "prompt": 12345,
              "description": "Find TODOs"
            }
          },
          {
            "field": "description",
            "input": {
              "prompt": "List every TODO in src/ and report file:line for each.",
              "description": 12345
            }
          },
          {
            "field": "capabilities",
            "input": {
              "prompt": "List every TODO in src/ and report file:line for each.",
              "description": "Find TODOs",
              "capabilities": {
                "not": "an array"
              }
            }
          }
        ],
        "unknown": {
          "prompt": "List every TODO in src/ and report file:line for each.",
          "description": "Find TODOs",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "no kernel attached is UNAVAILABLE",
          "input": {
            "prompt": "List every TODO in src/ and report file:line for each.",
            "description": "Find TODOs"
          },
          "expect": {
            "error": "UNAVAILABLE",
            "text_contains": "kernel"
          }
        },
        {
          "name": "no kernel with capabilities within the profile is UNAVAILABLE",
          "options": {
            "profile": [
              "filesystem.*",
              "search.*",
              "agent.*"
            ]
          },
          "input": {
            "prompt": "Summarize README.md.",
            "description": "Summarize readme",
            "capabilities": [
              "filesystem.read_file",
              "search.*"
            ]
          },
          "expect": {
            "error": "UNAVAILABLE"
          }
        },
        {
          "name": "asking for every capability from a narrower profile is denied",
          "options": {
            "profile": [
              "filesystem.*",
              "agent.*"
            ]
          },
          "input": {
            "prompt": "Do anything.",
            "description": "Widen tools",
            "capabilities": [
              "*"
            ]
          },
          "expect": {
            "error": "DENIED_BY_POLICY",
            "text_contains": "exec.bash"
          }
        },
        {
          "name": "asking for a provider outside the profile is denied",
          "options": {
            "profile": [
              "filesystem.read_file",
              "spawn_subagent"
            ]
          },
          "input": {
            "prompt": "Edit files.",
            "description": "Edit files",
            "capabilities": [
              "filesystem.*"
            ]
          },
          "expect": {
            "error": "DENIED_BY_POLICY",
            "text_contains": "filesystem.write_file"
          }
        },
        {
          "name": "a capability that names no operation is invalid",
          "input": {
            "prompt": "Read files.",
            "description": "Read files",
            "capabilities": [
              "files.read"
            ]
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "files.read"
          }
        },
        {
          "name": "a depth limit of zero refuses any sub-agent",
          "options": {
            "maxDepth": 0
          },
          "input": {
            "prompt": "Summarize README.md.",
            "description": "Summarize readme"
          },
          "expect": {
            "error": "DENIED_BY_POLICY",
            "text_contains": "depth"
          }
        },
        {
          "name": "needs approval under askForRisky and no user channel denies it",
          "options": {
            "policy": "askForRisky"
          },
          "input": {
            "prompt": "Summarize README.md.",
            "description": "Summarize readme"
          },
          "expect": {
            "error": "DENIED_BY_POLICY"
          }
        },
        {
          "name": "a blank prompt is invalid",
          "input": {
            "prompt": "  ",
            "description": "Nothing"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "prompt"
          }
        }
      ]
    }
  ]
});
