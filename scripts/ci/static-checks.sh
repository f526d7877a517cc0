#!/usr/bin/env bash
# The static checks of CI (type check, dependency rules, ESLint, Prettier, OpenAPI lint). They share
# nothing: they run together, each one's result is printed (with its output when it failed), and
# the script fails if any failed. Each one's output is kept in .ci-results/<name>.log.
set -uo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .ci-results
pids=()
names=(typecheck lint:deps lint format:check lint:openapi)
failed=0
for name in "${names[@]}"; do
  npm run --silent "$name" >".ci-results/${name/:/-}.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then
    echo "${names[$i]}: ok"
  else
    echo "${names[$i]}: FAILED"
    cat ".ci-results/${names[$i]/:/-}.log"
    failed=1
  fi
done
exit "$failed"
