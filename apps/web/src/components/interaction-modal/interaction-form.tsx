import { todayIso } from '@cairn/shared/dates';
import { Button, Center, Fieldset, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../lib/catalogue-names.ts';
import { fieldErrorsOf } from '../../lib/api-errors.ts';
import { schemaValidator } from '../../lib/schema-validator.ts';
import { useOneSave } from '../../lib/use-one-save.ts';
import {
  useInteractionTypes,
  useRecordInteractions,
  type InteractionTarget,
} from '../../lib/interaction-queries.ts';
import { ClientPicker } from './client-picker.tsx';
import { InteractionCounter } from './interaction-counter.tsx';
import {
  countOf,
  emptyInteractionForm,
  interactionFormSchema,
  interactionRecordsOf,
  type InteractionFormValues,
} from './interaction-form-model.ts';

export interface InteractionFormProps {
  /** Record for this client; neither this nor `groupId` asks the user to choose a client. */
  clientId?: number;
  /** Record for every member of this group. */
  groupId?: number;
  /** Cancel; without it Cancel clears the form. */
  onCancel?: () => void;
  /** After a successful recording. */
  onRecorded?: () => void;
  /** Clear the client and the counts after a recording, ready for the next entry (the date stays). */
  resetAfterRecording?: boolean;
  /** Told whether the form holds anything typed (a client, a date, a count), so leaving may ask. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Spec §2 Client interaction: an optional client, a date (today unless changed, never in the
 * future) and a counter per interaction type. Only counts above 0 are sent; a failure keeps
 * everything as typed.
 */
export function InteractionForm({
  clientId,
  groupId,
  onCancel,
  onRecorded,
  resetAfterRecording = false,
  onDirtyChange,
}: InteractionFormProps) {
  const { t } = useTranslation('interactions');
  const needsClient = clientId == null && groupId == null;
  const types = useInteractionTypes();
  const record = useRecordInteractions();
  const { saving, run } = useOneSave();
  const hintId = useId();
  const clientRef = useRef<HTMLInputElement>(null);
  const validate = useMemo(
    () => schemaValidator<InteractionFormValues>(interactionFormSchema(needsClient)),
    [needsClient],
  );
  const form = useForm<InteractionFormValues>({
    mode: 'controlled',
    initialValues: emptyInteractionForm(),
    validate,
  });

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const ids = (types.data ?? []).map((type) => type.interaction_id);
  const total = ids.reduce((sum, id) => sum + countOf(form.values, id), 0);

  const clear = (date: string) => {
    form.setValues(emptyInteractionForm(date));
    form.resetDirty();
    form.clearErrors();
  };

  const submit = form.onSubmit((values) => {
    const records = interactionRecordsOf(values, ids);
    if (records.length === 0) return;
    const target: InteractionTarget =
      groupId != null ? { groupId } : { clientId: clientId ?? Number(values.client_id) };
    return run(async () => {
      try {
        await record.mutateAsync({ target, records });
      } catch (error) {
        // Each record carries the date: the server's message for it belongs on the date field.
        form.setErrors(fieldErrorsOf(error, (path) => (path.endsWith('date') ? 'date' : path)));
        return;
      }
      if (resetAfterRecording) {
        clear(values.date);
        clientRef.current?.focus();
      }
      onRecorded?.();
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {needsClient && (
          <ClientPicker
            ref={clientRef}
            value={form.values.client_id}
            onChange={(next) => form.setFieldValue('client_id', next)}
            error={form.errors.client_id}
          />
        )}
        <TextInput
          type="date"
          label={t('fields.date')}
          withAsterisk
          max={todayIso()}
          {...form.getInputProps('date')}
        />
        <Fieldset legend={t('fields.counts')} variant="unstyled">
          {types.data ? (
            <Stack gap="xs" mt="xs">
              {types.data.map((type) => {
                const key = `counts.${type.interaction_id}`;
                return (
                  <InteractionCounter
                    key={type.interaction_id}
                    name={nameIn(type)}
                    value={form.values.counts[String(type.interaction_id)] ?? '0'}
                    onChange={(next) => form.setFieldValue(key, next)}
                    error={form.errors[key] as string | undefined}
                    disabled={saving}
                  />
                );
              })}
            </Stack>
          ) : (
            <Center py="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          )}
        </Fieldset>
        {total === 0 && types.data && (
          <Text id={hintId} size="sm" c="dimmed">
            {t('hints.noCounts')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel ?? (() => clear(todayIso()))} disabled={saving}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={total === 0}
            aria-describedby={total === 0 ? hintId : undefined}
          >
            {t('actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
