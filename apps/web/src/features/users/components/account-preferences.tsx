import { HOME_PAGES } from '@cairn/shared/my-work.schemas';
import { can } from '@cairn/shared/roles';
import type { User } from '@cairn/shared/users.schemas';
import { Paper, Select, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleOf } from '../../../lib/session.ts';
import { useSetPreferences } from '../api/user-mutations.ts';

/** The select's value for no home chosen (the role's default). */
const DEFAULT_HOME = 'default';

/**
 * The own account's preferences (issue 32): the home page, and My work's weekly email for those
 * who have My work. Each change is saved at once.
 */
export function AccountPreferences({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const save = useSetPreferences(user.user_id);
  const myWork = can(roleOf(user), 'nav.myWork');
  const homes = HOME_PAGES.filter((h) => h !== 'my_work' || myWork);
  const options = [DEFAULT_HOME, ...homes].map((value) => ({
    value,
    label: t(`preferences.homeOptions.${value}`),
  }));
  return (
    <Paper withBorder p="lg" mt="lg" component="section" aria-labelledby="preferences-heading">
      <Title order={2} size="h3" mb="md" id="preferences-heading">
        {t('preferences.title')}
      </Title>
      <Stack gap="md">
        <Select
          label={t('preferences.home')}
          description={t('preferences.homeDescription')}
          data={options}
          value={user.home ?? DEFAULT_HOME}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => {
            const home = homes.find((h) => h === value) ?? null;
            if (home !== user.home) save.mutate({ home });
          }}
          maw={360}
        />
        {myWork && (
          <Switch
            label={t('preferences.digest')}
            description={t('preferences.digestDescription')}
            checked={user.digest}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ digest: event.currentTarget.checked })}
          />
        )}
      </Stack>
    </Paper>
  );
}
