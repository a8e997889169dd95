#!/usr/bin/env bash
# toolchain-cache.sh <dir-name> <package@version>...
# Installs the npm packages into ${WAYMARK_TOOLCHAIN_CACHE:-$HOME/.cache/waymark-toolchains}/<dir-name>
# unless that folder already holds exactly that set, then prints the folder. The cache lives outside
# the clone so a second run (a later CI run on the same machine) downloads nothing, and so packages
# whose bins collide with the repository's own (a second `tsc`) never enter its node_modules.
# Idempotent; a failed install leaves no marker, so the next call tries again.
set -euo pipefail

if [ "$#" -lt 2 ]; then
  echo "usage: $0 <dir-name> <package@version>..." >&2
  exit 2
fi
name=$1; shift
case "$name" in
  */* | . | .. | '') echo "toolchain-cache: <dir-name> is one folder name, got '$name'" >&2; exit 2 ;;
esac

root=${WAYMARK_TOOLCHAIN_CACHE:-$HOME/.cache/waymark-toolchains}
dir="$root/$name"
want=$(printf '%s\n' "$@")

if [ ! -f "$dir/.installed" ] || [ "$(cat "$dir/.installed")" != "$want" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  echo '{ "private": true }' > "$dir/package.json"
  # npm's own cache beside the folders, so a wiped folder is refilled without the network.
  npm install --prefix "$dir" --cache "$root/.npm" --prefer-offline --no-audit --no-fund --loglevel=error "$@" >&2
  printf '%s\n' "$want" > "$dir/.installed"
fi
echo "$dir"
