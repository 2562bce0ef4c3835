import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createActorCache, type ActorCache, type ActorChange, type ActorNotices } from './actor-cache.ts';

/** The PostgreSQL channel of changes to users and sessions (payload `u:<userId>` or `s:<sessionId>`). */
export const ACTOR_CHANNEL = 'cairn_actors';
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'cairn-listener';
/** Wait before connecting again after the listening connection dropped or failed to open. */
const RECONNECT_MS = 250;

const payloadOf = (change: ActorChange) =>
  'userId' in change ? `u:${change.userId}` : `s:${change.sessionId}`;

function changeOf(payload: string): ActorChange | undefined {
  const match = /^([us]):(\d{1,18})$/.exec(payload);
  if (!match) return undefined;
  const id = Number(match[2]);
  return match[1] === 'u' ? { userId: id } : { sessionId: id };
}

/**
 * Changes to users and sessions, heard from every process through PostgreSQL's LISTEN/NOTIFY on a
 * connection of its own, which reconnects whenever it drops. `onChange` gets every change (this
 * process's too); `onRestored` runs each time listening starts again, as changes may have been
 * missed while it was down. A change is sent on the listening connection, or on a connection of
 * its own while that one is down.
 */
export function listenForChanges(options: {
  url: string;
  log: FastifyBaseLogger;
  onChange: (change: ActorChange) => void;
  onRestored: () => void;
}): ActorNotices {
  const { url, log } = options;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let reported = false;

  function dropped(client: pg.Client) {
    if (listener === client) listener = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    scheduleConnect();
  }

  function scheduleConnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  }

  async function connect() {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME, keepAlive: true });
    let gone = false;
    const lose = () => {
      if (gone) return;
      gone = true;
      dropped(client);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (message) => {
      const change =
        message.channel === ACTOR_CHANNEL && message.payload ? changeOf(message.payload) : undefined;
      if (change) options.onChange(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ACTOR_CHANNEL}`);
      if (closed || gone) {
        lose();
        return;
      }
      listener = client;
      reported = false;
      options.onRestored();
    } catch (err) {
      if (!reported) log.warn({ err }, 'listening for user and session changes failed; retrying');
      reported = true;
      lose();
    }
  }

  void connect();

  return {
    listening: () => listener !== null,
    async publish(change) {
      const text = 'select pg_notify($1, $2)';
      const values = [ACTOR_CHANNEL, payloadOf(change)];
      if (listener) {
        try {
          await listener.query(text, values);
          return;
        } catch {
          // Dropped meanwhile: sent on a connection of its own below.
        }
      }
      const once = new pg.Client({ connectionString: url });
      try {
        await once.connect();
        await once.query(text, values);
      } catch (err) {
        // The others' entries still expire: within their fallback lifetime if they lost the database too.
        log.error({ err }, 'a user or session change could not be sent to the other processes');
      } finally {
        await once.end().catch(() => {});
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * The process's cache of signed-in sessions: on PostgreSQL kept true by the changes every process
 * sends; on PGlite (one process) by this process's changes alone.
 */
export function createServerActorCache(
  database: { kind: 'pglite' } | { kind: 'postgres'; url: string },
  log: FastifyBaseLogger,
): ActorCache {
  if (database.kind === 'pglite') return createActorCache();
  const heard: { cache?: ActorCache } = {};
  const notices = listenForChanges({
    url: database.url,
    log,
    onChange: (change) => heard.cache?.apply(change),
    onRestored: () => heard.cache?.clear(),
  });
  heard.cache = createActorCache({ notices });
  return heard.cache;
}
