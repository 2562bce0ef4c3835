import { LIMITS } from '@cairn/shared/limits';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

/** Toasts of spec §8: top-centre, 3 seconds unless they must stay. */
export const notify = {
  success(message: string) {
    notifications.show({ color: 'green', message, autoClose: LIMITS.toastMs });
  },
  /** A failure; null for one that says nothing (a failed save after the session ended). */
  error(message: string | null = i18n.t('common:errors.generic')) {
    if (message === null) return;
    notifications.show({ color: 'red', message, autoClose: LIMITS.toastMs });
  },
  warning(message: string, options: { sticky?: boolean } = {}) {
    notifications.show({ color: 'yellow', message, autoClose: options.sticky ? false : LIMITS.toastMs });
  },
  /** A note in passing, such as answers restored from a draft. */
  info(message: string) {
    notifications.show({ color: 'gray', message, autoClose: LIMITS.toastMs });
  },
};
