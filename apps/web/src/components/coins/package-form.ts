import {
  centsToDollarText,
  PRICE_FORMAT_MESSAGE,
  parseDollars,
  type TCoinPackage,
  type TCoinPackageInputParsed,
  ZCoinPackageInput,
} from '@shop/domain';

/** The package dialog's fields: the price as the admin types it, in dollars. */
export interface PackageFormValues {
  name: string;
  description: string;
  imageUrl: string;
  /** NumberInput gives '' while empty. */
  amount: number | string;
  price: string;
  active: boolean;
}

export type PackageInput = TCoinPackageInputParsed;

export function packageFormValues(pkg: TCoinPackage | null): PackageFormValues {
  return {
    name: pkg?.name ?? '',
    description: pkg?.description ?? '',
    imageUrl: pkg?.imageUrl ?? '',
    amount: pkg?.amount ?? 100,
    price: pkg ? centsToDollarText(pkg.price) : '',
    active: pkg?.active ?? true,
  };
}

/**
 * Dollars to integer cents, then the server's own schema (ZCoinPackageInput) over the result, so the
 * dialog refuses exactly what the server would, with the same words.
 */
export function checkPackageForm(
  values: PackageFormValues,
): { ok: true; input: PackageInput } | { ok: false; errors: Record<string, string> } {
  const cents = parseDollars(values.price);
  const parsed = ZCoinPackageInput.safeParse({
    name: values.name,
    description: values.description,
    imageUrl: values.imageUrl,
    amount: values.amount === '' ? undefined : Number(values.amount),
    // A placeholder that passes, so a bad price reports its own message below and the rest still get checked.
    price: cents ?? 1,
    active: values.active,
  });
  const errors: Record<string, string> = {};
  if (cents === null) errors.price = PRICE_FORMAT_MESSAGE;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** Only what changed, so an edit never rewrites fields another admin changed meanwhile. */
export function changedPackageFields(pkg: TCoinPackage, input: PackageInput): Partial<PackageInput> {
  const changes: Partial<PackageInput> = {};
  if (input.name !== pkg.name) changes.name = input.name;
  if (input.description !== pkg.description) changes.description = input.description;
  if ((input.imageUrl || null) !== pkg.imageUrl) changes.imageUrl = input.imageUrl;
  if (input.amount !== pkg.amount) changes.amount = input.amount;
  if (input.price !== pkg.price) changes.price = input.price;
  if (input.active !== pkg.active) changes.active = input.active;
  return changes;
}

/** The ids in order with one moved up (-1) or down (+1); unchanged at the ends. */
export function movedOrder(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
}
