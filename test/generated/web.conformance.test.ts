// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "web",
  "operations": [
    {
      "id": "web.web_fetch",
      "provider": "web",
      "name": "web_fetch",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": true,
        "longRunning": true,
        "title": "Fetch a web page",
        "errors": [
          "BLOCKED_URL",
          "HTTP_ERROR",
          "NETWORK_ERROR",
          "TIMEOUT",
          "UNSUPPORTED_CONTENT"
        ],
        "riskNote": "Read-only because it is GET-only (no method, body or headers can be chosen) and refuses private, loopback and cloud-metadata addresses, so it cannot change state on the servers it reaches."
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
          },
          {
            "field": "format",
            "input": {
              "url": "file:///etc/passwd",
              "format": 987654321
            }
          },
          {
            "field": "max_bytes",
            "input": {
              "url": "file:///etc/passwd",
              "max_bytes": "not a number"
            }
          },
          {
            "field": "start_index",
            "input": {
              "url": "file:///etc/passwd",
              "start_index": "not a number"
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "url": "file:///etc/passwd",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "url": "file:///etc/passwd",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "refuses a non-http scheme",
          "input": {
            "url": "file:///etc/passwd"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "http or https"
          }
        },
        {
          "name": "refuses ftp",
          "input": {
            "url": "ftp://ftp.example.com/readme.txt"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "refuses a URL that is not absolute",
          "input": {
            "url": "example.com/page"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "blocks loopback by default",
          "input": {
            "url": "http://127.0.0.1:9/"
          },
          "expect": {
            "error": "BLOCKED_URL",
            "text_contains": "loopback"
          }
        },
        {
          "name": "blocks the cloud metadata address",
          "input": {
            "url": "http://169.254.169.254/latest/meta-data/"
          },
          "expect": {
            "error": "BLOCKED_URL",
            "text_contains": "link-local"
          }
        },
        {
          "name": "blocks a decimal-encoded loopback address",
          "input": {
            "url": "http://2130706433:9/"
          },
          "expect": {
            "error": "BLOCKED_URL"
          }
        },
        {
          "name": "blocks a hex-encoded loopback address",
          "input": {
            "url": "http://0x7f.1:9/"
          },
          "expect": {
            "error": "BLOCKED_URL"
          }
        },
        {
          "name": "blocks an IPv4-mapped IPv6 loopback address",
          "input": {
            "url": "http://[::ffff:127.0.0.1]:9/"
          },
          "expect": {
            "error": "BLOCKED_URL",
            "text_contains": "IPv4-mapped"
          }
        },
        {
          "name": "blocks a private network address",
          "input": {
            "url": "http://10.0.0.1/admin",
            "format": "raw"
          },
          "expect": {
            "error": "BLOCKED_URL",
            "text_contains": "private"
          }
        },
        {
          "name": "blocks an IPv6 unique-local address",
          "input": {
            "url": "http://[fd00::1]/"
          },
          "expect": {
            "error": "BLOCKED_URL"
          }
        },
        {
          "name": "refuses credentials in the URL",
          "input": {
            "url": "https://user:secret@example.com/"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "allowHosts lifts the block, so a closed local port is a network error",
          "options": {
            "web": {
              "allowHosts": [
                "127.0.0.1"
              ]
            }
          },
          "input": {
            "url": "http://127.0.0.1:9/",
            "timeout_ms": 5000
          },
          "expect": {
            "error": "NETWORK_ERROR"
          }
        }
      ]
    },
    {
      "id": "web.web_search",
      "provider": "web",
      "name": "web_search",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": true,
        "title": "Search the web",
        "errors": [
          "UNAVAILABLE",
          "HTTP_ERROR",
          "NETWORK_ERROR",
          "TIMEOUT"
        ]
      },
      "probes": {
        "missing": [
          {
            "field": "query",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "query",
            "input": {
              "query": 12345
            }
          },
          {
            "field": "max_results",
            "input": {
              "query": "typescript satisfies operator",
              "max_results": "not a number"
            }
          },
          {
            "field": "allowed_domains",
            "input": {
              "query": "typescript satisfies operator",
              "allowed_domains": {
                "not": "an array"
              }
            }
          },
          {
            "field": "blocked_domains",
            "input": {
              "query": "typescript satisfies operator",
              "blocked_domains": {
                "not": "an array"
              }
            }
          }
        ],
        "unknown": {
          "query": "typescript satisfies operator",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "without a backend it says how to configure one",
          "input": {
            "query": "typescript satisfies operator"
          },
          "expect": {
            "error": "UNAVAILABLE",
            "text_contains": "TOOLWRIGHT_SEARCH_URL"
          }
        },
        {
          "name": "domain filters still need a backend",
          "input": {
            "query": "asyncio tutorial",
            "allowed_domains": [
              "docs.python.org"
            ],
            "max_results": 3
          },
          "expect": {
            "error": "UNAVAILABLE",
            "text_contains": "TOOLWRIGHT_BRAVE_API_KEY"
          }
        },
        {
          "name": "blocked domains without a backend",
          "input": {
            "query": "rust borrow checker",
            "blocked_domains": [
              "pinterest.com"
            ]
          },
          "expect": {
            "error": "UNAVAILABLE"
          }
        },
        {
          "name": "refuses a blank query",
          "input": {
            "query": "   "
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "blank"
          }
        },
        {
          "name": "refuses a domain that is both allowed and blocked",
          "input": {
            "query": "node streams",
            "allowed_domains": [
              "nodejs.org"
            ],
            "blocked_domains": [
              "nodejs.org"
            ]
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "both allowed and blocked"
          }
        },
        {
          "name": "refuses a domain filter that is not a domain name",
          "input": {
            "query": "node streams",
            "allowed_domains": [
              "not a domain"
            ]
          },
          "expect": {
            "error": "INVALID_INPUT",
            "text_contains": "domain names"
          }
        }
      ]
    }
  ]
});
