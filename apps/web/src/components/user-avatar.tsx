import { Avatar, isLightColor, type AvatarProps } from '@mantine/core';
import type { User } from '@cairn/shared/users.schemas';

export interface UserAvatarProps extends Omit<AvatarProps, 'children' | 'color'> {
  user: Pick<User, 'icon' | 'icon_bg'>;
}

/**
 * Spec §3 icon and icon_bg: the user's initials on their colour, in black or white, whichever
 * stands out more (WCAG AA contrast either way). The name is read out by the surrounding control.
 */
export function UserAvatar({ user, radius = 'xl', size = 'md', ...rest }: UserAvatarProps) {
  return (
    <Avatar
      radius={radius}
      size={size}
      aria-hidden
      styles={{
        placeholder: {
          backgroundColor: user.icon_bg,
          color: isLightColor(user.icon_bg) ? 'var(--mantine-color-black)' : '#fff',
          fontWeight: 600,
        },
      }}
      {...rest}
    >
      {user.icon}
    </Avatar>
  );
}
