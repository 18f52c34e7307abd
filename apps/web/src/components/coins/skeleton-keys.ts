/** Stable keys for n placeholder rows (they never reorder, but the linter rightly dislikes index keys). */
export function skeletonKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `skeleton-${i}`);
}
