import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First stop of the keyboard: jumps over the navigation to the page itself. */
export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <a
      className={classes.link}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Move focus too, not only the scroll position, so the next Tab starts in the page.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
