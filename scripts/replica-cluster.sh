#!/usr/bin/env bash
# A streaming read replica of the PostgreSQL 15 cluster `main` (port 5432) as the cluster
# `replica` on port 5433 (Debian's postgresql-common tools), for the replica's integration test
# (apps/server/test/integration/replica.test.ts, TEST_REPLICA_URL). Run as root; idempotent: a
# replica already streaming is left as it is, one that is stopped is started, and one that
# cannot catch up (or is no standby) is copied again with pg_basebackup.
#
#   scripts/replica-cluster.sh        # then TEST_REPLICA_URL=postgres://postgres@127.0.0.1:5433/postgres
set -euo pipefail

VERSION=15
PRIMARY=main
PRIMARY_PORT=${PRIMARY_PORT:-5432}
NAME=replica
PORT=${REPLICA_PORT:-5433}
CONF=/etc/postgresql/$VERSION/$NAME
REPLICA_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
PRIMARY_URL="postgres://postgres@127.0.0.1:$PRIMARY_PORT/postgres"
# The primary keeps the WAL the replica has not received in this physical replication slot, so a
# replica stopped for a while (the test stops it) catches up instead of finding its WAL recycled;
# max_slot_wal_keep_size bounds what the slot may hold should the replica never come back.
SLOT=cairn_replica
SLOT_KEEP=4GB

say() { printf 'replica-cluster: %s\n' "$*"; }
as_postgres() { runuser -u postgres -- "$@"; }
answers() { pg_isready -h 127.0.0.1 -p "$PORT" -q; }
# "t" once the replica is a standby whose WAL receiver streams from the primary through the slot.
streaming() {
  psql "$REPLICA_URL" -Atc "SELECT pg_is_in_recovery() AND current_setting('primary_slot_name') = '$SLOT'
    AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming')" 2>/dev/null || true
}
wait_streaming() {
  for _ in $(seq 1 "$1"); do
    [ "$(streaming)" = t ] && return 0
    sleep 1
  done
  return 1
}

# The primary takes replication connections from this machine (a `host all` line does not match them).
PRIMARY_HBA=$(psql "$PRIMARY_URL" -Atc 'SHOW hba_file')
if ! grep -Eq '^host[[:space:]]+replication[[:space:]]+(postgres|all)[[:space:]]+127\.0\.0\.1/32' "$PRIMARY_HBA"; then
  say "allowing replication connections from 127.0.0.1 in $PRIMARY_HBA"
  printf '\n# Streaming replication to the local read replica (scripts/replica-cluster.sh).\nhost replication postgres 127.0.0.1/32 trust\n' >>"$PRIMARY_HBA"
  psql "$PRIMARY_URL" -Atqc 'SELECT pg_reload_conf()' >/dev/null
fi
if [ "$(psql "$PRIMARY_URL" -Atc 'SHOW max_slot_wal_keep_size')" = -1 ]; then
  say "bounding the WAL a replication slot may hold on the primary to $SLOT_KEEP"
  psql "$PRIMARY_URL" -Atqc "ALTER SYSTEM SET max_slot_wal_keep_size = '$SLOT_KEEP'" -c 'SELECT pg_reload_conf()' >/dev/null
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" -v n="$NAME" '$1 == v && $2 == n { found = 1 } END { exit !found }'; then
  say "creating cluster $VERSION/$NAME on port $PORT"
  pg_createcluster "$VERSION" "$NAME" -p "$PORT" >/dev/null
fi
DATA_DIR=$(pg_lsclusters -h | awk -v v="$VERSION" -v n="$NAME" '$1 == v && $2 == n { print $6 }')

# The replica's own settings: trusted local connections (a test cluster), a standby that reads.
cat >"$CONF/pg_hba.conf" <<'EOF'
# The local read replica (scripts/replica-cluster.sh): trusted on this machine only.
local all all trust
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
EOF
mkdir -p "$CONF/conf.d"
cat >"$CONF/conf.d/replica.conf" <<EOF
# scripts/replica-cluster.sh (max_connections and the like stay at least the primary's, as a standby needs)
port = $PORT
hot_standby = on
hot_standby_feedback = on
shared_buffers = 32MB
EOF

if answers && [ "$(streaming)" = t ]; then
  say "already streaming on port $PORT"
  exit 0
fi

# Stopped but a standby of this slot: start it and give it a moment to catch up from the slot's WAL.
if [ -f "$DATA_DIR/standby.signal" ] && grep -q "primary_slot_name = '$SLOT'" "$DATA_DIR/postgresql.auto.conf" 2>/dev/null; then
  answers || pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" start || true
  if wait_streaming 20; then
    say "started, streaming on port $PORT"
    exit 0
  fi
  say "not streaming: copying the primary again"
fi

pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" stop -m fast 2>/dev/null || true
find "$DATA_DIR" -mindepth 1 -delete
# The slot of an earlier copy holds WAL this one does not need: made anew with the copy.
psql "$PRIMARY_URL" -Atqc "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '$SLOT' AND NOT active" >/dev/null
say "pg_basebackup of $VERSION/$PRIMARY into $DATA_DIR"
as_postgres pg_basebackup -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DATA_DIR" -R -X stream -c fast -C -S "$SLOT"

chmod 700 "$DATA_DIR"
pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" start
for _ in $(seq 1 60); do
  [ "$(psql "$REPLICA_URL" -Atc 'SELECT pg_is_in_recovery()' 2>/dev/null || true)" = t ] && break
  sleep 1
done
[ "$(psql "$REPLICA_URL" -Atc 'SELECT pg_is_in_recovery()' 2>/dev/null || true)" = t ] || {
  say "the replica did not come up in recovery" >&2
  exit 1
}
wait_streaming 30 || { say "the replica does not stream from the primary" >&2; exit 1; }
say "streaming on port $PORT"
