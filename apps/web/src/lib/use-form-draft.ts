import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { formDrafts, restoredAnswers, type DraftPlace } from './form-drafts.ts';
import i18n from './i18n.ts';
import { notify } from './notify.ts';
import { session, useSession } from './session.ts';

/** Which form a draft is of: its name and, for a form that edits one of several records, the record. */
export interface FormDraftName {
  form: string;
  /** The record edited; none for a new one, or for the one record a page has a form for. */
  record?: number;
}

const routeOf = ({ pathname, search }: Location) => pathname + search;

/**
 * Keeps a draft of the form while it holds unsaved answers (lib/form-drafts.ts), and gives the
 * draft back, with a note saying so, when the form opens again on the same page for the same
 * user. The draft goes when the form is saved, when its answers are undone, and when the form or
 * the page is left while still signed in (every way out of unsaved answers asks first); it stays
 * when the form goes because the session ended.
 */
// Mantine's useForm asks for Values extends Record<string, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useFormDraft<Values extends Record<string, any>>(
  form: UseFormReturnType<Values>,
  { form: name, record }: FormDraftName,
) {
  const userId = useSession()?.user.user_id;
  const route = routeOf(useLocation());
  const place = useMemo<DraftPlace | null>(
    () => (userId === undefined ? null : { userId, route, form: name, record: record ?? null }),
    [userId, route, name, record],
  );

  useEffect(() => {
    const draft = place && formDrafts.load(place);
    if (!draft) return;
    form.setValues(restoredAnswers(draft, form.getInitialValues()) as Partial<Values>);
    notify.info(i18n.t('common:drafts.restored'));
    // Only when the form opens (or moves to another page): `form` changes on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place]);

  const values = form.getValues();
  const dirty = form.isDirty();
  const wasDirty = useRef(false);
  useEffect(() => {
    if (!place) return;
    if (dirty) formDrafts.save(place, values);
    else if (wasDirty.current) formDrafts.remove(place);
    wasDirty.current = dirty;
  }, [place, values, dirty]);

  useEffect(() => {
    if (!place) return;
    const forget = () => {
      if (session.get()) formDrafts.remove(place);
    };
    // Leaving the page (a reload, another site) drops the answers too, once the browser has asked.
    window.addEventListener('pagehide', forget);
    return () => {
      window.removeEventListener('pagehide', forget);
      forget();
    };
  }, [place]);
}

/**
 * Which record's `form` has a draft of the signed-in user's on this page, read when the screen
 * opens, so that the screen opens that form again: its id, 'new' for a new record's (or the page's
 * one form), null for none.
 */
export function useDraftedRecord(form: string): number | 'new' | null {
  const userId = useSession()?.user.user_id;
  const route = routeOf(useLocation());
  const [drafted] = useState((): number | 'new' | null => {
    const records = userId === undefined ? [] : formDrafts.recordsWithDraft(userId, route, form);
    return records.length === 0 ? null : (records[0] ?? 'new');
  });
  return drafted;
}
