#!/usr/bin/env bash
# `npm test`: the whole suite — unit tests, integration tests against a real PostgreSQL (embedded, or
# DATABASE_URL), and end-to-end tests in Debian's Chromium; Chromium and poppler-utils are installed here
# when missing.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."

if [ ! -d ../shared/testdata ]; then
  echo "npm test reads its test data from ../shared/testdata (beside this repository), which is missing" >&2
  exit 1
fi

# Debian packages the suite drives: Chromium for the end-to-end tests, poppler's pdftotext/pdftoppm to
# read back and render the PDFs the print tests write. Installed when missing, never skipped.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null || missing+=(poppler-utils)
# An MIT Kerberos KDC for the Kerberos sign-in tests, and the headers the optional native `kerberos`
# package builds against (it builds at the next `npm install`, with npm_config_nodedir=/usr when offline).
[ -x /usr/sbin/krb5kdc ] && [ -x /usr/sbin/kadmin.local ] && [ -x /usr/bin/kinit ] ||
  missing+=(krb5-kdc krb5-admin-server krb5-user)
[ -e /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing the missing Debian packages: ${missing[*]}"
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The web app is built by the end-to-end run itself (with its performance probes), so not here as well.
npx turbo run build --output-logs=errors-only --filter=!@takt/web
npx turbo run test --concurrency=1 --output-logs=full --filter=!@takt/e2e
npm run test -w @takt/e2e
