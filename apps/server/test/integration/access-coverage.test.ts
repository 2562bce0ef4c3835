import { can, ROLE, ROLE_IDS, type DataCapability, type RoleId } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RightDeclaration } from '../../src/modules/access/access.policy.ts';
import { operationsOf, type OpenApiDocument, type Operation } from '../helpers/api-fuzz.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/**
 * The access layer, proven for every operation of the API description rather than a sample: each
 * one that needs a sign-in declares its right (`x-requires`, from `requires()` in
 * modules/access/access.policy.ts), and every role without that right, sending an invalid request,
 * is refused with 403 before validation (never a 400 that would teach it the input's rules). A
 * route added without `requires()` fails here.
 */

/** A demo user of each role. */
const OF_ROLE: Record<RoleId, DemoUserKey> = {
  [ROLE.admin]: 'admin',
  [ROLE.coordinator]: 'coordinator',
  [ROLE.reporter]: 'reporter',
};

/**
 * The operations every role may call, and why. Those with an own-account rule are open to every
 * role on the own account only: their rule is checked below instead.
 */
const OPEN_TO_EVERY_ROLE: Record<string, string> = {
  'GET /api/users/{id}': 'own account: everyone reads their own profile (users.policy.ts)',
  'PUT /api/users/{id}': 'own account: everyone edits their own profile, not its role or centre',
  'POST /api/auth/change-password': 'own account: everyone changes their own password, and only it',
  'GET /api/centres': 'report filters and user profiles name the centres (no personal data)',
  'GET /api/centres/{id}': 'the same, one centre',
  'GET /api/roles': 'the user form and profiles name the roles',
  ...Object.fromEntries(
    ['barriers', 'supports', 'trainings'].flatMap((kind) => [
      [`GET /api/${kind}`, `catalogue.read: plan screens and reports name the ${kind} (no personal data)`],
      [`GET /api/${kind}/{id}`, `catalogue.read: one of the ${kind}`],
    ]),
  ),
  'GET /api/reporting/types': 'catalogue.read: the report filters name the types',
  'GET /api/help/articles': "help.read: each role reads its own categories' articles (help.policy.ts)",
  'GET /api/help/search': 'help.read: the same, searched',
  'GET /api/help/articles/{category}/{page}':
    'help.read: one article of a category the role reads (help.policy.ts)',
  'POST /api/reporting/dashboard-links':
    "reports.dashboards: a Coordinator's link is always of their own centre (dashboards.policy.ts)",
};

let t: TestApp;
let operations: Array<Operation & { declared: RightDeclaration | undefined }>;
beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.call('GET', '/api/docs/json')).json as OpenApiDocument;
  operations = operationsOf(document).map((op) => ({
    ...op,
    declared: (op.operation as { 'x-requires'?: RightDeclaration })['x-requires'],
  }));
});
afterAll(() => t.close());

const nameOf = (op: Operation) => `${op.method} ${op.path}`;
/** A route that needs no sign-in (sign-in itself, resets, the embedded dashboard) has no caller. */
const isPublic = (op: Operation) => op.operation.security?.length === 0;
const signedIn = () => operations.filter((op) => !isPublic(op));

/** The roles without the declared right: every role for an operation open to none but the own account. */
function lacking(declared: RightDeclaration): RoleId[] {
  if (declared.own === 'only') return [...ROLE_IDS];
  const right = declared.right;
  return right === null ? [] : ROLE_IDS.filter((role) => !can(role, right as DataCapability));
}

/** Open to every role: no role lacks the right, or every role may act on its own account. */
const isOpen = (declared: RightDeclaration) =>
  lacking(declared).length === 0 || declared.own === 'also' || declared.own === 'only';

/**
 * A request the operation's validation refuses: a path id that is no number, text with a control
 * character, every query parameter likewise, and a body that is no object (a JSON array).
 * `ids` puts real values in some path parameters.
 */
function invalidRequest(op: Operation, ids: Record<string, string | number> = {}) {
  const parameters = op.operation.parameters ?? [];
  let url = op.path;
  for (const p of parameters.filter((p) => p.in === 'path')) {
    const value = ids[p.name] ?? (p.schema.type === 'integer' || p.name === 'id' ? 'not-a-number' : '%07');
    url = url.replace(`{${p.name}}`, String(value));
  }
  const query = parameters.filter((p) => p.in === 'query').map((p) => `${p.name}=%07`);
  if (query.length) url += `?${query.join('&')}`;
  const hasInput = parameters.some((p) => p.in !== 'header') || op.operation.requestBody !== undefined;
  return { url, body: op.operation.requestBody ? [7] : undefined, hasInput };
}

