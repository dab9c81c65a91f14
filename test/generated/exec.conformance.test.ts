// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { runConformance } from 'toolwright/testing';
import { handlers } from "../../src/handlers/index.js";
import { providers as registry } from "../../src/generated/registry.js";

runConformance({
  registry,
  handlers,
  "provider": "exec",
  "operations": [
    {
      "id": "exec.bash",
      "provider": "exec",
      "name": "bash",
      "descriptor": {
        "kind": "resource",
        "risk": "high",
        "idempotent": false,
        "openWorld": true,
        "longRunning": true,
        "title": "Run a shell command",
        "errors": [
          "NOT_FOUND",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "UNAVAILABLE",
          "TOO_LARGE",
          "LIMIT_REACHED"
        ],
        "riskNote": "Runs any command with the host user's rights unless the toolkit sets exec.sandbox (bubblewrap: read-only filesystem except the workspace, no network, hidden home secrets, every process killed with the call). Variables whose names look secret (*KEY*, *TOKEN*, *SECRET*, *PASSWORD*, *CREDENTIAL*, TOOLWRIGHT_*) are withheld by default. Classified high for every command: the command string is not inspected."
      },
      "probes": {
        "missing": [
          {
            "field": "command",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "command",
            "input": {
              "command": 12345
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "command": "echo hello",
              "timeout_ms": "not a number"
            }
          },
          {
            "field": "cwd",
            "input": {
              "command": "echo hello",
              "cwd": 12345
            }
          },
          {
            "field": "description",
            "input": {
              "command": "echo hello",
              "description": 12345
            }
          },
          {
            "field": "run_in_background",
            "input": {
              "command": "echo hello",
              "run_in_background": "yes"
            }
          },
          {
            "field": "pty",
            "input": {
              "command": "echo hello",
              "pty": "yes"
            }
          }
        ],
        "unknown": {
          "command": "echo hello",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "prints to stdout",
          "input": {
            "command": "echo hello"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "signal": null,
              "stdout": "hello\n",
              "stderr": "",
              "timed_out": false,
              "truncated": false
            },
            "text_contains": "exit code 0"
          }
        },
        {
          "name": "a non-zero exit is a result with stderr",
          "input": {
            "command": "echo oops >&2; exit 3"
          },
          "expect": {
            "output": {
              "exit_code": 3,
              "stdout": "",
              "stderr": "oops\n",
              "timed_out": false
            },
            "text_contains": "exit code 3"
          }
        },
        {
          "name": "a missing command exits 127",
          "input": {
            "command": "no-such-command-toolwright-xyz"
          },
          "expect": {
            "output": {
              "exit_code": 127,
              "timed_out": false
            },
            "text_contains": "command not found"
          }
        },
        {
          "name": "runs in a subfolder given as cwd",
          "files": {
            "sub/a.txt": "alpha\n",
            "b.txt": "beta\n"
          },
          "input": {
            "command": "ls; cat a.txt",
            "cwd": "sub"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "stdout": "a.txt\nalpha\n"
            }
          }
        },
        {
          "name": "writes files in the workspace",
          "input": {
            "command": "mkdir -p out && printf 'made by bash' > out/result.txt"
          },
          "expect": {
            "output": {
              "exit_code": 0
            },
            "files": {
              "out/result.txt": "made by bash"
            }
          }
        },
        {
          "name": "runs without a pager or terminal",
          "input": {
            "command": "echo \"$PAGER $GIT_PAGER $TERM\"; test -t 0 || echo no-tty"
          },
          "expect": {
            "output": {
              "stdout": "cat cat dumb\nno-tty\n"
            }
          }
        },
        {
          "name": "adds environment variables from the toolkit options",
          "options": {
            "exec": {
              "env": {
                "TOOLWRIGHT_GREETING": "hi there"
              }
            }
          },
          "input": {
            "command": "echo \"$TOOLWRIGHT_GREETING\""
          },
          "expect": {
            "output": {
              "stdout": "hi there\n"
            }
          }
        },
        {
          "name": "reports the signal that ended bash",
          "input": {
            "command": "echo before; kill -KILL $$"
          },
          "expect": {
            "output": {
              "exit_code": null,
              "signal": "SIGKILL",
              "stdout": "before\n"
            },
            "text_contains": "SIGKILL"
          }
        },
        {
          "name": "a timeout kills the command and keeps the output so far",
          "input": {
            "command": "echo started; sleep 30; echo never",
            "timeout_ms": 300
          },
          "expect": {
            "output": {
              "timed_out": true,
              "stdout": "started\n"
            },
            "text_contains": "timed out after 300 ms"
          }
        },
        {
          "name": "cuts long output to head and tail",
          "options": {
            "exec": {
              "outputLimit": 200
            }
          },
          "input": {
            "command": "seq 1 5000"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "truncated": true
            },
            "text_contains": "bytes omitted"
          }
        },
        {
          "name": "refuses a cwd outside the workspace",
          "input": {
            "command": "pwd",
            "cwd": "../.."
          },
          "expect": {
            "error": "OUTSIDE_WORKSPACE"
          }
        },
        {
          "name": "refuses a cwd that does not exist",
          "input": {
            "command": "pwd",
            "cwd": "missing-dir"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "refuses a cwd that is a file",
          "files": {
            "notes.txt": "x"
          },
          "input": {
            "command": "pwd",
            "cwd": "notes.txt"
          },
          "expect": {
            "error": "NOT_DIRECTORY"
          }
        },
        {
          "name": "starts a background job and returns at once with its id",
          "input": {
            "command": "echo from-the-job",
            "run_in_background": true
          },
          "expect": {
            "output": {
              "exit_code": null,
              "stdout": "",
              "job_id": "job-1"
            },
            "text_contains": "bash_output"
          }
        },
        {
          "name": "a sandbox that cannot start refuses to run the command",
          "options": {
            "exec": {
              "sandbox": "read-only",
              "bwrapPath": "/nonexistent/bwrap"
            }
          },
          "input": {
            "command": "touch ran.txt"
          },
          "expect": {
            "error": "UNAVAILABLE",
            "files": {
              "ran.txt": null
            }
          }
        }
      ]
    },
    {
      "id": "exec.bash_output",
      "provider": "exec",
      "name": "bash_output",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": false,
        "openWorld": false,
        "title": "Read a background job's output",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE"
        ],
        "riskNote": "Reads what a job of this session printed; it starts and changes nothing."
      },
      "probes": {
        "missing": [],
        "wrongType": [
          {
            "field": "job_id",
            "input": {
              "job_id": 12345
            }
          },
          {
            "field": "wait_ms",
            "input": {
              "wait_ms": "not a number"
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
          "name": "lists no jobs in a fresh session",
          "input": {},
          "expect": {
            "output": {
              "jobs": []
            },
            "text_contains": "no background jobs"
          }
        },
        {
          "name": "an unknown job id is NOT_FOUND",
          "input": {
            "job_id": "job-99"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        },
        {
          "name": "wait_ms needs a job id",
          "input": {
            "wait_ms": 100
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        }
      ]
    },
    {
      "id": "exec.bash_kill",
      "provider": "exec",
      "name": "bash_kill",
      "descriptor": {
        "kind": "resource",
        "risk": "low",
        "idempotent": true,
        "openWorld": false,
        "title": "Stop a background job",
        "errors": [
          "NOT_FOUND",
          "UNAVAILABLE"
        ],
        "riskNote": "Ends only a job this session started (its whole process tree); it cannot reach other processes."
      },
      "probes": {
        "missing": [
          {
            "field": "job_id",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "job_id",
            "input": {
              "job_id": 12345
            }
          }
        ],
        "unknown": {
          "job_id": "job-1",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an unknown job id is NOT_FOUND",
          "input": {
            "job_id": "job-1"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        }
      ]
    },
    {
      "id": "exec.bash_write",
      "provider": "exec",
      "name": "bash_write",
      "descriptor": {
        "kind": "resource",
        "risk": "high",
        "idempotent": false,
        "openWorld": true,
        "title": "Type input into a background job",
        "errors": [
          "NOT_FOUND",
          "INPUT_CLOSED",
          "LIMIT_REACHED",
          "UNAVAILABLE"
        ],
        "riskNote": "Sends any text to a running command of this session, which reads it as it likes: a shell or an interpreter runs it as code, a prompt takes it as an answer. The policy decided the command when it started; the input is not inspected, so the call is classified high like bash."
      },
      "probes": {
        "missing": [
          {
            "field": "job_id",
            "input": {
              "input": "yes\n"
            }
          },
          {
            "field": "input",
            "input": {
              "job_id": "job-7"
            }
          }
        ],
        "wrongType": [
          {
            "field": "job_id",
            "input": {
              "job_id": 12345,
              "input": "yes\n"
            }
          },
          {
            "field": "input",
            "input": {
              "job_id": "job-7",
              "input": 12345
            }
          },
          {
            "field": "eof",
            "input": {
              "job_id": "job-7",
              "input": "yes\n",
              "eof": "yes"
            }
          }
        ],
        "unknown": {
          "job_id": "job-7",
          "input": "yes\n",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "an unknown job id is NOT_FOUND",
          "input": {
            "job_id": "job-7",
            "input": "yes\n"
          },
          "expect": {
            "error": "NOT_FOUND"
          }
        }
      ]
    },
    {
      "id": "exec.shell_read",
      "provider": "exec",
      "name": "shell_read",
      "descriptor": {
        "kind": "data_source",
        "risk": "read_only",
        "idempotent": true,
        "openWorld": false,
        "title": "Inspect with read-only shell commands",
        "errors": [
          "NOT_FOUND",
          "NOT_DIRECTORY",
          "OUTSIDE_WORKSPACE",
          "PERMISSION_DENIED",
          "UNAVAILABLE"
        ],
        "riskNote": "Read-only because the command line is parsed before anything runs and refused unless every simple command is an allowlisted inspection program (ls, cat, head, tail, wc, grep, rg, find, sort, sed, awk, git's read subcommands, …) without its write or exec options, joined only by pipes and lists, with no substitution, assignment or redirection but to /dev/null. Each program's words are read with a model of its own option grammar; an option it does not know is refused. Where a sandbox is available it also runs read-only and offline inside one; where none is, only lines whose files lie inside the workspace are accepted."
      },
      "probes": {
        "missing": [
          {
            "field": "command",
            "input": {}
          }
        ],
        "wrongType": [
          {
            "field": "command",
            "input": {
              "command": 12345
            }
          },
          {
            "field": "cwd",
            "input": {
              "command": "ls src | wc -l",
              "cwd": 12345
            }
          },
          {
            "field": "timeout_ms",
            "input": {
              "command": "ls src | wc -l",
              "timeout_ms": "not a number"
            }
          }
        ],
        "unknown": {
          "command": "ls src | wc -l",
          "not_a_declared_property": true
        }
      },
      "examples": [
        {
          "name": "lists and counts through a pipe",
          "files": {
            "src/a.ts": "a\n",
            "src/b.ts": "b\n"
          },
          "input": {
            "command": "ls src | wc -l"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "stdout": "2\n"
            }
          }
        },
        {
          "name": "reads a file with grep and sort",
          "files": {
            "notes.txt": "pear\napple\nplum\n"
          },
          "input": {
            "command": "grep p notes.txt | sort"
          },
          "expect": {
            "output": {
              "exit_code": 0,
              "stdout": "apple\npear\nplum\n"
            }
          }
        },
        {
          "name": "refuses a program that is not an inspection program",
          "input": {
            "command": "rm -rf src"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "refuses find -delete",
          "files": {
            "keep.txt": "x"
          },
          "input": {
            "command": "find . -name keep.txt -delete"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "files": {
              "keep.txt": "x"
            }
          }
        },
        {
          "name": "refuses sort -o",
          "files": {
            "a.txt": "b\na\n"
          },
          "input": {
            "command": "sort -o a.txt a.txt"
          },
          "expect": {
            "error": "INVALID_INPUT",
            "files": {
              "a.txt": "b\na\n"
            }
          }
        },
        {
          "name": "refuses output redirection to a file",
          "input": {
            "command": "echo hi > out.txt"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "refuses command substitution",
          "input": {
            "command": "echo $(touch made.txt)"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        },
        {
          "name": "refuses git -c",
          "input": {
            "command": "git -c core.pager=touch log"
          },
          "expect": {
            "error": "INVALID_INPUT"
          }
        }
      ]
    }
  ]
});
