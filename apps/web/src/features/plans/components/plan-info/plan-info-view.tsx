import { planMissingFields } from '@cairn/shared/plan-rules';
import type { Plan } from '@cairn/shared/plans.schemas';
import { DataList } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { ProfileAnswer } from '../../../../components/profile-answer.tsx';

type Row = Exclude<
  keyof Plan,
  'plan_id' | 'client_id' | 'status' | 'barriers' | '_missing' | 'created_at' | 'updated_at'
>;

/** The Plan Info answers in the order the form asks them; the employment type only for Employed. */
const ROWS: readonly Row[] = [
  'date',
  'current_employment',
  'employment_type',
  'apprentice',
  'accessing_supports',
  'relocate',
  'transportation',
];

/** The Plan Info tab in view mode: each answer, the missing ones of the plan flag marked red. */
export function PlanInfoView({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  const fmt = useFormats();
  const missing = new Set<string>(planMissingFields(plan));
  const rows = ROWS.filter((row) => row !== 'employment_type' || plan.current_employment === 'Employed');

  return (
    <DataList withDivider size="md" labelWidth={220}>
      {rows.map((row) => {
        const raw = plan[row];
        const value = raw
          ? row === 'date'
            ? fmt.longDate(raw)
            : t(`options.${raw}`, { defaultValue: raw })
          : null;
        return (
          <DataList.Item key={row}>
            <DataList.ItemLabel>{t(`fields.${row}`)}</DataList.ItemLabel>
            <DataList.ItemValue>
              <ProfileAnswer value={value} missing={missing.has(row)} />
            </DataList.ItemValue>
          </DataList.Item>
        );
      })}
    </DataList>
  );
}