describe('the access layer covers every operation of the API description', () => {
  it('finds them, and each one behind a sign-in declares its right (x-requires)', () => {
    expect(signedIn().length).toBeGreaterThanOrEqual(80);
    expect(
      signedIn()
        .filter((op) => !op.declared)
        .map(nameOf),
    ).toEqual([]);
    for (const op of signedIn()) {
      const { right } = op.declared!;
      // A right the matrix does not know would throw here.
      if (right !== null) ROLE_IDS.forEach((role) => can(role, right as DataCapability));
    }
    // A public route has no caller to check: it declares nothing.
    expect(operations.filter((op) => isPublic(op) && op.declared).map(nameOf)).toEqual([]);
  });

  it('names every operation open to every role, with the reason', () => {
    const open = signedIn()
      .filter((op) => isOpen(op.declared!))
      .map(nameOf)
      .sort();
    expect(open).toEqual(Object.keys(OPEN_TO_EVERY_ROLE).sort());
  });

  it('refuses every role without the right with 403 before validation, and lets one with it through to validation', async () => {
    let tried = 0;
    for (const op of signedIn().filter((o) => !isOpen(o.declared!))) {
      const declared = op.declared!;
      const request = invalidRequest(op);
      for (const role of lacking(declared)) {
        const res = await t.call(op.method as 'GET', request.url, { as: OF_ROLE[role], body: request.body });
        const label = `${OF_ROLE[role]} ${op.method} ${request.url}`;
        expect(res.status, label).toBe(403);
        expect(res.json.error.fields, label).toBeUndefined();
        tried += 1;
      }
      // The same request is invalid: a role with the right gets the validation's 400.
      const allowed = ROLE_IDS.find((role) => !lacking(declared).includes(role));
      if (allowed !== undefined && request.hasInput) {
        const res = await t.call(op.method as 'GET', request.url, {
          as: OF_ROLE[allowed],
          body: request.body,
        });
        expect(res.status, `${OF_ROLE[allowed]} ${op.method} ${request.url}`).toBe(400);
      }
    }
    expect(tried).toBeGreaterThanOrEqual(80);
  });

  it('lets every role through to validation on an operation open to every role', async () => {
    const plain = signedIn().filter((op) => isOpen(op.declared!) && !op.declared!.own);
    expect(plain.length).toBeGreaterThan(0);
    for (const op of plain) {
      const request = invalidRequest(op);
      for (const role of ROLE_IDS) {
        const res = await t.call(op.method as 'GET', request.url, { as: OF_ROLE[role], body: request.body });
        expect(res.status, `${OF_ROLE[role]} ${op.method} ${request.url}`).toBe(request.hasInput ? 400 : 200);
      }
    }
  });

  it('keeps the own-account rule: another account refused with 403 before validation, the own one validated', async () => {
    const owned = signedIn().filter((op) => op.declared!.own);
    expect(owned.map(nameOf).sort()).toEqual([
      'DELETE /api/users/{id}',
      'GET /api/users/{id}',
      'POST /api/auth/change-password',
      'PUT /api/users/{id}',
    ]);
    for (const op of owned) {
      const { own } = op.declared!;
      for (const role of ROLE_IDS) {
        const as = OF_ROLE[role];
        const self = t.demo[as].userId;
        const other = t.demo[as === 'reporter' ? 'coordinator' : 'reporter'].userId;
        // The account is the path's id, or the body's (the password change).
        const call = (id: number) => {
          const inBody = op.path === '/api/auth/change-password';
          const request = invalidRequest(op, inBody ? {} : { id });
          return t.call(op.method as 'GET', request.url, {
            as,
            body: inBody ? { id, password: 7 } : request.body,
          });
        };
        const label = `${as} ${op.method} ${op.path}`;
        const onSelf = await call(self);
        if (own === 'only') {
          const onOther = await call(other);
          expect([onOther.status, onOther.json.error.code], label).toEqual([403, 'own_password_only']);
          expect(onSelf.status, `${label} (own)`).toBe(400);
        } else if (own === 'never') {
          expect(onSelf.status, `${label} (own)`).toBe(403);
          expect(onSelf.json.error.code, `${label} (own)`).toBe('cannot_delete_self');
          // Another account: refused without the right (a role with it would delete it for real).
          if (lacking(op.declared!).includes(role)) expect((await call(other)).status, label).toBe(403);
        } else {
          const onOther = await call(other);
          // `also`: the own account is validated (a GET without input reads it), another refused
          // without the right.
          expect(onSelf.status, `${label} (own)`).toBe(op.operation.requestBody ? 400 : 200);
          if (lacking(op.declared!).includes(role)) {
            expect(onOther.status, label).toBe(403);
            expect(onOther.json.error.fields, label).toBeUndefined();
          } else {
            expect(onOther.status, label).toBe(op.operation.requestBody ? 400 : 200);
          }
        }
      }
    }
  });
});
