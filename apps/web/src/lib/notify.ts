import { LIMITS } from '@cairn/shared/limits';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

/** A toast; its close button is named, as every button is. */
function show(color: string, message: string, autoClose: number | false = LIMITS.toastMs) {
  notifications.show({
    color,
    message,
    autoClose,
    closeButtonProps: { 'aria-label': i18n.t('dialogs:close') },
  });
}

/** Toasts of spec §8: top-centre, 3 seconds unless they must stay. */
export const notify = {
  success(message: string) {
    show('green', message);
  },
  /** A failure; null for one that says nothing (a failed save after the session ended). */
  error(message: string | null = i18n.t('common:errors.generic')) {
    if (message === null) return;
    show('red', message);
  },
  warning(message: string, options: { sticky?: boolean } = {}) {
    show('yellow', message, options.sticky ? false : LIMITS.toastMs);
  },
  /** A note in passing, such as answers restored from a draft. */
  info(message: string) {
    show('gray', message);
  },
};
