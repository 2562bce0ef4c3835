import type { Client } from '@cairn/shared/clients.schemas';
import { Alert, Checkbox, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useUpdateClient, type ClientUpdate } from '../../api/client-profile-mutations.ts';
import { AncestryFields } from '../fields/ancestry-fields.tsx';
import { ClientFields } from '../fields/client-fields.tsx';
import {
  clientBodyFrom,
  clientFormErrors,
  clientFormValuesFrom,
  type ClientFormValues,
} from '../fields/client-form-values.ts';
import { DemographicFields } from '../fields/demographic-fields.tsx';
import { SECTION_SCHEMAS, sectionOf, type ClientSection } from './client-sections.ts';

export interface ClientSectionFormProps {
  client: Client;
  section: ClientSection;
  /** After a successful save: back to view mode. */
  onDone: () => void;
  /** Whether there are unsaved changes, so switching tabs can ask first. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A profile tab in edit mode: the tab's intake fields, checked with that step's schema. Save sends
 * the whole client, the other tabs' answers as they are on file (spec §2 Client profile).
 */
export function ClientSectionForm({ client, section, onDone, onDirtyChange }: ClientSectionFormProps) {
  const { t } = useTranslation('clients');
  const update = useUpdateClient(client.client_id);
  const [removeSin, setRemoveSin] = useState(false);
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  const { form, submit } = useSaveForm<ClientFormValues>({
    initialValues: clientFormValuesFrom(client),
    draft: { form: `client-${section}` },
    validate: (values) => clientFormErrors(SECTION_SCHEMAS[section], values),
    // The SIN on file is never sent to the browser: an empty field keeps it, and the box under
    // the field removes it.
    enhanceGetInputProps: ({ field }) =>
      field === 'sin' && client.has_sin
        ? {
            description: removeSin ? t('profile.sin.removeHint') : t('profile.sin.keepHint'),
            disabled: removeSin,
            inputContainer: (input: ReactNode) => (
              <>
                {input}
                <Checkbox
                  mt="xs"
                  label={t('profile.sin.remove')}
                  checked={removeSin}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setRemoveSin(checked);
                    if (checked) form.setFieldValue('sin', '');
                  }}
                />
              </>
            ),
          }
        : {},
    save: (values) => {
      const body: ClientUpdate = clientBodyFrom(values);
      if (removeSin) body.sin = null;
      setElsewhere([]);
      return update.mutateAsync(body);
    },
    // A rejected answer of another tab cannot be fixed here: say which one.
    onFailed: (_error, errors) =>
      setElsewhere(
        Object.keys(errors)
          .filter((field) => sectionOf(field) !== section)
          .map((field) => t(`fields.${field}`, { defaultValue: field })),
      ),
    onSaved: () => {
      setRemoveSin(false);
      onDirtyChange(false);
      onDone();
    },
  });

  const dirty = form.isDirty() || removeSin;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const cancel = () => {
    form.reset();
    setRemoveSin(false);
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {section === 'client' && <ClientFields form={form} sinPlaceholder={client.sin_masked ?? undefined} />}
        {section === 'demographic' && <DemographicFields form={form} />}
        {section === 'ancestry' && <AncestryFields form={form} />}
        {elsewhere.length > 0 && (
          <Alert color="red" variant="light">
            {t('profile.otherTabErrors', { fields: elsewhere.join(', ') })}
          </Alert>
        )}
        <FormActions submitting={form.submitting} onCancel={cancel} />
      </Stack>
      <LeaveConfirm when={dirty && !form.submitting} />
    </form>
  );
}
