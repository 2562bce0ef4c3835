import { truncate } from '@cairn/shared/format';
import { Anchor, Button, Divider, Paper, Stack, Tooltip } from '@mantine/core';
import { IconBook2, IconId, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useClient } from '../../lib/client-queries.ts';
import { LoadMoreList } from './load-more-list.tsx';
import { SideMenuSection } from './side-menu-section.tsx';

/** Spec §9: a group name over 15 characters shows as its first 12 and an ellipsis. */
const GROUP_NAME_MAX = 15;
const GROUP_NAME_KEEP = 12;

/** A plan as the side menu lists it. */
export interface SideMenuPlan {
  plan_id: number;
  /** What the link says, e.g. the start date and status. */
  label: string;
}

export interface ClientSideMenuProps {
  clientId: number;
  /**
   * The client's plans, newest first, listed under 'Plans (count)' with Load More. Left out, the
   * menu shows the count and New Plan only.
   */
  plans?: readonly SideMenuPlan[];
  /** Spec §4: with an open plan already, New Plan is disabled and says why. */
  hasOpenPlan?: boolean;
}

/**
 * Spec §2 side menu beside a client's profile, plans and stories: Profile/Intake, Plans (count)
 * with New Plan, Stories (count) with All Stories, and Groups (count).
 */
export function ClientSideMenu({ clientId, plans, hasOpenPlan = false }: ClientSideMenuProps) {
  const { t } = useTranslation('clients');
  const { pathname } = useLocation();
  const { data: client } = useClient(clientId);
  const base = `/client/${clientId}`;
  const current = (to: string) => (pathname === to ? ('page' as const) : undefined);
  // The counts come with the client; until it arrives the page shows its own loader.
  if (!client) return null;

  const newPlan = (
    <Button
      component={Link}
      to={`${base}/plan/create`}
      size="xs"
      variant="light"
      fullWidth
      leftSection={<IconPlus size={14} aria-hidden />}
      data-disabled={hasOpenPlan || undefined}
      aria-disabled={hasOpenPlan || undefined}
      onClick={(event) => hasOpenPlan && event.preventDefault()}
    >
      {t('profile.sideMenu.newPlan')}
    </Button>
  );

  return (
    <Paper component="nav" aria-label={t('profile.sideMenu.label')} withBorder p="sm">
      <Stack gap="md">
        <Button
          component={Link}
          to={base}
          variant={pathname === base ? 'filled' : 'light'}
          size="sm"
          leftSection={<IconId size={16} aria-hidden />}
          aria-current={current(base)}
          fullWidth
          justify="flex-start"
        >
          {t('profile.sideMenu.profile')}
        </Button>
        <Divider />
        <SideMenuSection
          heading={t('profile.sideMenu.plans', { count: client.plans_count })}
          action={
            hasOpenPlan ? (
              <Tooltip label={t('profile.sideMenu.onePlanOnly')} multiline w={200}>
                {newPlan}
              </Tooltip>
            ) : (
              newPlan
            )
          }
        >
          {plans && (
            <LoadMoreList
              items={plans}
              itemKey={(plan) => plan.plan_id}
              loadMoreText={t('profile.sideMenu.loadMore')}
              loadMoreLabel={t('profile.sideMenu.loadMorePlans')}
              renderItem={(plan) => {
                const to = `${base}/plan/${plan.plan_id}`;
                return (
                  <Anchor component={Link} to={to} size="sm" aria-current={current(to)}>
                    {plan.label}
                  </Anchor>
                );
              }}
            />
          )}
        </SideMenuSection>
        <SideMenuSection
          heading={t('profile.sideMenu.stories', { count: client.stories_count })}
          action={
            <Button
              component={Link}
              to={`${base}/stories`}
              size="xs"
              variant="light"
              fullWidth
              leftSection={<IconBook2 size={14} aria-hidden />}
              aria-current={current(`${base}/stories`)}
            >
              {t('profile.sideMenu.allStories')}
            </Button>
          }
        />
        <SideMenuSection heading={t('profile.sideMenu.groups', { count: client.groups.length })}>
          <LoadMoreList
            items={client.groups}
            itemKey={(group) => group.group_id}
            loadMoreText={t('profile.sideMenu.loadMore')}
            loadMoreLabel={t('profile.sideMenu.loadMoreGroups')}
            empty={null}
            renderItem={(group) => {
              const shown = truncate(group.name, GROUP_NAME_MAX, GROUP_NAME_KEEP);
              const cut = shown !== group.name;
              return (
                <Anchor
                  component={Link}
                  to={`/group/${group.group_id}`}
                  size="sm"
                  title={cut ? group.name : undefined}
                  aria-label={cut ? group.name : undefined}
                >
                  {shown}
                </Anchor>
              );
            }}
          />
        </SideMenuSection>
      </Stack>
    </Paper>
  );
}
