import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReassignClients, useWorkers } from '../../lib/caseload-queries.ts';
import { useCentres } from '../../lib/centre-queries.ts';

/** Which clients a reassignment moves: by ids (a selection, one profile) or all of one worker's. */
export type ReassignTarget = { client_ids: number[] } | { from_worker_id: number };

export interface ReassignModalProps {
  opened: boolean;
  onClose: () => void;
  target: ReassignTarget;
  /** How many clients it moves, for the question (unknown for a worker's: null). */
  count: number | null;
  /** The clients' centre, whose workers are offered; null lets an Admin choose the centre first. */
  centreId: number | null;
  /** The worker they have now, left out of the choices. */
  currentWorkerId?: number | null;
  onDone?: () => void;
}

/** The choice "Unassigned" among the workers. */
const NONE = 'none';

/**
 * Issue 32: gives clients another worker (an active Coordinator of their centre) or none, in one
 * call (POST /clients/reassign). The profile's worker, the list's selection, and a leaving
 * worker's clients (the list filtered to them, their user page) all open it.
 */
export function ReassignModal({
  opened,
  onClose,
  target,
  count,
  centreId,
  currentWorkerId = null,
  onDone,
}: ReassignModalProps) {
  const { t } = useTranslation('caseloads');
  const [chosenCentre, setChosenCentre] = useState<string | null>(null);
  const [worker, setWorker] = useState<string | null>(null);
  const centre = centreId ?? (chosenCentre ? Number(chosenCentre) : null);
  const centres = useCentres(opened && centreId === null);
  const workers = useWorkers(opened ? centre : null);
  const reassign = useReassignClients();

  const workerOptions = [
    { value: NONE, label: t('unassigned') },
    ...(workers.data ?? [])
      .filter((w) => w.user_id !== currentWorkerId)
      .map((w) => ({ value: String(w.user_id), label: w.full_name })),
  ];
  const close = () => {
    setWorker(null);
    onClose();
  };
  const submit = () => {
    if (worker === null) return;
    reassign.mutate(
      { ...target, worker_id: worker === NONE ? null : Number(worker) },
      {
        onSuccess: () => {
          close();
          onDone?.();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('reassign.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        <Text>{count === null ? t('reassign.allOfWorker') : t('reassign.question', { count })}</Text>
        {centreId === null && (
          <Select
            label={t('reassign.centre')}
            data={(centres.data ?? []).map((c) => ({ value: String(c.centre_id), label: c.name }))}
            value={chosenCentre}
            onChange={(value) => {
              setChosenCentre(value);
              setWorker(null);
            }}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('nothingFound')}
          />
        )}
        <Select
          label={t('reassign.worker')}
          data={workerOptions}
          value={worker}
          onChange={setWorker}
          allowDeselect={false}
          searchable={workerOptions.length > 8}
          nothingFoundMessage={t('nothingFound')}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={reassign.isPending}>
            {t('reassign.cancel')}
          </Button>
          <Button onClick={submit} loading={reassign.isPending} disabled={worker === null}>
            {t('reassign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
