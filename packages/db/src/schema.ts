import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions, the same on SQLite and MySQL: booleans are 0/1 integers, instants are epoch
 * milliseconds in BIGINT, money is integer cents and coins. That keeps every query portable.
 */
type Bool = ColumnType<number, number | undefined, number>;
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower(username): one account per name whatever the case, on both dialects. */
  username_key: string;
  password_hash: string;
  display_name: string | null;
  profile_picture: string | null;
  coin_balance: ColumnType<number, number | undefined, number>;
  is_admin: Bool;
  twitch_username: string | null;
  created_at: Millis;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, hex: a leaked table cannot be replayed as cookies. */
  id: string;
  user_id: number;
  expires_at: Millis;
}

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount: number;
  description: string;
  /** Idempotency key of the event that caused the entry (e.g. a PayPal order); unique when set. */
  reference: string | null;
  created_at: Millis;
}

export interface CoinPackagesTable {
  id: Generated<number>;
  name: string;
  description: string;
  image_url: string | null;
  amount: number;
  price_cents: number;
  active: Bool;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Millis;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  color: string;
  active: Bool;
  created_at: Millis;
}

export interface StreamActionsTable {
  id: Generated<number>;
  name: string;
  description: string;
  image_url: string | null;
  category_id: number | null;
  cost: number;
  game_type: string;
  target_type: string;
  webhook_action: string;
  minecraft_server: string | null;
  active: Bool;
  created_at: Millis;
}

export interface PaymentsTable {
  id: Generated<number>;
  provider: string;
  order_id: string;
  user_id: number;
  package_id: number | null;
  amount_cents: number;
  currency: string;
  /** created -> credited, or created -> refused (with failure_reason). */
  status: 'created' | 'credited' | 'refused';
  failure_reason: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface Database {
  payments: PaymentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  transactions: TransactionsTable;
  coin_packages: CoinPackagesTable;
  categories: CategoriesTable;
  stream_actions: StreamActionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type CoinPackageRow = Selectable<CoinPackagesTable>;
export type NewCoinPackage = Insertable<CoinPackagesTable>;
export type CoinPackageUpdate = Updateable<CoinPackagesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type StreamActionRow = Selectable<StreamActionsTable>;
export type NewStreamAction = Insertable<StreamActionsTable>;
