import { ComingSoon } from '../components/common/ComingSoon';

export function AdminCategoriesPage() {
  return <ComingSoon title="Manage Categories" message="Category management is coming soon." />;
}
