#!/usr/bin/env bash
# The content hash of what the Docker image test (tests/docker/run.sh) proves:
# the Dockerfile and its ignore file, the dependency manifests both `npm ci`
# stages install from, the server entry the image starts, the config the
# image's build reads (vite.config.ts and the build plugins it imports), the migrations it runs at start, and the test itself.
# .ci/run skips the (slow) Docker test when this hash equals the one in
# tests/docker/last-passed.sha256, which run.sh writes after a passing run:
# change any input and CI builds and runs the image again (docs/security.md,
# "Where CI's time goes").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
inputs=(
  Dockerfile .dockerignore package.json package-lock.json
  app/http/main.server.ts react-router.config.ts vite.config.ts
  tests/docker/run.sh tests/docker/oidc-provider.ts tests/docker/inputs-hash.sh
)
inputs+=(app/lib/browser-support.ts)
while IFS= read -r f; do inputs+=("$f"); done < <(find app/vite -type f -name '*.ts' ! -name '*.test.ts' | LC_ALL=C sort)
while IFS= read -r f; do inputs+=("$f"); done < <(find drizzle -type f | LC_ALL=C sort)
# Each file with its path: a renamed input changes the hash too.
for f in "${inputs[@]}"; do printf '%s\0' "$f"; cat "$f"; done | sha256sum | cut -d' ' -f1
