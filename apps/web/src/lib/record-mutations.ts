import type { ErrorCode } from '@cairn/shared/errors';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, newIdempotencyKey } from './api-client.ts';
import { failureMessage } from './api-errors.ts';
import { notify } from './notify.ts';

const KEY_REUSED: ErrorCode = 'idempotency_key_reused';

/**
 * A create's call, carrying the Idempotency-Key of the form draft that holds this hook
 * (ARCHITECTURE.md, "Saved once"). Every attempt sends the same key, so a double-click, a double
 * tap or a resend after a lost answer makes one record; once one succeeds the next create gets a
 * new key, as it does when the server says the key went with another request.
 */
export function useIdempotentCreate<V, R>(
  create: (variables: V, key: string) => Promise<R>,
): (variables: V) => Promise<R> {
  const key = useRef<string | null>(null);
  return async (variables) => {
    const sent = (key.current ??= newIdempotencyKey());
    try {
      const created = await create(variables, sent);
      if (key.current === sent) key.current = null;
      return created;
    } catch (error) {
      if (error instanceof ApiError && error.code === KEY_REUSED && key.current === sent) key.current = null;
      throw error;
    }
  };
}

export type RecordChange = 'created' | 'updated' | 'deleted';

export interface RecordResource<Body, Saved, Scope> {
  /** The typed calls: POST to the collection (with the draft's Idempotency-Key), PUT and DELETE at `{collection}/{id}`. */
  send: {
    create: (body: Body, idempotencyKey: string) => Promise<Saved>;
    update: (id: number, body: Body) => Promise<Saved>;
    remove: (id: number) => Promise<unknown>;
  };
  /** The catalogue and the key under which the created, updated and deleted toasts sit. */
  namespace: string;
  toasts: string;
  /** Refetches what a change shows; the save ends when this does. */
  refresh: (queryClient: QueryClient, scope: Scope) => Promise<unknown>;
  /** Whether a failure toasts; by default every one does, the form showing a 400's fields too. */
  toastsFailure?: (error: unknown, change: RecordChange) => boolean;
}

/**
 * The create, update and delete hooks of a record kept in a list (a plan's notes, a client's
 * stories …). Quiet, like every form's save: the toast says a refused rule in the server's words,
 * anything else generically (spec §8).
 */
export function recordMutations<Body, Saved, Scope>(resource: RecordResource<Body, Saved, Scope>) {
  const { send, namespace, toasts, refresh, toastsFailure = () => true } = resource;

  function useRecordMutation<V, R>(scope: Scope, call: (variables: V) => Promise<R>, change: RecordChange) {
    const { t } = useTranslation(namespace);
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: call,
      meta: { quiet: true },
      onSuccess: async () => {
        notify.success(t(`${toasts}.${change}`));
        await refresh(queryClient, scope);
      },
      onError: (error) => {
        if (toastsFailure(error, change)) notify.error(failureMessage(error));
      },
    });
  }

  /** PUT one record, replacing every field. */
  const useUpdate = (scope: Scope) =>
    useRecordMutation(scope, ({ id, body }: { id: number; body: Body }) => send.update(id, body), 'updated');

  /** A form's save: POST to the collection for a new record, PUT for one that has an id. */
  const useSave = (scope: Scope) => {
    const create = useRecordMutation(scope, useIdempotentCreate(send.create), 'created');
    const update = useUpdate(scope);
    return (id: number | undefined, body: Body) =>
      id === undefined ? create.mutateAsync(body) : update.mutateAsync({ id, body });
  };

  /** DELETE one record. */
  const useDelete = (scope: Scope) => useRecordMutation(scope, send.remove, 'deleted');

  return { useSave, useUpdate, useDelete };
}
