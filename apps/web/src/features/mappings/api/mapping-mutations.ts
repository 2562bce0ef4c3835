import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { refreshCatalogue } from '../../../lib/catalogue-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { validatedBody } from '../../../lib/validated-body.ts';
import {
  BODY_SCHEMAS,
  mappingFormValuesOf,
  saveFieldsOf,
  type MappingFormValues,
} from '../components/mapping-form-model.ts';
import {
  barrierItem,
  supportItem,
  trainingItem,
  type MappingItem,
  type MappingKind,
} from '../components/mapping-kinds.ts';
import { mappingFailureMessage } from './mapping-errors.ts';
import { mappingKeys } from './mapping-queries.ts';

/** What a change to an item was: the four toasts of spec §8. */
type MappingChange = 'created' | 'updated' | 'disabled' | 'restored';

/** POST /{kind} with the form draft's Idempotency-Key: the new item. */
async function create(kind: MappingKind, fields: unknown, key: string): Promise<MappingItem> {
  const params = idempotencyKeyParams(key);
  const url = `/api/${kind}`;
  switch (kind) {
    case 'barriers': {
      const body = validatedBody(BODY_SCHEMAS.barriers, fields, url);
      return barrierItem(await ok(api.POST('/api/barriers', { body, params })));
    }
    case 'supports': {
      const body = validatedBody(BODY_SCHEMAS.supports, fields, url);
      return supportItem(await ok(api.POST('/api/supports', { body, params })));
    }
    case 'trainings': {
      const body = validatedBody(BODY_SCHEMAS.trainings, fields, url);
      return trainingItem(await ok(api.POST('/api/trainings', { body, params })));
    }
  }
}

/** PUT /{kind}/{id}: every field of the item, disable and restore included (spec §4). */
async function update(kind: MappingKind, id: number, fields: unknown): Promise<MappingItem> {
  const params = { path: { id } };
  const url = `/api/${kind}/${id}`;
  switch (kind) {
    case 'barriers': {
      const body = validatedBody(BODY_SCHEMAS.barriers, fields, url);
      return barrierItem(await ok(api.PUT('/api/barriers/{id}', { body, params })));
    }
    case 'supports': {
      const body = validatedBody(BODY_SCHEMAS.supports, fields, url);
      return supportItem(await ok(api.PUT('/api/supports/{id}', { body, params })));
    }
    case 'trainings': {
      const body = validatedBody(BODY_SCHEMAS.trainings, fields, url);
      return trainingItem(await ok(api.PUT('/api/trainings/{id}', { body, params })));
    }
  }
}

/**
 * A change's mutation: quiet towards the global handler, it toasts its own outcome (spec §8).
 * Once saved, the item's answer is kept and every catalogue query asked again, so the plan
 * editors, the new-plan wizard and the group dialogs offer the new state without a reload.
 */
function useMappingMutation<V>(
  kind: MappingKind,
  change: (variables: V) => MappingChange,
  call: (variables: V) => Promise<MappingItem>,
) {
  const { t } = useTranslation('mappings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { quiet: true },
    onSuccess: async (item, variables) => {
      queryClient.setQueryData(mappingKeys.item(kind, item.id), item);
      notify.success(t(`toasts.${kind}.${change(variables)}`));
      await refreshCatalogue(queryClient);
    },
    onError: (error) => notify.error(mappingFailureMessage(error)),
  });
}

/** The item form's save: POST for a new item (once per draft, however often sent), PUT for one that has an id. */
export function useSaveMapping(kind: MappingKind, id: number | undefined, disabled = false) {
  const send = useIdempotentCreate((values: MappingFormValues, key: string) =>
    create(kind, saveFieldsOf(kind, values, disabled), key),
  );
  return useMappingMutation(
    kind,
    () => (id === undefined ? 'created' : 'updated'),
    (values: MappingFormValues) =>
      id === undefined ? send(values) : update(kind, id, saveFieldsOf(kind, values, disabled)),
  );
}

/** Disable (true) or restore (false) an item: a save of its own answers with `disabled` changed (spec §4). */
export function useSetMappingDisabled(item: MappingItem) {
  return useMappingMutation(
    item.kind,
    (disabled: boolean) => (disabled ? 'disabled' : 'restored'),
    (disabled: boolean) =>
      update(item.kind, item.id, saveFieldsOf(item.kind, mappingFormValuesOf(item), disabled)),
  );
}
