#!/usr/bin/env bash
# Run by scripts/test-examples.sh in an installed copy of this example, after the build: the
# provider served by the installed bin (`toolwright schema|call --provider ./dist/index.js`).
set -euo pipefail
git init -q -b main repo-under-test
npx --no-install toolwright schema --provider ./dist/index.js --workspace repo-under-test | grep -q 'git_status'
npx --no-install toolwright call git_status '{}' --provider ./dist/index.js --workspace repo-under-test --json | grep -q '"branch": "main"'
