import type { Group, GroupClientName } from '@cairn/shared/groups.schemas';
import { Button, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconCertificate, IconChevronDown, IconHeartHandshake, IconMessages } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupPlanCheck } from '../api/group-queries.ts';
import { MissingPlansNotice } from './missing-plans-notice.tsx';

export type BulkAction = 'interactions' | 'supports' | 'trainings';

/** What the menu chose: the action, and whether it skips the members without an open plan. */
export interface BulkChoice {
  action: BulkAction;
  skip: boolean;
}

export interface AddBulkMenuProps {
  group: Group;
  onChoose: (choice: BulkChoice) => void;
}

/**
 * Spec §2 Add Bulk menu: Interactions, Supports and Trainings for every member, in a popover
 * (a dialog named by its button). Interactions belong to the client and need no plan, so they are
 * always offered. When some members lack an open plan (GET /groups/{id}/check-plans) the menu says
 * the spec's sentence and names them, each a link to the client, and offers the supports and
 * trainings to the members who have one, the others skipped.
 */
export function AddBulkMenu({ group, onChoose }: AddBulkMenuProps) {
  const { t } = useTranslation('groups');
  const [opened, setOpened] = useState(false);
  const check = useGroupPlanCheck(group.group_id);

  const toggle = () => {
    // A plan opened or closed elsewhere changes the answer: asked again on each opening.
    if (!opened) void check.refetch();
    setOpened(!opened);
  };
  const choose = (action: BulkAction, skip = false) => {
    setOpened(false);
    onChoose({ action, skip });
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={320}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button rightSection={<IconChevronDown size={16} aria-hidden />} onClick={toggle}>
          {t('bulk.menu')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {!check.data ? (
          <Loader size="xs" aria-label={t('bulk.checking')} />
        ) : group.clients.length === 0 ? (
          <Text size="sm">{t('bulk.noMembers')}</Text>
        ) : (
          <BulkChoices
            missing={check.data.clientsMissingOpenPlan}
            memberCount={group.clients.length}
            onChoose={choose}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function BulkChoices({
  missing,
  memberCount,
  onChoose,
}: {
  missing: readonly GroupClientName[];
  memberCount: number;
  onChoose: (action: BulkAction, skip?: boolean) => void;
}) {
  const { t } = useTranslation('groups');
  const skip = missing.length > 0;
  const someWithPlans = missing.length < memberCount;
  const item = (action: BulkAction, icon: ReactNode) => (
    <Button
      variant="subtle"
      justify="flex-start"
      fullWidth
      leftSection={icon}
      onClick={() => onChoose(action, action !== 'interactions' && skip)}
    >
      {t(`bulk.${action}`)}
    </Button>
  );

  return (
    <Stack gap={4}>
      {item('interactions', <IconMessages size={16} aria-hidden />)}
      {skip && (
        <MissingPlansNotice
          clients={missing}
          note={t(someWithPlans ? 'bulk.forMembersWithPlans' : 'bulk.noOpenPlans')}
        />
      )}
      {someWithPlans && (
        <>
          {item('supports', <IconHeartHandshake size={16} aria-hidden />)}
          {item('trainings', <IconCertificate size={16} aria-hidden />)}
        </>
      )}
    </Stack>
  );
}
