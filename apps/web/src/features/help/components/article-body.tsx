import { Typography } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import classes from './article-body.module.css';

/**
 * An article's HTML body, sanitised when the help was built (scripts/build-help.mjs): only plain
 * formatting, lists, tables and links survive. A link to another screen of Cairn opens in the app
 * rather than reloading it.
 */
export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (href?.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    // The links inside are focusable and keyboard-operable themselves; this only routes their clicks.
    <Typography className={classes.body} onClick={follow} data-testid="help-article-body">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
