import type { Plan } from '@cairn/shared/plans.schemas';
import { can } from '@cairn/shared/roles';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useDiscardGuard } from '../../../../lib/use-discard-guard.ts';
import { roleOf, useSession } from '../../../../lib/session.ts';
import { useFollowUps } from '../../api/follow-up-queries.ts';
import { FollowUpCard } from './follow-up-card.tsx';
import { FollowUpForm } from './follow-up-form.tsx';

export interface FollowUpsTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The plan's follow-ups after its outcome, by month: each with its due date, status and what was
 * recorded; one at a time opens in a form. A closed plan's follow-ups stay open to recording.
 */
export function FollowUpsTab({ plan, onDirtyChange }: FollowUpsTabProps) {
  const { t } = useTranslation('plan-records');
  const { data: followUps } = useFollowUps(plan.plan_id);
  const mayRecord = can(roleOf(useSession()?.user), 'cases.write');
  const [editing, setEditing] = useState<number | null>(null);
  const unsaved = useDiscardGuard(onDirtyChange);

  if (followUps === undefined) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }

  const close = () => setEditing(null);
  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h3">
        {t('followUps.title')}
      </Title>
      {followUps.length === 0 ? (
        <Text c="dimmed">{t('followUps.empty')}</Text>
      ) : (
        <Text c="dimmed">{t('followUps.intro')}</Text>
      )}
      {followUps.map((f) =>
        editing === f.follow_up_id ? (
          <FollowUpForm
            key={f.follow_up_id}
            followUp={f}
            onSaved={close}
            onCancel={() => unsaved.leave(close)}
            onDirtyChange={unsaved.onDirtyChange}
          />
        ) : (
          <FollowUpCard
            key={f.follow_up_id}
            followUp={f}
            {...(mayRecord && editing === null ? { onRecord: () => setEditing(f.follow_up_id) } : {})}
          />
        ),
      )}
      <DiscardChangesModal {...unsaved.discard} />
    </Stack>
  );
}
