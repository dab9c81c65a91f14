#!/usr/bin/env bash
# Type-aware lint (typescript-eslint). The linter lives in tools/lint, its own package outside the
# workspace, installed here on first use so a library user never installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x tools/lint/node_modules/.bin/eslint ]; then
  npm ci --prefix tools/lint --no-audit --no-fund >/dev/null
fi
exec tools/lint/node_modules/.bin/eslint -c tools/lint/eslint.config.js "$@" .
