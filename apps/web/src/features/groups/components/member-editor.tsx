import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientPicker } from '../../../components/interaction-modal/client-picker.tsx';
import { addMember, removeMember, type ChosenMember } from './member-list.ts';

export interface MemberEditorProps {
  members: readonly ChosenMember[];
  onChange: (members: ChosenMember[]) => void;
  disabled?: boolean;
}

/**
 * Spec §2 group members in edit mode: a client autocomplete (searched on the server, within the
 * caller's centre) with Add Member, and the chosen members, each with a remove button.
 */
export function MemberEditor({ members, onChange, disabled = false }: MemberEditorProps) {
  const { t } = useTranslation('groups');
  const [picked, setPicked] = useState<ChosenMember | null>(null);
  // A new picker after each addition: it starts empty for the next client.
  const [pickerKey, setPickerKey] = useState(0);
  const headingId = useId();
  const chosenIds = useMemo(() => new Set(members.map((member) => member.client_id)), [members]);

  const add = () => {
    if (!picked) return;
    onChange(addMember(members, picked));
    setPicked(null);
    setPickerKey((key) => key + 1);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <ClientPicker
            key={pickerKey}
            label={t('fields.member')}
            withAsterisk={false}
            exclude={chosenIds}
            value={picked ? String(picked.client_id) : null}
            onChange={(id, label) => setPicked(id ? { client_id: Number(id), name: label ?? id } : null)}
          />
        </div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={disabled || picked === null}
        >
          {t('members.add')}
        </Button>
      </Group>
      <div>
        <Text fw={600} size="sm" id={headingId} mb={4}>
          {t('members.chosen', { count: members.length })}
        </Text>
        {members.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('members.noneChosen')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
            {members.map((member) => (
              <Group component="li" key={member.client_id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {member.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(removeMember(members, member.client_id))}
                  disabled={disabled}
                  aria-label={t('members.remove', { name: member.name })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
