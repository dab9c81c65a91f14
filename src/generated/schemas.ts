// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

export const schemas = {
  "filesystem.read_file": {
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
          "maxLength": 4096,
          "description": "File path, relative to the workspace root or absolute inside it."
        },
        "offset": {
          "type": "integer",
          "default": 1,
          "description": "Line to start from, 1-based; negative counts from the end (-50 starts 50 lines before the end, -1 is the last line). For a notebook, the first cell to show. 0 is invalid."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "default": 2000,
          "description": "Maximum number of lines (notebook cells) to return."
        },
        "line_numbers": {
          "type": "boolean",
          "default": true,
          "description": "Prefix each line with its line number and a tab."
        },
        "count_lines": {
          "type": "boolean",
          "default": false,
          "description": "Count all lines of a large file so total_lines is exact (reads the whole file once; later reads of the same file version reuse the count)."
        },
        "pages": {
          "type": "string",
          "pattern": "^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$",
          "description": "PDF only, the pages to extract, e.g. \"3\" or \"1-5\" (default \"1-20\"; at most 20 pages per call)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "type",
        "content",
        "truncated"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path with / separators."
        },
        "type": {
          "type": "string",
          "enum": [
            "text",
            "image",
            "pdf",
            "notebook"
          ],
          "description": "What the file is; the fields below marked with a type are set for that type only."
        },
        "content": {
          "type": "string",
          "description": "text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when more follows (lines, pages or cells) or something was cut."
        },
        "start_line": {
          "type": "integer",
          "description": "text: line number of the first line shown; negative when counted from the end (-1 = last line) because the total is not known."
        },
        "end_line": {
          "type": "integer",
          "description": "text: line number of the last line shown (start_line - 1 when the window is empty)."
        },
        "total_lines": {
          "type": "integer",
          "description": "text: number of lines in the file, when known (exact whenever present)."
        },
        "total_lines_known": {
          "type": "boolean",
          "description": "text: false when the file is too large to count without reading it all; pass count_lines: true to count it."
        },
        "encoding": {
          "type": "string",
          "description": "text: how the file was decoded: utf-8, utf-8-bom, utf-16le, utf-16be, or a legacy encoding such as windows-1252, iso-8859-2, shift_jis, gbk, big5, euc-kr. Edits and writes keep it."
        },
        "encoding_confidence": {
          "type": "number",
          "description": "text, legacy encodings: the detector's confidence 0-1 (0: no confident guess, decoded as a single-byte fallback)."
        },
        "next_offset": {
          "type": "integer",
          "description": "text, notebook: the offset to pass to continue reading, when more follows."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "path"
          ],
          "description": "The exact arguments of the read_file call that continues where this one stopped (the same arguments with offset, or pages, moved on); absent when nothing more follows.",
          "properties": {
            "path": {
              "type": "string"
            },
            "offset": {
              "type": "integer"
            },
            "limit": {
              "type": "integer"
            },
            "line_numbers": {
              "type": "boolean"
            },
            "count_lines": {
              "type": "boolean"
            },
            "pages": {
              "type": "string"
            }
          }
        },
        "mime_type": {
          "type": "string",
          "enum": [
            "image/png",
            "image/jpeg",
            "image/gif",
            "image/webp"
          ],
          "description": "image: the type of data."
        },
        "data": {
          "type": "string",
          "description": "image: the image, base64-encoded (scaled down when larger than the limits)."
        },
        "width": {
          "type": "integer",
          "description": "image: width of data in pixels."
        },
        "height": {
          "type": "integer",
          "description": "image: height of data in pixels."
        },
        "original_width": {
          "type": "integer",
          "description": "image: width of the file's image."
        },
        "original_height": {
          "type": "integer",
          "description": "image: height of the file's image."
        },
        "page_count": {
          "type": "integer",
          "description": "pdf: number of pages in the document."
        },
        "pages": {
          "type": "string",
          "description": "pdf: the pages shown, e.g. 1-5."
        },
        "next_pages": {
          "type": "string",
          "description": "pdf: the pages to ask for next, when more follow."
        },
        "cell_count": {
          "type": "integer",
          "description": "notebook: number of cells."
        }
      },
      "oneOf": [
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "start_line",
            "end_line",
            "total_lines_known",
            "encoding"
          ],
          "properties": {
            "type": {
              "const": "text"
            },
            "path": true,
            "content": true,
            "truncated": true,
            "start_line": true,
            "end_line": true,
            "total_lines": true,
            "total_lines_known": true,
            "encoding": true,
            "encoding_confidence": true,
            "next_offset": true,
            "next": true
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "mime_type",
            "data",
            "width",
            "height",
            "original_width",
            "original_height"
          ],
          "properties": {
            "type": {
              "const": "image"
            },
            "path": true,
            "content": true,
            "truncated": true,
            "mime_type": true,
            "data": true,
            "width": true,
            "height": true,
            "original_width": true,
            "original_height": true
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "page_count",
            "pages"
          ],
          "properties": {
            "type": {
              "const": "pdf"
            },
            "path": true,
            "content": true,
            "truncated": true,
            "page_count": true,
            "pages": true,
            "next_pages": true,
            "next": true
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "cell_count"
          ],
          "properties": {
            "type": {
              "const": "notebook"
            },
            "path": true,
            "content": true,
            "truncated": true,
            "cell_count": true,
            "next_offset": true,
            "next": true
          }
        }
      ]
    },
  },
  "filesystem.write_file": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "content"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "File path, relative to the workspace root or absolute inside it."
        },
        "content": {
          "type": "string",
          "description": "The complete new content of the file (UTF-8)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "bytes",
        "created"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path with / separators."
        },
        "bytes": {
          "type": "integer",
          "description": "Number of bytes written."
        },
        "created": {
          "type": "boolean",
          "description": "True when the file did not exist before."
        },
        "diagnostics": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "introduced",
            "complete",
            "files_checked"
          ],
          "description": "Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.",
          "properties": {
            "introduced": {
              "type": "array",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "path",
                  "line",
                  "column",
                  "severity",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "Workspace-relative path."
                  },
                  "line": {
                    "type": "integer",
                    "description": "1-based line."
                  },
                  "column": {
                    "type": "integer",
                    "description": "1-based column (characters, as read_file shows the line)."
                  },
                  "end_line": {
                    "type": "integer"
                  },
                  "end_column": {
                    "type": "integer"
                  },
                  "severity": {
                    "type": "string",
                    "enum": [
                      "error",
                      "warning",
                      "information",
                      "hint"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
                  },
                  "source": {
                    "type": "string",
                    "description": "Which tool reported it (typescript, Pyright)."
                  }
                }
              }
            },
            "complete": {
              "type": "boolean",
              "description": "False when some file was not checked within the time budget (see note)."
            },
            "files_checked": {
              "type": "integer",
              "description": "Files compared before and after the change (the file and those that import it)."
            },
            "omitted": {
              "type": "integer",
              "description": "Introduced errors beyond those listed."
            },
            "note": {
              "type": "string",
              "description": "What was not checked and why (the server still starting, the time budget spent)."
            }
          }
        }
      }
    },
  },
  "filesystem.edit_file": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "old_str",
        "new_str"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "File path, relative to the workspace root or absolute inside it."
        },
        "old_str": {
          "type": "string",
          "description": "The exact text to replace; empty to create a new file."
        },
        "new_str": {
          "type": "string",
          "description": "The replacement text (inserted literally)."
        },
        "replace_all": {
          "type": "boolean",
          "default": false,
          "description": "Replace every occurrence instead of requiring exactly one."
        },
        "dry_run": {
          "type": "boolean",
          "default": false,
          "description": "Return the diff the edit would make without writing anything."
        },
        "match": {
          "type": "string",
          "enum": [
            "exact",
            "loose"
          ],
          "default": "exact",
          "description": "exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "replacements",
        "diff"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path with / separators."
        },
        "replacements": {
          "type": "integer",
          "description": "How many occurrences were replaced."
        },
        "diff": {
          "type": "string",
          "description": "Unified diff of the change."
        },
        "created": {
          "type": "boolean",
          "description": "True when an empty old_str created the file."
        },
        "normalized": {
          "type": "array",
          "items": {
            "type": "string",
            "enum": [
              "line_endings",
              "whitespace",
              "indentation",
              "quotes"
            ]
          },
          "description": "match: loose: what had to be normalised for old_str to match (absent when it matched exactly)."
        },
        "changed_since_read": {
          "type": "boolean",
          "description": "True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE)."
        },
        "dry_run": {
          "type": "boolean",
          "description": "True when nothing was written (dry_run was set)."
        },
        "diagnostics": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "introduced",
            "complete",
            "files_checked"
          ],
          "description": "Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.",
          "properties": {
            "introduced": {
              "type": "array",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "path",
                  "line",
                  "column",
                  "severity",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "Workspace-relative path."
                  },
                  "line": {
                    "type": "integer",
                    "description": "1-based line."
                  },
                  "column": {
                    "type": "integer",
                    "description": "1-based column (characters, as read_file shows the line)."
                  },
                  "end_line": {
                    "type": "integer"
                  },
                  "end_column": {
                    "type": "integer"
                  },
                  "severity": {
                    "type": "string",
                    "enum": [
                      "error",
                      "warning",
                      "information",
                      "hint"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
                  },
                  "source": {
                    "type": "string",
                    "description": "Which tool reported it (typescript, Pyright)."
                  }
                }
              }
            },
            "complete": {
              "type": "boolean",
              "description": "False when some file was not checked within the time budget (see note)."
            },
            "files_checked": {
              "type": "integer",
              "description": "Files compared before and after the change (the file and those that import it)."
            },
            "omitted": {
              "type": "integer",
              "description": "Introduced errors beyond those listed."
            },
            "note": {
              "type": "string",
              "description": "What was not checked and why (the server still starting, the time budget spent)."
            }
          }
        }
      }
    },
  },
  "filesystem.multi_edit": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "edits"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "File path, relative to the workspace root or absolute inside it."
        },
        "edits": {
          "type": "array",
          "minItems": 1,
          "maxItems": 200,
          "description": "The replacements, applied in this order.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "old_str",
              "new_str"
            ],
            "properties": {
              "old_str": {
                "type": "string",
                "minLength": 1,
                "description": "The exact text to replace (after the edits before this one)."
              },
              "new_str": {
                "type": "string",
                "description": "The replacement text (inserted literally)."
              },
              "replace_all": {
                "type": "boolean",
                "default": false,
                "description": "Replace every occurrence instead of requiring exactly one."
              }
            }
          }
        },
        "dry_run": {
          "type": "boolean",
          "default": false,
          "description": "Return the diff the edits would make without writing anything."
        },
        "match": {
          "type": "string",
          "enum": [
            "exact",
            "loose"
          ],
          "default": "exact",
          "description": "exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. Applies to every edit."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "replacements",
        "diff"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path with / separators."
        },
        "replacements": {
          "type": "integer",
          "description": "Total number of occurrences replaced by all the edits."
        },
        "diff": {
          "type": "string",
          "description": "One unified diff of the whole change."
        },
        "normalized": {
          "type": "array",
          "items": {
            "type": "string",
            "enum": [
              "line_endings",
              "whitespace",
              "indentation",
              "quotes"
            ]
          },
          "description": "match: loose: what had to be normalised for old_str to match (absent when it matched exactly)."
        },
        "changed_since_read": {
          "type": "boolean",
          "description": "True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE)."
        },
        "dry_run": {
          "type": "boolean",
          "description": "True when nothing was written (dry_run was set)."
        },
        "diagnostics": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "introduced",
            "complete",
            "files_checked"
          ],
          "description": "Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.",
          "properties": {
            "introduced": {
              "type": "array",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "path",
                  "line",
                  "column",
                  "severity",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "Workspace-relative path."
                  },
                  "line": {
                    "type": "integer",
                    "description": "1-based line."
                  },
                  "column": {
                    "type": "integer",
                    "description": "1-based column (characters, as read_file shows the line)."
                  },
                  "end_line": {
                    "type": "integer"
                  },
                  "end_column": {
                    "type": "integer"
                  },
                  "severity": {
                    "type": "string",
                    "enum": [
                      "error",
                      "warning",
                      "information",
                      "hint"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
                  },
                  "source": {
                    "type": "string",
                    "description": "Which tool reported it (typescript, Pyright)."
                  }
                }
              }
            },
            "complete": {
              "type": "boolean",
              "description": "False when some file was not checked within the time budget (see note)."
            },
            "files_checked": {
              "type": "integer",
              "description": "Files compared before and after the change (the file and those that import it)."
            },
            "omitted": {
              "type": "integer",
              "description": "Introduced errors beyond those listed."
            },
            "note": {
              "type": "string",
              "description": "What was not checked and why (the server still starting, the time budget spent)."
            }
          }
        }
      }
    },
  },
  "filesystem.apply_patch": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "input"
      ],
      "properties": {
        "input": {
          "type": "string",
          "minLength": 1,
          "maxLength": 16777216,
          "description": "The whole patch, from *** Begin Patch to *** End Patch."
        },
        "dry_run": {
          "type": "boolean",
          "default": false,
          "description": "Return the diff the patch would make without writing anything."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "files",
        "diff"
      ],
      "properties": {
        "files": {
          "type": "array",
          "description": "Each file section of the patch, in order.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "action"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators (for a move, where the file went)."
              },
              "action": {
                "type": "string",
                "enum": [
                  "add",
                  "update",
                  "delete",
                  "move"
                ]
              },
              "from": {
                "type": "string",
                "description": "For a move, where the file was."
              },
              "replaced": {
                "type": "boolean",
                "description": "An Add File or Move to put the file in place of one that was there."
              },
              "changes": {
                "type": "integer",
                "description": "How many @@ changes an Update File section made."
              },
              "normalized": {
                "type": "array",
                "items": {
                  "type": "string",
                  "enum": [
                    "trailing_whitespace",
                    "whitespace",
                    "punctuation"
                  ]
                },
                "description": "How loosely some change matched (trailing blanks, leading and trailing blanks, typographic dashes, quotes and spaces); absent when every line matched exactly."
              }
            }
          }
        },
        "diff": {
          "type": "string",
          "description": "Unified diff of every file changed."
        },
        "changed_since_read": {
          "type": "boolean",
          "description": "True when a file had changed on disk since this session read it, but not in the lines changed nor the 3 lines around them (a change there is refused as STALE_FILE)."
        },
        "dry_run": {
          "type": "boolean",
          "description": "True when nothing was written (dry_run was set)."
        },
        "diagnostics": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "introduced",
            "complete",
            "files_checked"
          ],
          "description": "Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.",
          "properties": {
            "introduced": {
              "type": "array",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "path",
                  "line",
                  "column",
                  "severity",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "Workspace-relative path."
                  },
                  "line": {
                    "type": "integer",
                    "description": "1-based line."
                  },
                  "column": {
                    "type": "integer",
                    "description": "1-based column (characters, as read_file shows the line)."
                  },
                  "end_line": {
                    "type": "integer"
                  },
                  "end_column": {
                    "type": "integer"
                  },
                  "severity": {
                    "type": "string",
                    "enum": [
                      "error",
                      "warning",
                      "information",
                      "hint"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
                  },
                  "source": {
                    "type": "string",
                    "description": "Which tool reported it (typescript, Pyright)."
                  }
                }
              }
            },
            "complete": {
              "type": "boolean",
              "description": "False when some file was not checked within the time budget (see note)."
            },
            "files_checked": {
              "type": "integer",
              "description": "Files compared before and after the change (the file and those that import it)."
            },
            "omitted": {
              "type": "integer",
              "description": "Introduced errors beyond those listed."
            },
            "note": {
              "type": "string",
              "description": "What was not checked and why (the server still starting, the time budget spent)."
            }
          }
        }
      }
    },
  },
  "filesystem.list_directory": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "default": ".",
          "description": "Folder to list, relative to the workspace root or absolute inside it."
        },
        "depth": {
          "type": "integer",
          "minimum": 1,
          "maximum": 10,
          "default": 1,
          "description": "How many levels to list (1 = only the folder's own entries)."
        },
        "include_ignored": {
          "type": "boolean",
          "default": false,
          "description": "Also list what .gitignore ignores, and .git/."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 10000,
          "default": 1000,
          "description": "Maximum number of entries to return."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000000,
          "default": 0,
          "description": "Skip this many entries of the walk (breadth first, folders first, then by name) before listing; a cut answer's next gives it."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "entries",
        "truncated",
        "ignored"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "The listed folder, workspace-relative ('.' for the root)."
        },
        "entries": {
          "type": "array",
          "description": "Entries in tree order (each folder followed by its own entries when depth > 1).",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "type"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "type": {
                "type": "string",
                "enum": [
                  "file",
                  "dir",
                  "symlink",
                  "other"
                ],
                "description": "What the entry is (a symlink is not followed)."
              },
              "size": {
                "type": "integer",
                "description": "Size in bytes (files and other non-folders)."
              },
              "target": {
                "type": "string",
                "description": "Where a symlink points (as written in the link)."
              }
            }
          }
        },
        "truncated": {
          "type": "boolean",
          "description": "True when more entries exist than were returned."
        },
        "ignored": {
          "type": "integer",
          "description": "Entries hidden because .gitignore ignores them or they are .git (in the folders read)."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "offset"
          ],
          "description": "The exact arguments of the list_directory call that lists the entries after these (offset moved on); absent when the listing is complete.",
          "properties": {
            "path": {
              "type": "string"
            },
            "depth": {
              "type": "integer"
            },
            "include_ignored": {
              "type": "boolean"
            },
            "limit": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            }
          }
        }
      }
    },
  },
  "filesystem.checkpoint_list": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000,
          "default": 20,
          "description": "Most checkpoints to return (the newest)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "checkpoints",
        "total"
      ],
      "properties": {
        "checkpoints": {
          "type": "array",
          "description": "Newest first.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "operation",
              "created_at",
              "files",
              "restorable"
            ],
            "properties": {
              "id": {
                "type": "string",
                "description": "The checkpoint's id (cp-1, cp-2, … in the order the calls began)."
              },
              "operation": {
                "type": "string",
                "description": "The operation that made it (provider.operation)."
              },
              "command": {
                "type": "string",
                "description": "For a bash checkpoint, the command line (cut at 500 characters)."
              },
              "created_at": {
                "type": "string",
                "description": "When the call began (ISO 8601)."
              },
              "files": {
                "type": "array",
                "items": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "path",
                    "change"
                  ],
                  "properties": {
                    "path": {
                      "type": "string",
                      "description": "Workspace-relative path with / separators."
                    },
                    "change": {
                      "type": "string",
                      "enum": [
                        "added",
                        "modified",
                        "deleted"
                      ]
                    }
                  }
                }
              },
              "restorable": {
                "type": "boolean",
                "description": "False when some file's earlier content was not kept (larger than the byte bound) or the call did not finish writing."
              }
            }
          }
        },
        "total": {
          "type": "integer",
          "description": "How many checkpoints the session keeps."
        },
        "dropped": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "count"
          ],
          "description": "The checkpoints the limits dropped (oldest first); absent when none were.",
          "properties": {
            "count": {
              "type": "integer"
            },
            "last": {
              "type": "string",
              "description": "The newest checkpoint dropped."
            },
            "reason": {
              "type": "string",
              "enum": [
                "count",
                "bytes"
              ],
              "description": "Which limit dropped the last ones."
            }
          }
        }
      }
    },
  },
  "filesystem.checkpoint_diff": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "description": "The checkpoint's id, as checkpoint_list shows it (cp-3)."
        },
        "scope": {
          "type": "string",
          "enum": [
            "call",
            "since"
          ],
          "default": "call",
          "description": "call: that call's changes; since: from before that call to now."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "files",
        "diff"
      ],
      "properties": {
        "id": {
          "type": "string"
        },
        "files": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "change"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "change": {
                "type": "string",
                "enum": [
                  "added",
                  "modified",
                  "deleted"
                ]
              },
              "unavailable": {
                "type": "string",
                "description": "Why this file's diff cannot be shown (its content was not kept)."
              }
            }
          }
        },
        "diff": {
          "type": "string",
          "description": "Unified diff of every file (binary files named only)."
        }
      }
    },
  },
  "filesystem.checkpoint_restore": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "description": "The checkpoint's id, as checkpoint_list shows it (cp-3)."
        },
        "scope": {
          "type": "string",
          "enum": [
            "call",
            "since"
          ],
          "default": "call",
          "description": "call: undo that call's changes; since: put files back as they were before that call."
        },
        "dry_run": {
          "type": "boolean",
          "default": false,
          "description": "Return the diff the restore would make without writing anything."
        },
        "force": {
          "type": "boolean",
          "default": false,
          "description": "Also restore files changed since by someone else (their changes are lost)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "restored",
        "skipped",
        "diff"
      ],
      "properties": {
        "restored": {
          "type": "array",
          "description": "Files written back or removed.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "action"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "action": {
                "type": "string",
                "enum": [
                  "write",
                  "delete"
                ]
              }
            }
          }
        },
        "skipped": {
          "type": "array",
          "description": "Files left as they are, and why.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "reason"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "reason": {
                "type": "string",
                "enum": [
                  "changed_since",
                  "not_kept",
                  "unsupported",
                  "outside_workspace"
                ],
                "description": "changed_since: someone else changed it after the checkpoint (force restores it anyway); not_kept: its earlier content was larger than the byte bound; unsupported: a symbolic link or a special file; outside_workspace: its path now leads outside the workspace."
              }
            }
          }
        },
        "diff": {
          "type": "string",
          "description": "Unified diff from the files now to the files restored."
        },
        "checkpoint": {
          "type": "string",
          "description": "The checkpoint this restore recorded (restore it to undo the restore)."
        },
        "dry_run": {
          "type": "boolean",
          "description": "True when nothing was written (dry_run was set)."
        }
      }
    },
  },
  "search.glob": {
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
          "maxLength": 4096,
          "description": "Glob pattern relative to `path`, e.g. \"**/*.ts\", \"src/*.{js,jsx}\", \"**/README*\"."
        },
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "default": ".",
          "description": "Folder to search in, relative to the workspace root or absolute inside it."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "default": 1000,
          "description": "Maximum number of files to return (the newest ones)."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000000,
          "default": 0,
          "description": "Skip this many files of the order (newest first, then by path) before returning any; a cut answer's next gives it."
        },
        "include_ignored": {
          "type": "boolean",
          "default": false,
          "description": "Also list files ignored by .gitignore and files inside .git folders."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "files",
        "truncated",
        "total"
      ],
      "properties": {
        "files": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Matching files, workspace-relative with / separators, newest first."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when more files matched than `limit`."
        },
        "total": {
          "type": "integer",
          "description": "Number of files that matched before `limit` was applied."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "pattern",
            "offset"
          ],
          "description": "The exact arguments of the glob call that returns the files after these (offset moved on); absent when no more matched.",
          "properties": {
            "pattern": {
              "type": "string"
            },
            "path": {
              "type": "string"
            },
            "limit": {
              "type": "integer"
            },
            "include_ignored": {
              "type": "boolean"
            },
            "offset": {
              "type": "integer"
            }
          }
        }
      }
    },
  },
  "search.grep": {
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
          "maxLength": 10000,
          "description": "Regular expression (ripgrep/Rust syntax) to search for, or a literal string when fixed_strings is true."
        },
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "default": ".",
          "description": "File or folder to search, relative to the workspace root or absolute inside it."
        },
        "glob": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1000,
          "description": "Only search files matching this glob, e.g. \"*.ts\" (any depth) or \"src/**/*.{js,jsx}\" (a glob with / is relative to the workspace root); prefix with ! to exclude."
        },
        "case_insensitive": {
          "type": "boolean",
          "default": false,
          "description": "Match regardless of letter case."
        },
        "fixed_strings": {
          "type": "boolean",
          "default": false,
          "description": "Treat pattern as a literal string, not a regular expression."
        },
        "multiline": {
          "type": "boolean",
          "default": false,
          "description": "Let the pattern match across lines (`.` also matches newlines)."
        },
        "context": {
          "type": "integer",
          "minimum": 0,
          "maximum": 20,
          "default": 0,
          "description": "Number of lines to show before and after each match (content mode only)."
        },
        "output_mode": {
          "type": "string",
          "enum": [
            "content",
            "files_with_matches",
            "count"
          ],
          "default": "content",
          "description": "content = matching lines; files_with_matches = paths only; count = matching lines per file."
        },
        "max_results": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000000,
          "default": 200,
          "description": "Stop after this many matching lines (content), files (files_with_matches) or files counted (count)."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000000,
          "default": 0,
          "description": "Skip this many results (matching lines, files or counts) of the search in path order before collecting; a cut answer's next gives it."
        },
        "include_ignored": {
          "type": "boolean",
          "default": false,
          "description": "Also search files ignored by .gitignore and files inside .git folders."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 1,
          "maximum": 600000,
          "default": 60000,
          "description": "Give up (TIMEOUT) after this many milliseconds."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "truncated"
      ],
      "properties": {
        "matches": {
          "type": "array",
          "description": "Matching lines (output_mode content), grouped by file, in line order.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "line",
              "text"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "line": {
                "type": "integer",
                "description": "1-based line number (of the first line, for a multiline match)."
              },
              "text": {
                "type": "string",
                "description": "The matching line (cut with a marker past 2000 characters)."
              },
              "before": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "Up to `context` lines just before the match."
              },
              "after": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "Up to `context` lines just after the match."
              }
            }
          }
        },
        "files": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Files containing a match (output_mode files_with_matches), sorted by path."
        },
        "counts": {
          "type": "array",
          "description": "Matching lines per file (output_mode count), sorted by path.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "count"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path with / separators."
              },
              "count": {
                "type": "integer",
                "description": "Number of matching lines in the file."
              }
            }
          }
        },
        "truncated": {
          "type": "boolean",
          "description": "True when the search stopped (at max_results, or at the ~960 KiB result bound) and more results exist."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "pattern",
            "offset"
          ],
          "description": "The exact arguments of the grep call that returns the results after these (offset moved on); absent when the search is complete.",
          "properties": {
            "pattern": {
              "type": "string"
            },
            "path": {
              "type": "string"
            },
            "glob": {
              "type": "string"
            },
            "case_insensitive": {
              "type": "boolean"
            },
            "fixed_strings": {
              "type": "boolean"
            },
            "multiline": {
              "type": "boolean"
            },
            "context": {
              "type": "integer"
            },
            "output_mode": {
              "type": "string"
            },
            "max_results": {
              "type": "integer"
            },
            "include_ignored": {
              "type": "boolean"
            },
            "timeout_ms": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            }
          }
        }
      }
    },
  },
  "exec.bash": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "command"
      ],
      "properties": {
        "command": {
          "type": "string",
          "minLength": 1,
          "description": "The bash command line to run, e.g. `npm test -- --run` or `git status --short`."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 1,
          "maximum": 600000,
          "default": 120000,
          "description": "Milliseconds before the command and its child processes are killed (max 600000 = 10 minutes)."
        },
        "cwd": {
          "type": "string",
          "minLength": 1,
          "description": "Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root."
        },
        "description": {
          "type": "string",
          "maxLength": 200,
          "description": "What the command does, in 5-10 words (shown to the user; does not change the run)."
        },
        "run_in_background": {
          "type": "boolean",
          "default": false,
          "description": "Start the command as a background job and return at once with its job_id (dev servers, watchers, long builds). Read it with bash_output, stop it with bash_kill, type into it with bash_write."
        },
        "pty": {
          "type": "boolean",
          "default": false,
          "description": "Run the command in a pseudo-terminal (120x30) instead of with stdin closed, for programs that prompt or need a terminal. A foreground call returns early with waiting_for_input when the command waits for input."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "exit_code",
        "signal",
        "stdout",
        "stderr",
        "timed_out",
        "truncated",
        "duration_ms"
      ],
      "properties": {
        "exit_code": {
          "type": [
            "integer",
            "null"
          ],
          "description": "The exit status of bash (null when it was ended by a signal)."
        },
        "signal": {
          "type": [
            "string",
            "null"
          ],
          "description": "Name of the signal that ended bash, e.g. SIGTERM or SIGKILL (null when it exited normally)."
        },
        "stdout": {
          "type": "string",
          "description": "Standard output (head and tail with an omitted-bytes marker when over the cap)."
        },
        "stderr": {
          "type": "string",
          "description": "Standard error (head and tail with an omitted-bytes marker when over the cap)."
        },
        "timed_out": {
          "type": "boolean",
          "description": "True when the command ran past timeout_ms and was killed."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when part of stdout or stderr was left out (over the cap, or binary)."
        },
        "duration_ms": {
          "type": "integer",
          "minimum": 0,
          "description": "Wall time from start until bash exited, in milliseconds."
        },
        "job_id": {
          "type": "string",
          "description": "With run_in_background, the id of the started job (the other fields are then empty placeholders); with waiting_for_input, the job the command lives on as."
        },
        "waiting_for_input": {
          "type": "boolean",
          "description": "True when the command (pty: true) waits for input: it keeps running as the background job job_id; stdout holds its output so far (the prompt). Answer with bash_write."
        },
        "notes": {
          "type": "array",
          "description": "In a sandbox, what the command left for the host's own tools to run later (git hooks and config, .git pointers, editor and tool configs) and what was done about each, and the connections the network proxy refused; absent when there is nothing.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "code",
              "path",
              "action",
              "message"
            ],
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "SANDBOX_ARTIFACT",
                  "NETWORK_REFUSED"
                ]
              },
              "path": {
                "type": "string",
                "description": "SANDBOX_ARTIFACT: workspace-relative path (absolute for a writable folder outside it). NETWORK_REFUSED: host:port refused (- for a request that named none)."
              },
              "action": {
                "type": "string",
                "enum": [
                  "moved_aside",
                  "removed",
                  "reported",
                  "refused"
                ],
                "description": "moved_aside: renamed so no tool runs it (nothing deleted); removed: a git redirection file the sandbox pinned against; reported: left in place, review it; refused: the proxy refused the connection or request."
              },
              "message": {
                "type": "string",
                "description": "What it is, what would run it, what was done; for NETWORK_REFUSED the line the proxy answered the command with."
              }
            }
          }
        }
      }
    },
  },
  "exec.bash_output": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "job_id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "The job to read, as returned by bash. Omit to list this session's jobs."
        },
        "wait_ms": {
          "type": "integer",
          "minimum": 0,
          "maximum": 60000,
          "description": "Wait up to this many milliseconds for new output or the end of the job before answering (needs job_id)."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "description": "Read the job's output from this byte position on (0 = its first byte) instead of from the last read; a cut answer's next gives it (needs job_id)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "job_id": {
          "type": "string",
          "description": "The job's id, e.g. job-1."
        },
        "command": {
          "type": "string",
          "description": "The command line (cut at 200 characters)."
        },
        "status": {
          "type": "string",
          "enum": [
            "running",
            "exited",
            "killed",
            "timed_out",
            "failed"
          ],
          "description": "running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped)."
        },
        "exit_code": {
          "type": [
            "integer",
            "null"
          ],
          "description": "Exit status once it ended (null while running or when ended by a signal)."
        },
        "signal": {
          "type": [
            "string",
            "null"
          ],
          "description": "Signal that ended it, if any."
        },
        "duration_ms": {
          "type": "integer",
          "minimum": 0,
          "description": "Time since it started, or how long it ran."
        },
        "total_bytes": {
          "type": "integer",
          "minimum": 0,
          "description": "Bytes of output it produced in total."
        },
        "unread_bytes": {
          "type": "integer",
          "minimum": 0,
          "description": "Bytes produced since the last bash_output on it."
        },
        "output": {
          "type": "string",
          "description": "Output since the last read (stdout and stderr interleaved; head and tail when over the cap)."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when part of the new output is not shown."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "job_id",
            "offset"
          ],
          "description": "The exact arguments of the bash_output call that reads on from where this output stopped (job_id and offset); absent when all output so far was shown.",
          "properties": {
            "job_id": {
              "type": "string"
            },
            "wait_ms": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            }
          }
        },
        "notes": {
          "type": "array",
          "description": "Once a sandboxed job ended, what it left for the host's own tools to run later and what was done about each, and the connections the network proxy refused (see bash).",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "code",
              "path",
              "action",
              "message"
            ],
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "SANDBOX_ARTIFACT",
                  "NETWORK_REFUSED"
                ]
              },
              "path": {
                "type": "string"
              },
              "action": {
                "type": "string",
                "enum": [
                  "moved_aside",
                  "removed",
                  "reported",
                  "refused"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          }
        },
        "jobs": {
          "type": "array",
          "description": "Without job_id, this session's jobs.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "job_id",
              "command",
              "status",
              "exit_code",
              "signal",
              "duration_ms",
              "total_bytes",
              "unread_bytes"
            ],
            "properties": {
              "job_id": {
                "type": "string",
                "description": "The job's id, e.g. job-1."
              },
              "command": {
                "type": "string",
                "description": "The command line (cut at 200 characters)."
              },
              "status": {
                "type": "string",
                "enum": [
                  "running",
                  "exited",
                  "killed",
                  "timed_out",
                  "failed"
                ],
                "description": "running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped)."
              },
              "exit_code": {
                "type": [
                  "integer",
                  "null"
                ],
                "description": "Exit status once it ended (null while running or when ended by a signal)."
              },
              "signal": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Signal that ended it, if any."
              },
              "duration_ms": {
                "type": "integer",
                "minimum": 0,
                "description": "Time since it started, or how long it ran."
              },
              "total_bytes": {
                "type": "integer",
                "minimum": 0,
                "description": "Bytes of output it produced in total."
              },
              "unread_bytes": {
                "type": "integer",
                "minimum": 0,
                "description": "Bytes produced since the last bash_output on it."
              }
            }
          }
        }
      }
    },
  },
  "exec.bash_kill": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "job_id"
      ],
      "properties": {
        "job_id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "The job to stop, as returned by bash."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "job_id",
        "killed",
        "status",
        "exit_code",
        "signal"
      ],
      "properties": {
        "job_id": {
          "type": "string",
          "description": "The job."
        },
        "killed": {
          "type": "boolean",
          "description": "True when this call stopped it; false when it had already ended."
        },
        "status": {
          "type": "string",
          "enum": [
            "running",
            "exited",
            "killed",
            "timed_out",
            "failed"
          ],
          "description": "The job's status now."
        },
        "exit_code": {
          "type": [
            "integer",
            "null"
          ],
          "description": "Its exit status (null when ended by a signal)."
        },
        "signal": {
          "type": [
            "string",
            "null"
          ],
          "description": "Signal that ended it, if any."
        }
      }
    },
  },
  "exec.bash_write": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "job_id",
        "input"
      ],
      "properties": {
        "job_id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "The job to write to, as returned by bash."
        },
        "input": {
          "type": "string",
          "maxLength": 65536,
          "description": "Text to write, e.g. \"bob\\n\" (an answer and Enter). May be empty with eof."
        },
        "eof": {
          "type": "boolean",
          "default": false,
          "description": "After the input, end the job's input (closes stdin; Ctrl-D in a terminal)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "job_id",
        "written_bytes",
        "eof",
        "status"
      ],
      "properties": {
        "job_id": {
          "type": "string",
          "description": "The job."
        },
        "written_bytes": {
          "type": "integer",
          "minimum": 0,
          "description": "Bytes of input written."
        },
        "eof": {
          "type": "boolean",
          "description": "True when the job's input was ended by this call."
        },
        "status": {
          "type": "string",
          "enum": [
            "running",
            "exited",
            "killed",
            "timed_out",
            "failed"
          ],
          "description": "The job's status now."
        }
      }
    },
  },
  "exec.shell_read": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "command"
      ],
      "properties": {
        "command": {
          "type": "string",
          "minLength": 1,
          "maxLength": 32768,
          "description": "The read-only command line, e.g. `git status --short && git log --oneline -n 5`."
        },
        "cwd": {
          "type": "string",
          "minLength": 1,
          "description": "Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 1,
          "maximum": 600000,
          "default": 120000,
          "description": "Milliseconds before the command and its child processes are killed (max 600000)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "exit_code",
        "signal",
        "stdout",
        "stderr",
        "timed_out",
        "truncated",
        "duration_ms"
      ],
      "properties": {
        "exit_code": {
          "type": [
            "integer",
            "null"
          ],
          "description": "The exit status (null when it was ended by a signal)."
        },
        "signal": {
          "type": [
            "string",
            "null"
          ],
          "description": "Name of the signal that ended it (null when it exited normally)."
        },
        "stdout": {
          "type": "string",
          "description": "Standard output (head and tail with an omitted-bytes marker when over the cap)."
        },
        "stderr": {
          "type": "string",
          "description": "Standard error (head and tail with an omitted-bytes marker when over the cap)."
        },
        "timed_out": {
          "type": "boolean",
          "description": "True when the command ran past timeout_ms and was killed."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when part of stdout or stderr was left out (over the cap, or binary)."
        },
        "duration_ms": {
          "type": "integer",
          "minimum": 0,
          "description": "Wall time in milliseconds."
        }
      }
    },
  },
  "web.web_fetch": {
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
          "maxLength": 8192,
          "description": "Absolute http:// or https:// URL to fetch."
        },
        "format": {
          "type": "string",
          "enum": [
            "markdown",
            "text",
            "raw"
          ],
          "default": "markdown",
          "description": "How to return HTML pages - markdown (default), text (no markup) or raw (the HTML as received). Non-HTML content is always returned as received."
        },
        "max_bytes": {
          "type": "integer",
          "minimum": 1,
          "maximum": 104857600,
          "default": 1048576,
          "description": "Most bytes of (decompressed) body to read (default 1 MiB); the rest is cut and truncated is set. Raise it for long pages or documents."
        },
        "start_index": {
          "type": "integer",
          "minimum": 0,
          "default": 0,
          "description": "Byte position in the (decompressed) body to read from, skipping what comes before; a cut answer's next gives it."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 120000,
          "default": 30000,
          "description": "Time limit for the whole fetch, redirects included, in milliseconds."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "url",
        "final_url",
        "status",
        "content_type",
        "content",
        "bytes",
        "truncated"
      ],
      "properties": {
        "url": {
          "type": "string",
          "description": "The URL as requested."
        },
        "final_url": {
          "type": "string",
          "description": "The URL the content came from, after redirects."
        },
        "status": {
          "type": "integer",
          "description": "HTTP status of the final response."
        },
        "content_type": {
          "type": "string",
          "description": "The response's Content-Type header ('' when absent)."
        },
        "title": {
          "type": "string",
          "description": "The HTML page's title, when it has one."
        },
        "content": {
          "type": "string",
          "description": "The page as Markdown or text (see format), or the body as received."
        },
        "bytes": {
          "type": "integer",
          "description": "Bytes of (decompressed) body read."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when the body was longer than max_bytes and was cut."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "url",
            "start_index"
          ],
          "description": "The exact arguments of the web_fetch call that reads the body on from where this one cut it (start_index moved on); absent when the body ended.",
          "properties": {
            "url": {
              "type": "string"
            },
            "format": {
              "type": "string"
            },
            "max_bytes": {
              "type": "integer"
            },
            "timeout_ms": {
              "type": "integer"
            },
            "start_index": {
              "type": "integer"
            }
          }
        }
      }
    },
  },
  "web.web_search": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "query"
      ],
      "properties": {
        "query": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1000,
          "description": "The search terms."
        },
        "max_results": {
          "type": "integer",
          "minimum": 1,
          "maximum": 20,
          "default": 8,
          "description": "Most results to return."
        },
        "allowed_domains": {
          "type": "array",
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 253
          },
          "description": "Only return results from these domains (e.g. docs.python.org); subdomains match too."
        },
        "blocked_domains": {
          "type": "array",
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 253
          },
          "description": "Never return results from these domains; subdomains match too."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "query",
        "backend",
        "results"
      ],
      "properties": {
        "query": {
          "type": "string",
          "description": "The query as searched."
        },
        "backend": {
          "type": "string",
          "description": "Which search backend answered (searxng, brave, or a host-supplied name)."
        },
        "results": {
          "type": "array",
          "description": "Results in the backend's ranking order, duplicates and non-http links removed.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "title",
              "url",
              "snippet"
            ],
            "properties": {
              "title": {
                "type": "string",
                "description": "Page title."
              },
              "url": {
                "type": "string",
                "description": "Page URL."
              },
              "snippet": {
                "type": "string",
                "description": "Short plain-text excerpt from the page ('' when none)."
              }
            }
          }
        }
      }
    },
  },
  "task.task_create": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "title"
      ],
      "properties": {
        "title": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "Short imperative title, e.g. \"Fix the failing login test\"."
        },
        "description": {
          "type": "string",
          "maxLength": 4000,
          "description": "Optional details, acceptance criteria or notes."
        },
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "in_progress",
            "completed",
            "cancelled"
          ],
          "default": "pending",
          "description": "Initial status."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "task"
      ],
      "properties": {
        "task": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "id",
            "title",
            "status",
            "created_at",
            "updated_at"
          ],
          "description": "The created task.",
          "properties": {
            "id": {
              "type": "string",
              "description": "Short stable id (t1, t2, …)."
            },
            "title": {
              "type": "string",
              "description": "Short imperative title."
            },
            "description": {
              "type": "string",
              "description": "Details, when given."
            },
            "status": {
              "type": "string",
              "enum": [
                "pending",
                "in_progress",
                "completed",
                "cancelled"
              ],
              "description": "Current status."
            },
            "created_at": {
              "type": "string",
              "description": "ISO 8601 time of creation."
            },
            "updated_at": {
              "type": "string",
              "description": "ISO 8601 time of the last change."
            }
          }
        }
      }
    },
  },
  "task.task_update": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "description": "The task id returned by task_create or task_list, e.g. \"t3\"."
        },
        "title": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "New title."
        },
        "description": {
          "type": "string",
          "maxLength": 4000,
          "description": "New description (an empty string clears it)."
        },
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "in_progress",
            "completed",
            "cancelled"
          ],
          "description": "New status."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "task",
        "changed"
      ],
      "properties": {
        "task": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "id",
            "title",
            "status",
            "created_at",
            "updated_at"
          ],
          "description": "The task after the update.",
          "properties": {
            "id": {
              "type": "string",
              "description": "Short stable id (t1, t2, …)."
            },
            "title": {
              "type": "string",
              "description": "Short imperative title."
            },
            "description": {
              "type": "string",
              "description": "Details, when given."
            },
            "status": {
              "type": "string",
              "enum": [
                "pending",
                "in_progress",
                "completed",
                "cancelled"
              ],
              "description": "Current status."
            },
            "created_at": {
              "type": "string",
              "description": "ISO 8601 time of creation."
            },
            "updated_at": {
              "type": "string",
              "description": "ISO 8601 time of the last change."
            }
          }
        },
        "changed": {
          "type": "array",
          "items": {
            "type": "string",
            "enum": [
              "title",
              "description",
              "status"
            ]
          },
          "description": "The fields whose value changed."
        }
      }
    },
  },
  "task.task_list": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "in_progress",
            "completed",
            "cancelled"
          ],
          "description": "Only tasks with this status."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "tasks",
        "counts"
      ],
      "properties": {
        "tasks": {
          "type": "array",
          "description": "The matching tasks, oldest first.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "title",
              "status",
              "created_at",
              "updated_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "description": "Short stable id (t1, t2, …)."
              },
              "title": {
                "type": "string",
                "description": "Short imperative title."
              },
              "description": {
                "type": "string",
                "description": "Details, when given."
              },
              "status": {
                "type": "string",
                "enum": [
                  "pending",
                  "in_progress",
                  "completed",
                  "cancelled"
                ],
                "description": "Current status."
              },
              "created_at": {
                "type": "string",
                "description": "ISO 8601 time of creation."
              },
              "updated_at": {
                "type": "string",
                "description": "ISO 8601 time of the last change."
              }
            }
          }
        },
        "counts": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "pending",
            "in_progress",
            "completed",
            "cancelled"
          ],
          "description": "How many tasks of the whole list have each status (ignores the filter).",
          "properties": {
            "pending": {
              "type": "integer",
              "description": "Tasks not started."
            },
            "in_progress": {
              "type": "integer",
              "description": "Tasks being worked on."
            },
            "completed": {
              "type": "integer",
              "description": "Tasks done."
            },
            "cancelled": {
              "type": "integer",
              "description": "Tasks dropped."
            }
          }
        }
      }
    },
  },
  "agent.spawn_subagent": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "prompt",
        "description"
      ],
      "properties": {
        "prompt": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100000,
          "description": "The complete task for the sub-agent, with all the context it needs."
        },
        "description": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "A short (3-5 word) label for the task, shown to the user."
        },
        "capabilities": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "An operation (read_file, search.grep) or a pattern (search.*)."
          },
          "description": "Operations the sub-agent may use; must be within this agent's own. Default - this agent's own."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "session_id",
        "status",
        "output"
      ],
      "properties": {
        "session_id": {
          "type": "string",
          "description": "The sub-agent's session id."
        },
        "status": {
          "type": "string",
          "enum": [
            "completed",
            "failed",
            "cancelled"
          ],
          "description": "How the sub-agent's session ended."
        },
        "output": {
          "type": "string",
          "description": "The sub-agent's final report (or why it failed)."
        }
      }
    },
  },
  "user.ask_user": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "question"
      ],
      "properties": {
        "question": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2000,
          "description": "The question, complete and specific, ending with a question mark."
        },
        "options": {
          "type": "array",
          "minItems": 2,
          "maxItems": 10,
          "description": "Choices to offer; labels must be distinct.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "label"
            ],
            "properties": {
              "label": {
                "type": "string",
                "minLength": 1,
                "maxLength": 100,
                "description": "Short label (1-5 words)."
              },
              "description": {
                "type": "string",
                "maxLength": 500,
                "description": "What choosing it means."
              }
            }
          }
        },
        "multi_select": {
          "type": "boolean",
          "default": false,
          "description": "Let the user pick several options (needs options)."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "answer",
        "selected"
      ],
      "properties": {
        "answer": {
          "type": "string",
          "description": "The user's answer: their own words, or the chosen labels joined with \", \"."
        },
        "selected": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Labels of the chosen options (empty when the user answered in their own words)."
        }
      }
    },
  },
  "code.diagnostics": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "default": ".",
          "description": "A source file, or a folder whose source files are checked (default the workspace root)."
        },
        "severity": {
          "type": "string",
          "enum": [
            "error",
            "warning",
            "information",
            "hint"
          ],
          "default": "warning",
          "description": "The least severe kind to list (error lists errors only)."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000,
          "default": 100,
          "description": "Most diagnostics to return."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "default": 0,
          "description": "Diagnostics to skip (what `next` continues with)."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "diagnostics",
        "files_checked",
        "total",
        "truncated"
      ],
      "properties": {
        "diagnostics": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "line",
              "column",
              "severity",
              "message"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path."
              },
              "line": {
                "type": "integer",
                "description": "1-based line."
              },
              "column": {
                "type": "integer",
                "description": "1-based column (characters, as read_file shows the line)."
              },
              "end_line": {
                "type": "integer"
              },
              "end_column": {
                "type": "integer"
              },
              "severity": {
                "type": "string",
                "enum": [
                  "error",
                  "warning",
                  "information",
                  "hint"
                ]
              },
              "message": {
                "type": "string"
              },
              "code": {
                "type": "string",
                "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
              },
              "source": {
                "type": "string",
                "description": "Which tool reported it (typescript, Pyright)."
              }
            }
          }
        },
        "files_checked": {
          "type": "integer",
          "description": "Source files whose diagnostics were asked for."
        },
        "total": {
          "type": "integer",
          "description": "Diagnostics found at the severity asked for, over all pages."
        },
        "truncated": {
          "type": "boolean",
          "description": "True when more remain; `next` continues."
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "description": "The arguments of the call that continues this answer; absent when it is complete.",
          "properties": {
            "path": {
              "type": "string"
            },
            "severity": {
              "type": "string"
            },
            "limit": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            },
            "timeout_ms": {
              "type": "integer"
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
  "code.definition": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "The file of the position (with line and column), or the file to look for `symbol` in."
        },
        "line": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based line of the position."
        },
        "column": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based column of the position (characters, as read_file shows the line); any character of the name."
        },
        "symbol": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "definitions"
      ],
      "properties": {
        "definitions": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "line",
              "column"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations)."
              },
              "line": {
                "type": "integer",
                "description": "1-based line."
              },
              "column": {
                "type": "integer",
                "description": "1-based column."
              },
              "end_line": {
                "type": "integer"
              },
              "end_column": {
                "type": "integer"
              },
              "text": {
                "type": "string",
                "description": "The line's text (cut at 200 characters)."
              },
              "outside_workspace": {
                "type": "boolean",
                "description": "True for a file outside the workspace (read_file cannot open it)."
              }
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
  "code.references": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "The file of the position (with line and column), or the file to look for `symbol` in."
        },
        "line": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based line of the position."
        },
        "column": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based column of the position (characters, as read_file shows the line); any character of the name."
        },
        "symbol": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."
        },
        "include_declaration": {
          "type": "boolean",
          "default": true,
          "description": "List the declaration itself too."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 5000,
          "default": 200,
          "description": "Most references to return."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "default": 0,
          "description": "References to skip (what `next` continues with)."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "references",
        "total",
        "truncated"
      ],
      "properties": {
        "references": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "line",
              "column"
            ],
            "properties": {
              "path": {
                "type": "string",
                "description": "Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations)."
              },
              "line": {
                "type": "integer",
                "description": "1-based line."
              },
              "column": {
                "type": "integer",
                "description": "1-based column."
              },
              "end_line": {
                "type": "integer"
              },
              "end_column": {
                "type": "integer"
              },
              "text": {
                "type": "string",
                "description": "The line's text (cut at 200 characters)."
              },
              "outside_workspace": {
                "type": "boolean",
                "description": "True for a file outside the workspace (read_file cannot open it)."
              }
            }
          }
        },
        "total": {
          "type": "integer",
          "description": "References found, over all pages."
        },
        "truncated": {
          "type": "boolean"
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "description": "The arguments of the call that continues this answer; absent when it is complete.",
          "properties": {
            "path": {
              "type": "string"
            },
            "line": {
              "type": "integer"
            },
            "column": {
              "type": "integer"
            },
            "symbol": {
              "type": "string"
            },
            "include_declaration": {
              "type": "boolean"
            },
            "limit": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            },
            "timeout_ms": {
              "type": "integer"
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
  "code.hover": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "The file of the position (with line and column), or the file to look for `symbol` in."
        },
        "line": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based line of the position."
        },
        "column": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based column of the position (characters, as read_file shows the line); any character of the name."
        },
        "symbol": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "line",
        "column",
        "contents",
        "truncated"
      ],
      "properties": {
        "path": {
          "type": "string",
          "description": "Workspace-relative path of the position."
        },
        "line": {
          "type": "integer"
        },
        "column": {
          "type": "integer"
        },
        "contents": {
          "type": "string",
          "description": "The signature and documentation (Markdown); empty when the server has nothing to show there."
        },
        "truncated": {
          "type": "boolean"
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
  "code.symbols": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "A source file whose outline to list."
        },
        "query": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "Instead of a file, a name to look for across the workspace."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 5000,
          "default": 200,
          "description": "Most symbols to return."
        },
        "offset": {
          "type": "integer",
          "minimum": 0,
          "default": 0,
          "description": "Symbols to skip (what `next` continues with)."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "symbols",
        "total",
        "truncated"
      ],
      "properties": {
        "symbols": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "name",
              "kind",
              "path",
              "line",
              "column"
            ],
            "properties": {
              "name": {
                "type": "string"
              },
              "kind": {
                "type": "string",
                "description": "class, method, function, variable, …"
              },
              "container": {
                "type": "string",
                "description": "Its containers joined by dots (what `symbol` takes before the name)."
              },
              "path": {
                "type": "string"
              },
              "line": {
                "type": "integer"
              },
              "column": {
                "type": "integer"
              },
              "end_line": {
                "type": "integer"
              },
              "outside_workspace": {
                "type": "boolean"
              }
            }
          }
        },
        "total": {
          "type": "integer",
          "description": "Symbols found, over all pages."
        },
        "truncated": {
          "type": "boolean"
        },
        "next": {
          "type": "object",
          "additionalProperties": false,
          "description": "The arguments of the call that continues this answer; absent when it is complete.",
          "properties": {
            "path": {
              "type": "string"
            },
            "query": {
              "type": "string"
            },
            "limit": {
              "type": "integer"
            },
            "offset": {
              "type": "integer"
            },
            "timeout_ms": {
              "type": "integer"
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
  "code.rename": {
    params: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "new_name"
      ],
      "properties": {
        "path": {
          "type": "string",
          "minLength": 1,
          "maxLength": 4096,
          "description": "The file of the position (with line and column), or the file to look for `symbol` in."
        },
        "line": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based line of the position."
        },
        "column": {
          "type": "integer",
          "minimum": 1,
          "description": "1-based column of the position (characters, as read_file shows the line); any character of the name."
        },
        "symbol": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."
        },
        "new_name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "description": "The new name."
        },
        "dry_run": {
          "type": "boolean",
          "default": true,
          "description": "Return the diff without writing (default); false applies it."
        },
        "timeout_ms": {
          "type": "integer",
          "minimum": 100,
          "maximum": 300000,
          "default": 60000,
          "description": "How long to wait for the language server, its start included."
        }
      }
    },
    result: {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "files",
        "replacements",
        "diff",
        "dry_run"
      ],
      "properties": {
        "files": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Workspace-relative paths of the files the rename changes."
        },
        "replacements": {
          "type": "integer",
          "description": "Text edits over all files."
        },
        "diff": {
          "type": "string",
          "description": "Unified diff of every file."
        },
        "dry_run": {
          "type": "boolean",
          "description": "True when nothing was written."
        },
        "diagnostics": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "introduced",
            "complete",
            "files_checked"
          ],
          "description": "Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.",
          "properties": {
            "introduced": {
              "type": "array",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "path",
                  "line",
                  "column",
                  "severity",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "Workspace-relative path."
                  },
                  "line": {
                    "type": "integer",
                    "description": "1-based line."
                  },
                  "column": {
                    "type": "integer",
                    "description": "1-based column (characters, as read_file shows the line)."
                  },
                  "end_line": {
                    "type": "integer"
                  },
                  "end_column": {
                    "type": "integer"
                  },
                  "severity": {
                    "type": "string",
                    "enum": [
                      "error",
                      "warning",
                      "information",
                      "hint"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string",
                    "description": "The server's code for the problem (2322, reportAttributeAccessIssue)."
                  },
                  "source": {
                    "type": "string",
                    "description": "Which tool reported it (typescript, Pyright)."
                  }
                }
              }
            },
            "complete": {
              "type": "boolean",
              "description": "False when some file was not checked within the time budget (see note)."
            },
            "files_checked": {
              "type": "integer",
              "description": "Files compared before and after the change (the file and those that import it)."
            },
            "omitted": {
              "type": "integer",
              "description": "Introduced errors beyond those listed."
            },
            "note": {
              "type": "string",
              "description": "What was not checked and why (the server still starting, the time budget spent)."
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "What was left out and why (files no server covers, files past the count checked)."
        }
      }
    },
  },
} as const;
