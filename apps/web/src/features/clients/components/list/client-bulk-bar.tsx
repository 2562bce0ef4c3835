import { Button, Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButton } from '../../../../components/wrapping-button.ts';
import { ReassignModal, type ReassignTarget } from '../../../../components/caseloads/reassign-modal.tsx';

export interface ClientBulkBarProps {
  /** The clients chosen on the list. */
  selected: ReadonlySet<number>;
  onClear: () => void;
  /** The worker whose clients the list shows, if one: all of them can be reassigned at once. */
  workerId: number | null;
  /** Whether the list holds any client. */
  hasClients: boolean;
  /** The clients' centre (the caller's); null lets an Admin choose it. */
  centreId: number | null;
}

/**
 * Issue 32: the list's bulk reassignment: the clients chosen, or, when the list shows one
 * worker's clients, all of them (a worker leaving).
 */
export function ClientBulkBar({ selected, onClear, workerId, hasClients, centreId }: ClientBulkBarProps) {
  const { t } = useTranslation('caseloads');
  const [target, setTarget] = useState<ReassignTarget | null>(null);
  if (selected.size === 0 && (workerId === null || !hasClients)) return null;
  return (
    <Group gap="sm" mb="md" role="group" aria-label={t('reassign.title')}>
      {selected.size > 0 && (
        <>
          <Text role="status">{t('selection.selected', { count: selected.size })}</Text>
          <Button
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            onClick={() => setTarget({ client_ids: [...selected] })}
          >
            {t('selection.reassign')}
          </Button>
          <Button variant="default" onClick={onClear}>
            {t('selection.clear')}
          </Button>
        </>
      )}
      {selected.size === 0 && workerId !== null && (
        <Button
          variant="default"
          classNames={wrappingButton}
          onClick={() => setTarget({ from_worker_id: workerId })}
        >
          {t('reassignAll')}
        </Button>
      )}
      <ReassignModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        target={target ?? { client_ids: [] }}
        count={target && 'client_ids' in target ? target.client_ids.length : null}
        centreId={centreId}
        currentWorkerId={target && 'from_worker_id' in target ? target.from_worker_id : null}
        onDone={onClear}
      />
    </Group>
  );
}
