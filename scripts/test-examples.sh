#!/usr/bin/env bash
# The public path, end to end: build and pack toolwright and its generator (@toolwright/codegen),
# install the two tarballs into a copy of each example (nothing from this checkout but the
# tarballs: toolwright as a dependency, the generator as a dev dependency, as a provider's project
# has them; `toolwright generate` without the generator must name the generator's tarball beside
# toolwright's, and the command it prints installs it), then `toolwright generate --check`, strict
# `tsc` (no skipLibCheck), the build, the example's vitest (which may serve dist/ through the
# installed bin), its smoke.sh if it has one, and a sabotaged handler that must make the generated
# conformance tests fail. Then `toolwright init provider`, run from the installed tarballs and from
# this checkout's build, followed by exactly the steps it prints, against a registry that does not
# know toolwright (scripts/registry-without-toolwright.mjs): the new package installs, generates and
# passes its tests, and nothing asked the registry for toolwright.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$(mktemp -d "${TMPDIR:-/tmp}/toolwright-examples-XXXXXX")"
registry_pid=""
trap '[ -z "$registry_pid" ] || kill "$registry_pid" 2>/dev/null; rm -rf "$work"' EXIT

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

  step "$name: toolwright generate without the generator is a usage error naming its tarball beside toolwright's"
  set +e
  npx --no-install toolwright generate --check >/dev/null 2>"$work/no-codegen.txt"
  code=$?
  set -e
  hint='toolwright generate needs the generator, which is not installed: npm install --save-dev '
  if [ "$code" != 2 ] || [ "$(wc -l <"$work/no-codegen.txt")" != 1 ] || [ "$(cat "$work/no-codegen.txt")" != "${hint}../$(basename "$codegen_tarball")" ]; then
    cat "$work/no-codegen.txt"; echo "expected exit 2 and one line naming ../$(basename "$codegen_tarball") (got $code)" >&2; exit 1
  fi

  printed="$(cat "$work/no-codegen.txt")"
  step "$name: the install command it printed: ${printed#*: }"
  bash -c "set -e; ${printed#*: }"

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
step "a registry that does not know toolwright (on 127.0.0.1, passing everything else to $(npm config get registry))"
: >"$work/refused.log"
node scripts/registry-without-toolwright.mjs "$(npm config get registry)" "$work/refused.log" >"$work/registry.url" &
registry_pid=$!
for _ in $(seq 1 100); do [ -s "$work/registry.url" ] && break; sleep 0.2; done
registry="$(head -n 1 "$work/registry.url")"
[ -n "$registry" ] || { echo "the registry did not start" >&2; exit 1; }
if npm view --registry "$registry" toolwright version >/dev/null 2>&1; then
  echo "the registry at $registry knows toolwright" >&2; exit 1
fi
: >"$work/refused.log"

# Runs `toolwright init provider NAME` with the given bin in a new folder, then exactly the steps it
# printed (its `next:` line) with npm pointed at that registry.
init_then_next_steps() {
  local label="$1" name="$2"; shift 2
  local scratch="$work/init-$label"
  mkdir -p "$scratch"
  cd "$scratch"
  "$@" init provider "$name" | tee "$work/init.txt"
  set +e
  "$@" init provider "$name" >/dev/null 2>"$work/init-again.txt"
  local code=$?
  set -e
  if [ "$code" != 2 ] || ! grep -q 'is not empty' "$work/init-again.txt"; then
    cat "$work/init-again.txt"; echo "expected exit 2 for a second init into the same folder (got $code)" >&2; exit 1
  fi
  local next
  next="$(sed -n 's/^next: //p' "$work/init.txt")"
  [ -n "$next" ] || { echo "init printed no next steps" >&2; exit 1; }
  step "init provider ($label): $next"
  npm_config_registry="$registry" bash -c "set -e; $next"
  if [ -s "$work/refused.log" ]; then
    cat "$work/refused.log"; echo "the steps asked the registry for toolwright" >&2; exit 1
  fi
  cd "$root"
}

step "init provider from the installed tarballs: a project with toolwright and @toolwright/codegen from their files"
tools="$work/tools"
mkdir -p "$tools"
(cd "$tools" && npm init -y --silent >/dev/null &&
  npm install --no-audit --no-fund --prefer-offline --loglevel=error "$tarball" "$codegen_tarball")
init_then_next_steps installed demo-lines "$tools/node_modules/.bin/toolwright"

step "init provider from this checkout's build (dist/cli.js, the generator in codegen/dist)"
init_then_next_steps checkout my-provider node "$root/dist/cli.js"
step "examples: all passed"
