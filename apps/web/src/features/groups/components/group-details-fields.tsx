import { GROUP_LIMITS } from '@cairn/shared/groups.schemas';
import type { UseFormReturnType } from '@mantine/form';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import type { GroupDetailsValues } from './group-form-model.ts';

/** Spec §5 Group: the name (required, up to 64) and the description (up to 128, with its counter). */
// Mantine's form of any values holding the details.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function GroupDetailsFields<V extends GroupDetailsValues & Record<string, any>>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation('groups');
  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={GROUP_LIMITS.nameMax}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <CountedTextarea
        label={t('fields.description')}
        maxLength={GROUP_LIMITS.descriptionMax}
        minRows={2}
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
