import type { TCoinPackage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { changedPackageFields, checkPackageForm, movedOrder, packageFormValues } from './package-form';

const pkg: TCoinPackage = {
  id: 7,
  name: 'Fan Pack',
  description: 'Bonus',
  imageUrl: null,
  amount: 550,
  price: 499,
  active: true,
  sortOrder: 1,
};

describe('package form', () => {
  it('shows a package price in dollars and reads it back as the same cents', () => {
    const values = packageFormValues(pkg);
    expect(values.price).toBe('4.99');
    const checked = checkPackageForm(values);
    expect(checked.ok && checked.input.price).toBe(499);
    expect(checked.ok && changedPackageFields(pkg, checked.input)).toEqual({});
  });

  it('sends only what changed', () => {
    const checked = checkPackageForm({ ...packageFormValues(pkg), price: '5.49' });
    expect(checked.ok && changedPackageFields(pkg, checked.input)).toEqual({ price: 549 });
  });

  it('explains a bad price and the server schema’s other refusals together', () => {
    const checked = checkPackageForm({ ...packageFormValues(null), name: ' ', amount: 0, price: '4.999' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: 'Name is required',
      amount: 'Amount must be greater than 0',
      price: 'Price must be in dollars, like 4.99',
    });
    const tooDear = checkPackageForm({ ...packageFormValues(pkg), price: '100000.01' });
    expect(!tooDear.ok && tooDear.errors.price).toBe('Price must be at most $100,000.00');
  });

  it('moves an id one place and leaves the ends alone', () => {
    expect(movedOrder([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});
