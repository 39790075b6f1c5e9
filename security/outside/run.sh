#!/usr/bin/env bash
# `npm run security:outside`: the third round's attacks (docs/security.md) over real HTTP against a freshly seeded
# demo under `npm start`, configured to campus and mail stand-ins in a process of their own; then the site again,
# on the same data, with OIDC_MATCH=email. Prints the tally; exits 1 when a check fails or a script stops early.
# OUT and DATA_DIR may be given (DATA_DIR must not hold a site yet); otherwise both go to a temporary folder.
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/node-env.sh
HERE=security/outside
started=$SECONDS

export OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/lab-security-outside-XXXXXX")}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
export DATA_DIR=${DATA_DIR:-$OUT/data}
# the checks change passwords, age sessions and lock accounts: never on a lab's real data
if [ -e "$DATA_DIR/lab.sqlite" ]; then
  echo "DATA_DIR=$DATA_DIR already holds a site: give a new or empty folder (or none, for a temporary one)." >&2
  exit 2
fi
for tool in sqlite3 curl setsid; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (README.md in $HERE)." >&2; exit 2; }
done
[ -x /usr/sbin/slapd ] || [ -x /usr/local/sbin/slapd ] || { echo "slapd is missing: apt-get install slapd ldap-utils" >&2; exit 2; }
# the checks and the site agree on these (the slow-client checks wait for them)
export HEADERS_TIMEOUT_S=${HEADERS_TIMEOUT_S:-3} BODY_TIMEOUT_S=${BODY_TIMEOUT_S:-3}

if [ ! -f build/app/main.js ]; then
  echo "building (npm run build; log in $OUT/build.log)…"
  npm run build >"$OUT/build.log" 2>&1 || { echo "the build failed: $OUT/build.log" >&2; exit 1; }
fi

# The site's port is chosen before it starts: the OIDC provider must know its callback address.
PORT=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export SITE=http://127.0.0.1:$PORT

# Each background process leads a process group of its own (setsid), so that stopping it stops its children
# (npm → bash → node; slapd under the stand-ins) and nothing is left holding a port.
stop() {
  local file=$OUT/$1.pid pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  kill -TERM -- -"$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 -- -"$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- -"$pid" 2>/dev/null
  rm -f "$file"
}
cleanup() {
  stop server
  stop standins
}
trap cleanup EXIT
trap 'exit 130' INT TERM

setsid node $HERE/standins.ts >"$OUT/standins.log" 2>&1 &
echo $! >"$OUT/standins.pid"
for _ in $(seq 1 150); do [ -f "$OUT/standins.json" ] && break; kill -0 "$(cat "$OUT/standins.pid")" 2>/dev/null || break; sleep 0.2; done
[ -f "$OUT/standins.json" ] || { echo "the stand-ins did not start: $OUT/standins.log" >&2; cat "$OUT/standins.log" >&2; exit 1; }
standin() { node -p "JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))[process.argv[2]]" "$OUT/standins.json" "$1"; }

# the demo content `npm run demo` seeds, without starting: the site then runs as an operator runs it
npm run --silent lab -- seed-demo >"$OUT/seed.log" 2>&1 || { echo "seeding failed: $OUT/seed.log" >&2; exit 1; }

# start_site [VAR=value ...]: the site under `npm start`, configured to the stand-ins, plus the given variables.
# TRUST_PROXY=1 lets each check come from its own address (X-Forwarded-For), so the per-address login limit does
# not hide the per-account ones.
start_site() {
  env PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$SITE" TRUST_PROXY=1 \
    SMTP_URL="$(standin smtp)" MAIL_FROM='Lab <lab@lab.test>' \
    OIDC_ISSUER_URL="$(standin oidc)" OIDC_CLIENT_ID="$(standin oidcClientId)" OIDC_CLIENT_SECRET="$(standin oidcClientSecret)" \
    CAS_URL="$(standin cas)" LDAP_URL="$(standin ldap)" LDAP_USER_DN='uid={username},ou=people,dc=lab,dc=test' \
    METRICS_ALLOW=127.0.0.1 SYNC_JOB=off \
    "$@" setsid npm start >>"$OUT/server.log" 2>&1 &
  echo $! >"$OUT/server.pid"
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "$SITE/api/csrf/" && { echo "site up at $SITE $*"; return 0; }
    kill -0 "$(cat "$OUT/server.pid")" 2>/dev/null || break
    sleep 0.2
  done
  echo "the site did not start: $OUT/server.log" >&2
  tail -20 "$OUT/server.log" >&2
  exit 1
}

stopped_early=0
check() {
  node "$HERE/$1" || { echo "$1 stopped early (exit $?)" >&2; stopped_early=$((stopped_early + 1)); }
}

start_site
check checks-logins.ts
check checks-server.ts
node $HERE/rss.ts >"$OUT/rss.txt" 2>&1 || stopped_early=$((stopped_early + 1))
cat "$OUT/rss.txt"
stop server
start_site OIDC_MATCH=email
check checks-email-match.ts
cleanup

pass=$(cat "$OUT"/results-*.md 2>/dev/null | grep -c '^\*\*PASS')
fail=$(cat "$OUT"/results-*.md 2>/dev/null | grep -c '^\*\*FAIL')
echo
grep -h '^\*\*FAIL' "$OUT"/results-*.md 2>/dev/null
echo "PASS: $pass  FAIL: $fail  scripts stopped early: $stopped_early  ($((SECONDS - started)) s; results in $OUT)"
[ "$fail" = 0 ] && [ "$stopped_early" = 0 ] && [ "$pass" -gt 0 ]
