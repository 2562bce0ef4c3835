import crypto from 'node:crypto';
import { DASHBOARDS, REPORTING_LIMITS, type Dashboard } from '@cairn/shared/reporting.schemas';
import type { JwtKeyring } from './jwt-keyring.ts';

/** What a dashboard link grants: one dashboard, one range, one centre (-1 for all), until `exp`. */
export interface DashboardGrant {
  dashboard: Dashboard;
  start_date: string;
  end_date: string;
  centre_id: number;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

export interface DashboardLinks {
  /** A signed token for the grant, living REPORTING_LIMITS.linkSeconds from the clock's now. */
  sign(grant: Omit<DashboardGrant, 'exp'>): { token: string; expiresAt: Date };
  /** The grant of a token whose signature holds and which has not expired, else null. */
  verify(token: string): DashboardGrant | null;
}

/** The server's clock, in milliseconds since the epoch: injectable so tests expire links at will. */
export type Clock = () => number;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** HMAC-SHA256's length: the token's last bytes. */
const MAC_BYTES = 32;

/**
 * Signs and checks dashboard links (spec §9, issue 12): one base64url text (no dot, so the web
 * server takes `/embed/dashboard/<token>` for a page, not a file) of the JSON grant followed by
 * its 32-byte HMAC-SHA256, under a key of its own derived from the server's signing secret (so a
 * dashboard token can never pass for an access token, nor the reverse). The grant names the
 * secret's key id (`kid`, lib/jwt-keyring.ts): a link made under a previous secret still opens
 * while that secret is listed; a link without kid (made before key ids) opens under the current
 * secret only. The secret never leaves the server; the browser only carries the finished link.
 */
export function createDashboardLinks(keyring: JwtKeyring, clock: Clock = Date.now): DashboardLinks {
  const derived = new Map<string, Buffer>();
  /** The links' key of a signing secret, derived once. */
  const keyOf = (secret: string) => {
    let key = derived.get(secret);
    if (!key) {
      key = crypto.createHmac('sha256', secret).update('cairn dashboard links v1').digest();
      derived.set(secret, key);
    }
    return key;
  };
  const mac = (secret: string, payload: Buffer) =>
    crypto.createHmac('sha256', keyOf(secret)).update(payload).digest();

  return {
    sign(grant) {
      const exp = Math.floor(clock() / 1000) + REPORTING_LIMITS.linkSeconds;
      const { kid, secret } = keyring.current;
      const payload = Buffer.from(JSON.stringify({ ...grant, exp, kid }));
      const token = Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
      return { token, expiresAt: new Date(exp * 1000) };
    },
    verify(token) {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      // Only the canonical encoding of the bytes: a last character may carry bits the bytes do not
      // use, and four texts (or sixteen) would otherwise decode to the same signed bytes.
      if (bytes.length <= MAC_BYTES || bytes.toString('base64url') !== token) return null;
      const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      let grant: unknown;
      try {
        grant = JSON.parse(payload.toString('utf8'));
      } catch {
        return null;
      }
      if (typeof grant !== 'object' || grant === null || Array.isArray(grant)) return null;
      // The key the link names; its MAC is checked before anything else of the grant is trusted.
      const { kid, ...rest } = grant as Record<string, unknown>;
      if (kid !== undefined && typeof kid !== 'string') return null;
      const signer = keyring.find(kid);
      if (!signer || !crypto.timingSafeEqual(given, mac(signer.secret, payload))) return null;
      if (!isGrant(rest)) return null;
      return clock() / 1000 < rest.exp ? rest : null;
    },
  };
}

function isGrant(value: unknown): value is DashboardGrant {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return (
    typeof g.dashboard === 'string' &&
    (DASHBOARDS as readonly string[]).includes(g.dashboard) &&
    typeof g.start_date === 'string' &&
    ISO_DATE.test(g.start_date) &&
    typeof g.end_date === 'string' &&
    ISO_DATE.test(g.end_date) &&
    Number.isInteger(g.centre_id) &&
    Number.isInteger(g.exp)
  );
}
