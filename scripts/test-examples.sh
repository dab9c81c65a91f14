#!/usr/bin/env bash
# The public path, end to end: build and pack toolwright and its generator (@toolwright/codegen),
# install the two tarballs into a copy of each example (nothing from this checkout but the
# tarballs: toolwright as a dependency, the generator as a dev dependency, as a provider's project
# has them; `toolwright generate` without the generator must say what to install), then
# `toolwright generate --check`, strict
# `tsc` (no skipLibCheck), the build, the example's vitest (which may serve dist/ through the
# installed bin), its smoke.sh if it has one, and a sabotaged handler that must make the generated
# conformance tests fail. Then a provider scaffolded by `toolwright init provider` from the packed CLI
# must generate, typecheck and pass its own tests with the two tarballs installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$(mktemp -d "${TMPDIR:-/tmp}/toolwright-examples-XXXXXX")"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }

step "build and pack toolwright and @toolwright/codegen"
npm run --silent build
npm run --silent build:codegen
tarball="$work/$(npm pack --ignore-scripts --silent --pack-destination "$work" | tail -n 1)"
codegen_tarball="$work/$(npm pack --ignore-scripts --silent --pack-destination "$work" -w @toolwright/codegen | tail -n 1)"
echo "$tarball"
echo "$codegen_tarball"

for example in examples/*/; do
  name="$(basename "$example")"
  dir="$work/$name"
  step "$name: install its lock file, then the toolwright tarball"
  mkdir -p "$dir"
  (cd "$example" && tar --exclude=./node_modules --exclude=./dist -cf - .) | (cd "$dir" && tar -xf -)
  cd "$dir"
  npm ci --no-audit --no-fund --prefer-offline --loglevel=error
  npm install --save --no-audit --no-fund --prefer-offline --loglevel=error "$tarball"

  step "$name: toolwright generate without the generator is a usage error naming what to install"
  set +e
  npx --no-install toolwright generate --check >/dev/null 2>"$work/no-codegen.txt"
  code=$?
  set -e
  if [ "$code" != 2 ] || [ "$(wc -l <"$work/no-codegen.txt")" != 1 ] || ! grep -qx 'toolwright generate needs the generator, which is not installed: npm install --save-dev @toolwright/codegen@[0-9.]*' "$work/no-codegen.txt"; then
    cat "$work/no-codegen.txt"; echo "expected exit 2 and one line naming @toolwright/codegen (got $code)" >&2; exit 1
  fi

  step "$name: install the generator tarball as a dev dependency"
  npm install --save-dev --no-audit --no-fund --prefer-offline --loglevel=error "$codegen_tarball"

  step "$name: toolwright generate --check"
  npx --no-install toolwright generate --check

  step "$name: tsc (strict, no skipLibCheck)"
  npx --no-install tsc --noEmit -p tsconfig.json

  # The build comes before the tests: an example's tests may serve dist/ through the installed bin.
  if [ -f tsconfig.build.json ]; then
    step "$name: build (tsc -p tsconfig.build.json)"
    npx --no-install tsc -p tsconfig.build.json
  fi

  step "$name: vitest"
  npx --no-install vitest run

  if [ -f tsconfig.build.json ]; then
    if [ -f smoke.sh ]; then
      step "$name: smoke.sh (the built provider through the installed bin)"
      bash smoke.sh
    fi
    step "$name: --provider with a module that exports no providers is a usage error"
    echo 'export const notProviders = 1;' > "$work/not-a-provider.mjs"
    set +e
    npx --no-install toolwright call any_tool '{}' --provider "$work/not-a-provider.mjs" >/dev/null 2>"$work/usage.txt"
    code=$?
    set -e
    if [ "$code" != 2 ] || ! grep -q 'no `providers` export' "$work/usage.txt"; then
      cat "$work/usage.txt"; echo "expected exit 2 and a usage error for a module without providers (got $code)" >&2; exit 1
    fi
  fi

  step "$name: a sabotaged handler makes the generated conformance tests fail"
  handlers="src/handlers.ts"
  # Every operation's output loses its first declared key: the examples' output checks must fail.
  node -e '
    const fs = require("fs");
    const file = process.argv[1];
    const text = fs.readFileSync(file, "utf8");
    const sabotaged = text.replace(/async (\w+)\(params, ctx\) \{/g, "async $1(params, ctx) { if (params !== null) return { sabotaged: true } as never;");
    if (sabotaged === text) { console.error("could not sabotage " + file); process.exit(1); }
    fs.writeFileSync(file, sabotaged);
  ' "$handlers"
  if npx --no-install vitest run test/generated >"$work/sabotaged.txt" 2>&1; then
    cat "$work/sabotaged.txt"; echo "the conformance tests passed against a sabotaged handler" >&2; exit 1
  fi
  grep -Eq 'failed' "$work/sabotaged.txt"
  echo "conformance failed as it must ($(grep -Eo '[0-9]+ failed' "$work/sabotaged.txt" | head -n 1))"
  cd "$root"
done
step "init provider: scaffold demo-lines with the packed CLI, install the tarballs, generate, typecheck, test"
scaffold="$work/scaffold"
mkdir -p "$scaffold"
cd "$scaffold"
npm init -y --silent >/dev/null
npm install --no-audit --no-fund --prefer-offline --loglevel=error "$tarball"
npx --no-install toolwright init provider demo-lines --dir demo
set +e
npx --no-install toolwright init provider demo-lines --dir demo >/dev/null 2>"$work/init-again.txt"
code=$?
set -e
if [ "$code" != 2 ] || ! grep -q 'is not empty' "$work/init-again.txt"; then
  cat "$work/init-again.txt"; echo "expected exit 2 for a second init into the same folder (got $code)" >&2; exit 1
fi
cd demo
# Both tarballs in one install: toolwright and its generator are not fetched from the registry.
npm install --no-audit --no-fund --prefer-offline --loglevel=error "$tarball" "$codegen_tarball"
npm run --silent generate
npm run --silent typecheck
npm run --silent build
npm test
cd "$root"
step "examples: all passed"
