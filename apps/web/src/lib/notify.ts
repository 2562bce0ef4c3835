import { LIMITS } from '@cairn/shared/limits';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

/** Toasts of spec §8: top-centre, 3 seconds unless they must stay. */
export const notify = {
  success(message: string) {
    notifications.show({ color: 'green', message, autoClose: LIMITS.toastMs });
  },
  error(message: string = i18n.t('common:errors.generic')) {
    notifications.show({ color: 'red', message, autoClose: LIMITS.toastMs });
  },
  warning(message: string, options: { sticky?: boolean } = {}) {
    notifications.show({ color: 'yellow', message, autoClose: options.sticky ? false : LIMITS.toastMs });
  },
};
