import { Center, Container, Group as Row, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { InteractionModal } from '../../../components/interaction-modal/interaction-modal.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useGroup } from '../api/group-queries.ts';
import { AddBulkMenu, type BulkChoice } from '../components/add-bulk-menu.tsx';
import { BulkSupportsModal } from '../components/bulk-supports-modal.tsx';
import { BulkTrainingsModal } from '../components/bulk-trainings-modal.tsx';
import { GroupProfileTabs } from '../components/group-profile-tabs.tsx';

/** /group/{groupId}: spec §2 group profile. */
export function GroupProfilePage() {
  const { groupId } = useParams();
  const id = Number(groupId);
  if (!/^\d+$/.test(groupId ?? '') || !Number.isSafeInteger(id) || id <= 0)
    return <Navigate to="/404" replace />;
  // A fresh profile per group: moving to another group drops edit mode and open dialogs.
  return <GroupProfile key={id} groupId={id} />;
}

function GroupProfile({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const { data: group } = useGroup(groupId);
  const [bulk, setBulk] = useState<BulkChoice | null>(null);
  usePageTitle(group?.name ?? null);

  if (!group) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }

  const close = () => setBulk(null);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Row justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <Text c="dark.4">{t('members.count', { count: group.clients.length })}</Text>
          </div>
          <AddBulkMenu group={group} onChoose={setBulk} />
        </Row>
        <GroupProfileTabs group={group} />
      </Stack>
      <InteractionModal
        opened={bulk?.action === 'interactions'}
        onClose={close}
        groupId={group.group_id}
        subjectName={group.name}
      />
      <BulkSupportsModal
        group={group}
        opened={bulk?.action === 'supports'}
        skip={bulk?.skip ?? false}
        onClose={close}
      />
      <BulkTrainingsModal
        group={group}
        opened={bulk?.action === 'trainings'}
        skip={bulk?.skip ?? false}
        onClose={close}
      />
    </Container>
  );
}
