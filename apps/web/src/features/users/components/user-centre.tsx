import { NO_CENTRE_ID } from '@cairn/shared/limits';
import type { User } from '@cairn/shared/users.schemas';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A user's centre: a link to the centre, or plain 'None' for no centre (null or id -1, spec §2, §3). */
export function UserCentre({ centre, linked = true }: { centre: User['centre']; linked?: boolean }) {
  const { t } = useTranslation('users');
  const none = !centre || centre.centre_id === NO_CENTRE_ID;
  if (none || !linked) {
    return (
      <Text span inherit>
        {none ? t('none') : centre.name}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/centre/${centre.centre_id}`}>
      {centre.name}
    </Anchor>
  );
}
