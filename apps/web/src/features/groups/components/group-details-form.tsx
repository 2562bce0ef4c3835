import type { Group } from '@cairn/shared/groups.schemas';
import { Stack } from '@mantine/core';
import { FormActions } from '../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { useUpdateGroup } from '../api/group-mutations.ts';
import { GroupDetailsFields } from './group-details-fields.tsx';
import {
  groupDetailsBodyOf,
  groupDetailsErrors,
  groupDetailsValuesOf,
  type GroupDetailsValues,
} from './group-form-model.ts';

export interface GroupDetailsFormProps {
  group: Group;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** Spec §2 Group Details, Edit: the name and description, saved without touching the members. */
export function GroupDetailsForm({ group, onDone, onDirtyChange }: GroupDetailsFormProps) {
  const update = useUpdateGroup(group.group_id);
  const { form, submit } = useSaveForm<GroupDetailsValues>({
    initialValues: groupDetailsValuesOf(group),
    draft: { form: 'group-details', record: group.group_id },
    validate: groupDetailsErrors,
    save: (values) => update.mutateAsync(groupDetailsBodyOf(values)),
    onSaved: onDone,
    onDirtyChange,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <GroupDetailsFields form={form} />
        <FormActions submitting={form.submitting} onCancel={onDone} />
      </Stack>
      <LeaveConfirm when={form.isDirty()} />
    </form>
  );
}
