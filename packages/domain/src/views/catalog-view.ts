import type { TCategory } from '../category-schemas';
import type { TCoinPackage } from '../coin-schemas';
import { countOf, isoOf, isSet, type StoredCount, type StoredFlag } from './stored';

/** A coin package as stored. */
export interface StoredCoinPackage {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  amount: number;
  price_cents: number;
  active: StoredFlag;
  sort_order: number;
}

export function toCoinPackage(row: StoredCoinPackage): TCoinPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    amount: row.amount,
    price: row.price_cents,
    active: isSet(row.active),
    sortOrder: row.sort_order,
  };
}

/** A category as stored, with how many actions use it. */
export interface StoredCategory {
  id: number;
  name: string;
  description: string | null;
  color: string;
  active: StoredFlag;
  created_at: number;
  action_count: StoredCount;
}

export function toCategory(row: StoredCategory): TCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    active: isSet(row.active),
    createdAt: isoOf(row.created_at),
    actionCount: countOf(row.action_count),
  };
}
