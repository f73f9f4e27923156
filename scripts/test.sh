#!/usr/bin/env bash
# `npm test`: the whole suite — unit tests, integration tests against a real PostgreSQL (embedded, or
# DATABASE_URL), and end-to-end tests in Debian's Chromium, which is installed here when missing.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."

if [ ! -d ../shared/testdata ]; then
  echo "npm test reads its test data from ../shared/testdata (beside this repository), which is missing" >&2
  exit 1
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing: installing Debian's chromium package"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi

npx turbo run build --output-logs=errors-only
npx turbo run test --concurrency=1 --output-logs=full --filter=!@takt/e2e
npm run test -w @takt/e2e
