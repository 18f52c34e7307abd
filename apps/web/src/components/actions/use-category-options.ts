import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** Filter value for 'All Categories' (filterActions treats 'all' as no filter). */
export const ALL_CATEGORIES = 'all';

/** The category dropdown of the shop and the dashboard: 'All Categories' then every category name. */
export function useCategoryFilterOptions() {
  const trpc = useTRPC();
  const categories = useQuery(trpc.categories.list.queryOptions());
  const names = [...new Set((categories.data ?? []).map((c) => c.name))];
  return [{ value: ALL_CATEGORIES, label: 'All Categories' }, ...names.map((name) => ({ value: name, label: name }))];
}
