import type { Group } from '@cairn/shared/groups.schemas';
import { Button, Group as Row, Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { useOneSave } from '../../../lib/use-one-save.ts';
import { useUpdateGroup } from '../api/group-mutations.ts';
import { groupDetailsBodyOf, groupDetailsValuesOf } from './group-form-model.ts';
import { chosenMembersOf, memberRefs, sameMembers, type ChosenMember } from './member-list.ts';
import { MemberEditor } from './member-editor.tsx';
import { MembersTable } from './members-table.tsx';

export interface MembersTabProps {
  group: Group;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 group Members tab: the members' table with Manage Members; in edit mode the client
 * autocomplete with Add Member and the list with remove buttons, saved as the whole new member
 * list (PUT /groups/{id} with `clients`).
 */
export function MembersTab({ group, editing, onEditingChange, onDirtyChange }: MembersTabProps) {
  const { t } = useTranslation('groups');
  const update = useUpdateGroup(group.group_id);
  const { saving, run } = useOneSave();
  const saved = useMemo(() => chosenMembersOf(group.clients), [group.clients]);
  const [draft, setDraft] = useState<ChosenMember[] | null>(null);
  const members = draft ?? saved;
  const dirty = editing && draft !== null && !sameMembers(draft, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // However the list goes (a tab switch, leaving the page), it no longer holds unsaved changes.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const close = () => {
    setDraft(null);
    onEditingChange(false);
  };

  const save = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      try {
        await update.mutateAsync({
          ...groupDetailsBodyOf(groupDetailsValuesOf(group)),
          clients: memberRefs(members),
        });
      } catch {
        // The update has toasted the failure; the list stays as chosen.
        return;
      }
      onDirtyChange(false);
      close();
    });
  };

  if (!editing) {
    return (
      <Stack gap="md">
        <Row justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconUsers size={18} aria-hidden />}
            onClick={() => onEditingChange(true)}
          >
            {t('members.manage')}
          </Button>
        </Row>
        <MembersTable members={group.clients} />
      </Stack>
    );
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="lg">
        <MemberEditor members={members} onChange={setDraft} disabled={saving} />
        <FormActions submitting={saving} onCancel={close} />
      </Stack>
      <LeaveConfirm when={dirty && !saving} />
    </form>
  );
}
