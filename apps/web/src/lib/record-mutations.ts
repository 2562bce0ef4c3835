import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './api-errors.ts';
import { notify } from './notify.ts';

export type RecordChange = 'created' | 'updated' | 'deleted';

export interface RecordResource<Body, Saved, Scope> {
  /** The typed calls: POST to the collection, PUT and DELETE at `{collection}/{id}`. */
  send: {
    create: (body: Body) => Promise<Saved>;
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
    const create = useRecordMutation(scope, send.create, 'created');
    const update = useUpdate(scope);
    return (id: number | undefined, body: Body) =>
      id === undefined ? create.mutateAsync(body) : update.mutateAsync({ id, body });
  };

  /** DELETE one record. */
  const useDelete = (scope: Scope) => useRecordMutation(scope, send.remove, 'deleted');

  return { useSave, useUpdate, useDelete };
}
