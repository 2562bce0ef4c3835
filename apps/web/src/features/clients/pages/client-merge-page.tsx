import type { ClientMergeField, MergeSide } from '@cairn/shared/client-merge.schemas';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ClientPageLayout } from '../../../components/client-side-menu/client-page-layout.tsx';
import { DeleteModal } from '../../../components/delete-modal.tsx';
import { ClientPicker } from '../../../components/interaction-modal/client-picker.tsx';
import { useClient } from '../../../lib/client-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useAddressQuery } from '../../../lib/use-address-query.ts';
import { useMergeClients, useMergePreview, useOtherClient } from '../api/client-merge-queries.ts';
import { MergeFieldChoices } from '../components/merge/merge-field-choices.tsx';
import { differingFields, initialChoices } from '../components/merge/merge-fields.ts';
import { MergeSummary } from '../components/merge/merge-summary.tsx';

type Choices = Partial<Record<ClientMergeField, MergeSide>>;

/**
 * /client/{clientId}/merge: another client merged into this one (issue 31), from More → Merge with…,
 * or from Possible duplicates with `?other={id}` chosen.
 */
export function ClientMergePage() {
  const { clientId } = useParams();
  const id = Number(clientId);
  if (!/^\d+$/.test(clientId ?? '') || !Number.isSafeInteger(id) || id <= 0)
    return <Navigate to="/404" replace />;
  return <ClientMerge key={id} clientId={id} />;
}

/** The other client a link names, when it is an id other than the kept client's. */
function otherOf(raw: string | null, clientId: number): number | null {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 && id !== clientId ? id : null;
}

function ClientMerge({ clientId }: { clientId: number }) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const { data: kept } = useClient(clientId);
  // ?other={id}: the other client chosen already (from Possible duplicates).
  const [search] = useAddressQuery();
  const [otherId, setOtherId] = useState<number | null>(() => otherOf(search.get('other'), clientId));
  const [choices, setChoices] = useState<{ otherId: number; choices: Choices } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const other = useOtherClient(otherId).data;
  const preview = useMergePreview(clientId, otherId).data;
  const backToProfile = () => void navigate(`/client/${clientId}`);
  const merge = useMergeClients(clientId, backToProfile);
  usePageTitle(kept ? t('merge.title', { name: kept.full_name }) : null);

  const ready = kept && other && other.client_id === otherId;
  const fields = ready ? differingFields(kept, other) : [];
  // The choices start from each field's sensible side, afresh for each other client chosen.
  const chosen: Choices =
    ready && choices?.otherId === other.client_id
      ? choices.choices
      : ready
        ? initialChoices(kept, other)
        : {};

  return (
    <ClientPageLayout menu={{ clientId }}>
      {kept ? (
        <Stack gap="lg">
          <Title order={1}>{t('merge.title', { name: kept.full_name })}</Title>
          <Text>{t('merge.intro', { name: kept.full_name })}</Text>
          <ClientPicker
            label={t('merge.other')}
            value={otherId === null ? null : String(otherId)}
            onChange={(next) => setOtherId(next ? Number(next) : null)}
            exclude={new Set([clientId])}
          />
          {ready && (
            <>
              <MergeFieldChoices
                kept={kept}
                other={other}
                fields={fields}
                choices={chosen}
                onChoose={(field, side) =>
                  setChoices({ otherId: other.client_id, choices: { ...chosen, [field]: side } })
                }
              />
              {preview && (
                <MergeSummary preview={preview} otherName={other.full_name} keptName={kept.full_name} />
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={backToProfile}>
              {t('merge.cancel')}
            </Button>
            <Button
              color="red.8"
              disabled={!ready || !preview || preview.both_plans_open}
              onClick={() => setConfirming(true)}
              aria-haspopup="dialog"
            >
              {t('merge.submit')}
            </Button>
          </Group>
          {ready && (
            <DeleteModal
              opened={confirming}
              onClose={() => setConfirming(false)}
              onConfirm={() =>
                merge.mutate(
                  { other_id: other.client_id, keep: chosen },
                  { onSettled: () => setConfirming(false) },
                )
              }
              title={t('merge.confirm.title')}
              message={t('merge.confirm.message', { other: other.full_name, kept: kept.full_name })}
              confirmLabel={t('merge.confirm.button')}
              hardConfirm
              loading={merge.isPending}
            />
          )}
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('profile.loading')} />
        </Center>
      )}
    </ClientPageLayout>
  );
}
