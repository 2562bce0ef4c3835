import {
  ATTACHMENT_CATEGORIES,
  ATTACHMENT_LIMITS,
  attachmentUpdateSchema,
  type AttachmentCategory,
} from '@cairn/shared/attachments.schemas';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../../components/counted-textarea.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormSelect } from '../../../../components/form-select.tsx';
import { useChoiceOptions } from '../../../../lib/choice-options.ts';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../../lib/use-save-form.ts';
import { useUpdateAttachment, type AttachmentRow as Attachment } from '../../api/attachment-queries.ts';

interface EditValues {
  name: string;
  category: AttachmentCategory | '';
  note: string;
}

const validate = schemaValidator<EditValues>(attachmentUpdateSchema);

/** Renames a file, or changes its category or note. */
export function AttachmentEditModal({
  attachment,
  onClose,
}: {
  attachment: Attachment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('attachments');
  return (
    <Modal
      opened={attachment !== null}
      onClose={onClose}
      title={t('edit.title')}
      centered
      closeButtonProps={{ 'aria-label': t('preview.close') }}
    >
      {attachment && <EditForm attachment={attachment} onDone={onClose} />}
    </Modal>
  );
}

function EditForm({ attachment, onDone }: { attachment: Attachment; onDone: () => void }) {
  const { t } = useTranslation('attachments');
  const update = useUpdateAttachment(attachment.client_id);
  const categories = useChoiceOptions('attachments', 'categories', ATTACHMENT_CATEGORIES);
  const { form, submit } = useSaveForm<EditValues, unknown>({
    initialValues: {
      name: attachment.name,
      category: attachment.category ?? '',
      note: attachment.note ?? '',
    },
    draft: { form: 'attachment', record: attachment.attachment_id },
    validate,
    save: (values) =>
      update.mutateAsync({ id: attachment.attachment_id, body: attachmentUpdateSchema.parse(values) }),
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('edit.name')}
          withAsterisk
          maxLength={ATTACHMENT_LIMITS.nameMax}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <FormSelect label={t('edit.category')} options={categories} {...form.getInputProps('category')} />
        <CountedTextarea
          label={t('edit.note')}
          maxLength={ATTACHMENT_LIMITS.noteMax}
          minRows={3}
          {...form.getInputProps('note')}
        />
        <FormActions submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
