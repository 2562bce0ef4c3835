import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { refusedPage } from '../../../lib/refused-page.ts';

/** An address that names no list or item: the not-found page in its place, the address kept. */
export function NotFoundHere() {
  const { key } = useLocation();
  useEffect(() => refusedPage.set('notFound', key), [key]);
  return null;
}
