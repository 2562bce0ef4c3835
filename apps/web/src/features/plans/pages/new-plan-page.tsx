import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function NewPlanPage() {
  return <PlaceholderPage titleKey="routes.newPlan" />;
}
