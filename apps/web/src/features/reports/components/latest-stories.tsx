import type { dashboardListRowSchema } from '@cairn/shared/reporting.schemas';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import classes from './dashboard-view.module.css';
import type { DashboardLabels } from './use-dashboard-labels.ts';

type ListRow = z.infer<typeof dashboardListRowSchema>;

const text = (value: ListRow[string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The stories dashboard's latest stories (LATEST_STORY_COLUMNS), newest first, without names. */
export function LatestStories({ rows, labels }: { rows: ListRow[]; labels: DashboardLabels }) {
  const { t } = useTranslation('reports');
  return (
    <section aria-labelledby="latest-stories">
      <Title order={2} size="h4" id="latest-stories" mb="sm">
        {t('embed.latest')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('embed.noStories')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => {
            const date = text(row.date) && labels.date(text(row.date));
            const centre = text(row.centre_name);
            return (
              <Paper component="li" key={text(row.story_id)} withBorder p="md" className={classes.card}>
                <Text size="sm" c="dimmed" mb={4}>
                  {centre ? t('embed.storyFrom', { centre, date }) : date}
                </Text>
                <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text(row.writeup)}</Text>
              </Paper>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
