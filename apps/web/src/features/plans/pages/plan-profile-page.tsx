import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function PlanProfilePage() {
  return <PlaceholderPage titleKey="routes.plan" />;
}
