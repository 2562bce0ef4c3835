import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function StoriesPage() {
  return <PlaceholderPage titleKey="routes.stories" />;
}
