#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `start DIR` creates a cluster in DIR (which must
# not exist yet), starts it listening on a Unix socket in DIR only (no TCP port), creates the
# database `chuhan_test` and prints its URL on stdout:
#     postgres://postgres@/chuhan_test?host=DIR
# `stop DIR` stops it and removes DIR. Trust authentication: the socket is reachable only through
# DIR, which the cluster's user and root can enter.
# `pause DIR` stops the server (fast shutdown: open connections are cut) and keeps the cluster;
# `resume DIR` starts it again on the same socket (the database-restart test uses both).
#
# PostgreSQL refuses to run as root, so as root the cluster runs as the user `postgres` (Debian's
# package creates it) or, where that user is missing, as `nobody`; as any other user it runs as
# that user. Needs Debian's `postgresql` package (.ci/run installs it).
#
# The cluster does not wait for the disk (fsync=off): tests need no durability. With
# CHUHAN_PG_DURABLE=1 it does (fsync, synchronous commits), as a production server would.
#
# Example (what .ci/run does):
#     url=$(scripts/pg-test-cluster.sh start /tmp/chuhan-pg)
#     CHUHAN_TEST_POSTGRES_URL=$url cargo test --workspace
#     scripts/pg-test-cluster.sh stop /tmp/chuhan-pg
set -euo pipefail

usage() { echo "usage: $0 start|stop|pause|resume DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$2

bindir=""
if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir=$(pg_config --bindir)
fi
if [ -z "$bindir" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
[ -n "$bindir" ] && [ -x "$bindir/initdb" ] || {
  echo "pg-test-cluster: no PostgreSQL server found (Debian: apt-get install postgresql)" >&2
  exit 1
}

owner=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
fi
as_owner() {
  if [ "$(id -un)" = "$owner" ]; then "$@"; else runuser -u "$owner" -- "$@"; fi
}

# Starts the server of the cluster in $dir, listening on a socket in $dir only.
launch() {
  # Tests need no durability; CHUHAN_PG_DURABLE=1 keeps PostgreSQL's defaults (fsync and
  # synchronous commits on), for benchmarks that compare with SQLite's fsync a commit.
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${CHUHAN_PG_DURABLE:-0}" = 1 ] && durability="-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' $durability \
-c max_connections=200" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
}

case "$action" in
  start)
    [ -e "$dir" ] && { echo "pg-test-cluster: $dir exists already" >&2; exit 1; }
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    chown "$owner" "$dir"
    chmod 700 "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 \
      --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    launch
    as_owner "$bindir/createdb" -h "$dir" -U postgres chuhan_test
    echo "postgres://postgres@/chuhan_test?host=$dir"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  pause)
    [ -d "$dir/data" ] || { echo "pg-test-cluster: no cluster in $dir" >&2; exit 1; }
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    ;;
  resume)
    [ -d "$dir/data" ] || { echo "pg-test-cluster: no cluster in $dir" >&2; exit 1; }
    dir=$(cd "$dir" && pwd)
    launch
    ;;
  *) usage ;;
esac
