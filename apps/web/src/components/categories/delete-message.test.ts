import { describe, expect, it } from 'vitest';
import { deleteCategoryMessage } from './delete-message';

describe('deleteCategoryMessage', () => {
  it('is the spec sentence alone for an unused category', () => {
    expect(deleteCategoryMessage(0)).toBe(
      'Are you sure you want to delete this category? This action cannot be undone.',
    );
  });
  it('says how many actions become uncategorised', () => {
    expect(deleteCategoryMessage(1)).toMatch(/1 action uses it and will become uncategorised\.$/);
    expect(deleteCategoryMessage(3)).toMatch(/3 actions use it and will become uncategorised\.$/);
  });
});
