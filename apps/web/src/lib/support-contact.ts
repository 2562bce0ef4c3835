import { useQuery } from '@tanstack/react-query';
import { ok, publicApi } from './api-client.ts';

/**
 * Where users write when something breaks or they need help (the error page, the help footer):
 * the server's SUPPORT_EMAIL, from GET /api/help/contact. Asked once when the signed-in frame opens
 * (`useSupportEmail` in the layout) and kept for the session, so the error page has it at hand even
 * when the API is failing. Undefined until it has arrived.
 */
export function useSupportEmail(): string | undefined {
  const contact = useQuery({
    queryKey: ['help', 'contact'],
    queryFn: ({ signal }) => ok(publicApi.GET('/api/help/contact', { signal })),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failure here must not open the error page: the page simply has no address to show.
    meta: { noErrorPage: true },
  });
  return contact.data?.support_email;
}
