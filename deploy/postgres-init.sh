#!/bin/bash
# Run once by the postgres image on an empty database (compose.yaml): the server's own role, which
# the migrations grant what it needs (on the audit trail only INSERT and SELECT), and replication
# from the compose network for the read replica.
set -euo pipefail
psql -v ON_ERROR_STOP=1 -U postgres -d cairn <<SQL
CREATE ROLE cairn_server LOGIN PASSWORD '${CAIRN_SERVER_PASSWORD}';
GRANT CONNECT ON DATABASE cairn TO cairn_server;
GRANT USAGE ON SCHEMA public TO cairn_server;
-- Lets it see the read replica's WAL receiver state (db/replica.ts), nothing of the data.
GRANT pg_monitor TO cairn_server;
SQL
echo "host replication postgres all scram-sha-256" >> "$PGDATA/pg_hba.conf"
