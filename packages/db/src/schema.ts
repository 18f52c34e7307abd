import type { TDeliveryKind, TDeliveryStatus, TEffectState, TQueueMark, TStackMode } from '@shop/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions, the same on SQLite and MySQL: booleans are 0/1 integers, instants are epoch
 * milliseconds in BIGINT, money is integer cents and coins. That keeps every query portable.
 */
type Bool = ColumnType<number, number | undefined, number>;
type Millis = number;
/** Nullable column that an insert may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

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
  /** The Twitch user id 'Verify with Twitch' proved; null while the name is only claimed. */
  twitch_user_id: string | null;
  created_at: Millis;
  /** Supporter totals: non-test, non-refunded triggers and their coins, kept with the ledger. */
  action_count: ColumnType<number, number | undefined, number>;
  coins_spent: ColumnType<number, number | undefined, number>;
  /** When an admin disabled the account; null while it is active. */
  disabled_at: Optional<Millis>;
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
  /** lower(name): category names are unique whatever the case. */
  name_key: string;
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
  /** Seconds nobody may trigger it again after a trigger (0: none), and per viewer. */
  cooldown_seconds: ColumnType<number, number | undefined, number>;
  user_cooldown_seconds: ColumnType<number, number | undefined, number>;
  /** When the global cooldown last started; moved only while cooldown_seconds > 0. */
  last_triggered_at: Optional<Millis>;
  /** Each trigger waits for the streamer's approval, at most approval_timeout_seconds. */
  requires_approval: Bool;
  approval_timeout_seconds: ColumnType<number, number | undefined, number>;
  /** Triggers of actions sharing a group are sent one at a time, gap_seconds apart. */
  queue_group: Optional<string>;
  gap_seconds: ColumnType<number, number | undefined, number>;
  /** A timed effect lasts this long (0: instant) and ends with stop_command. */
  duration_seconds: ColumnType<number, number | undefined, number>;
  stop_command: Optional<string>;
  /** A trigger while one of this action runs: waits (queue), lengthens it (extend) or is refused. */
  stack_mode: ColumnType<TStackMode, TStackMode | undefined, TStackMode>;
  /** An unreachable target is waited for, up to hold_max_seconds, instead of burning the retries. */
  wait_for_target: Bool;
  hold_max_seconds: ColumnType<number, number | undefined, number>;
  /** Triggers left (null: unlimited); a refund puts one back. */
  stock: Optional<number>;
  /** Triggers per broadcast, all viewers and per viewer (null: no limit). */
  per_stream_limit: Optional<number>;
  per_viewer_per_stream_limit: Optional<number>;
  /** Surge pricing (percent 0: off); surge_steps as of surge_at, fading by one per surge_decay_seconds. */
  surge_percent: ColumnType<number, number | undefined, number>;
  surge_decay_seconds: ColumnType<number, number | undefined, number>;
  surge_max_multiplier: ColumnType<number, number | undefined, number>;
  surge_steps: ColumnType<number, number | undefined, number>;
  surge_at: ColumnType<Millis, Millis | undefined, Millis>;
  /** A crowd goal (admin-spec section 12): null, or the coins viewers gather within pool_window_seconds. */
  pool_goal: Optional<number>;
  pool_window_seconds: ColumnType<number, number | undefined, number>;
}

export interface PaymentsTable {
  id: Generated<number>;
  provider: string;
  order_id: string;
  user_id: number;
  package_id: number | null;
  /** The snapshot taken when the order was created: what the buyer was promised, whatever the admin edits later. */
  coins: Optional<number>;
  package_name: Optional<string>;
  amount_cents: number;
  currency: string;
  /**
   * created -> credited -> (reversed: PayPal refunded or reversed the capture, coins taken back),
   * created -> refused (with failure_reason), created -> refunded (captured but not creditable; refunded at PayPal),
   * refused -> credited or refunded (PayPal had captured it after all: an unexpected reply to the capture).
   */
  status: 'created' | 'credited' | 'refused' | 'refunded' | 'reversed';
  failure_reason: string | null;
  /** PayPal's capture id, once known: refunds and capture webhooks name it. */
  capture_id: Optional<string>;
  /** Coins taken back after a refund or reversal, and what could not be taken (the balance was spent). */
  coins_reclaimed: ColumnType<number, number | undefined, number>;
  coins_unrecovered: ColumnType<number, number | undefined, number>;
  /** Money PayPal's refunds accounted for (refund_shares) returned, and the coins left out of the credit for those seen before it. */
  refunded_cents: ColumnType<number, number | undefined, number>;
  coins_withheld: ColumnType<number, number | undefined, number>;
  /**
   * Reconciliation's schedule: checks that did not settle the order (its backoff grows with them),
   * those of them that failed (at the limit the checks stop and the order is flagged), and when it
   * may next be asked about (null: never again, because it is settled, closed or handed to an admin).
   */
  check_attempts: ColumnType<number, number | undefined, number>;
  check_failures: ColumnType<number, number | undefined, number>;
  next_check_at: Optional<Millis>;
  /** Why an admin should look at this order (credited after a refusal, given up on); null when nothing needs them. */
  attention_reason: Optional<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  secret_key: string;
  description: string;
  game_type: string;
  active: Bool;
  created_at: Millis;
  /** overlay:// endpoints only: the secret in the overlay page's URL and its socket's credential. */
  overlay_token: Optional<string>;
  /** overlay:// endpoints only: the page also shows the next triggers in line ('Up next'). */
  show_up_next: Bool;
}

/** The streamer's pause switch: one row, id 1. */
export interface ShopSettingsTable {
  id: number;
  paused: Bool;
  auto_pause_when_offline: Bool;
  queue_held: Bool;
  /** The admin's switch for gifts between viewers (on by default). */
  gifting_enabled: Bool;
  /** Days coins bought with PayPal wait before they can be gifted (earned coins never wait). */
  gift_hold_days: ColumnType<number, number | undefined, number>;
  updated_at: Millis;
  /**
   * Raised in the transaction of every admin change to an action: a trigger reads it with the pause
   * switch, and trusts its in-memory copy of the action only while the two agree (catalog-cache.ts).
   */
  catalog_version: ColumnType<number, number | undefined, number>;
}

export interface ActionHistoryTable {
  id: Generated<number>;
  user_id: number;
  action_id: number | null;
  action_name: string;
  cost: number;
  target: string | null;
  is_test: Bool;
  /** 1 delivered, 0 failed for good, null still on its way. */
  success: number | null;
  refunded: Bool;
  /** The viewer's idempotency key for this trigger; unique per viewer. */
  request_id: Optional<string>;
  /** The viewer's balance right after this trigger's debit: the reply a replay answers again. */
  balance_after: Optional<number>;
  created_at: Millis;
  /** The ledger row of this trigger's debit (null for tests and rows from before it was kept). */
  transaction_id: Optional<number>;
  /** The streamer's mark (TQueueMark): null while the trigger runs the ordinary way. */
  queue_state: Optional<TQueueMark>;
  approval_expires_at: Optional<Millis>;
  /** The action's queue group when it was triggered. */
  queue_group: Optional<string>;
  /** Its order in the group (then id): 'move to the front' puts it below every other. */
  queue_rank: ColumnType<number, number | undefined, number>;
  /** A timed effect's snapshot: how long it lasts and its stop command, rendered for this trigger. */
  duration_seconds: ColumnType<number, number | undefined, number>;
  stop_command: Optional<string>;
  /** When the running effect ends (set when its start is delivered). */
  ends_at: Optional<Millis>;
  effect_state: Optional<TEffectState>;
  /** An 'extend' trigger: the running trigger it lengthened, which stops for both. */
  extends_id: Optional<number>;
  /** 1 when the sale took a unit of the action's stock: only then does a refund put one back. */
  took_stock: Bool;
}

/** A gift of coins from one viewer to another; its ledger rows are gift:<id>:sent and gift:<id>:received. */
export interface GiftsTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  coins: number;
  message: string | null;
  /** The sender's idempotency key; unique per sender. */
  request_id: string;
  /** The sender's balance right after the gift: what a replay answers. */
  balance_after: number;
  created_at: Millis;
}

/** What a paid idempotent command answered first; a replay of its requestId answers it again. */
export interface FirstRepliesTable {
  user_id: number;
  /** Which command the requestId keyed: 'trigger', 'contribute' or 'gift'. */
  command: string;
  request_id: string;
  /** The reply, as JSON. */
  body: string;
  created_at: Millis;
}

export interface QueueGroupsTable {
  name: string;
  /** The trigger the group is sending now; null when the group is free. */
  active_history_id: number | null;
  /** The group's next trigger may start from then (the gap after the last one). */
  free_at: ColumnType<Millis, Millis | undefined, Millis>;
}

export interface DeliveriesTable {
  id: Generated<number>;
  history_id: number;
  endpoint_id: number | null;
  command: string;
  status: TDeliveryStatus;
  /** 'stop' rows end a timed effect: due at its end, never settling the trigger or moving money. */
  kind: ColumnType<TDeliveryKind, TDeliveryKind | undefined, TDeliveryKind>;
  /** When its target first did not answer while waited for (hold until ready); null otherwise. */
  held_since: Optional<Millis>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Millis;
  /** While in_flight: the lease; a worker that dies lets it lapse and another picks the row up. */
  locked_until: Millis | null;
  /** Fencing token of the lease: only the worker holding it may record the outcome. */
  lease_token: Optional<string>;
  /** 1 for an admin's resend: its outcome is recorded but never moves money or the trigger's status. */
  is_resend: Bool;
  last_error: string | null;
  response: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface WatchTimeSettingsTable {
  /** Always 1: one settings row. */
  id: number;
  enabled: Bool;
  reward_interval: number;
  coins_per_interval: number;
  last_updated: Optional<Millis>;
}

export interface WatchTimeRewardsTable {
  id: Generated<number>;
  user_id: number;
  coins_awarded: number;
  /** Minutes of watching paid for (the interval at the time). */
  watch_duration: number;
  /** Start of the reward window; unique with user_id. */
  window_start: Millis;
  created_at: Millis;
}

export interface TwitchAuthorizationTable {
  /** Always 1: one broadcaster authorization. */
  id: number;
  broadcaster_id: string;
  broadcaster_login: string;
  /** Encrypted (secret-box) user tokens. */
  access_token: string;
  refresh_token: string;
  expires_at: Millis;
  scopes: string;
  updated_at: Millis;
}

export interface TwitchOauthStatesTable {
  state: string;
  /** The admin session that started the flow: the callback must come back in it. */
  session_id: string;
  expires_at: Millis;
  /** Which flow the state belongs to: the broadcaster's authorization or a viewer's verification. */
  purpose: ColumnType<TwitchOauthPurpose, TwitchOauthPurpose | undefined, TwitchOauthPurpose>;
}

export type TwitchOauthPurpose = 'broadcaster' | 'verify';

export interface AppSecretsTable {
  name: string;
  value: string;
  updated_at: Millis;
}

/**
 * The overview's per-day totals (UTC day numbers), kept by database triggers on the rows they count
 * (migration 2026_11_27_0014): never written by the application. A day's totals are spread over
 * shards, so concurrent writers (the triggers of one popular action) do not queue on one row; the
 * overview sums them, and folds the shards of past days into shard 0.
 */
export interface DailyTotalsTable {
  day: number;
  shard: number;
  /** 'purchase' ledger rows. */
  coins_sold: number;
  /** Credited payments, by the day the order was created. */
  money_cents: number;
  /** Paid triggers (tests left out), and the refunded ones among them. */
  triggers: number;
  refunds: number;
}

/** Per action (0: history rows without one): kept (paid, not refunded) triggers and their coins. */
export interface DailyActionTotalsTable {
  day: number;
  action_id: number;
  shard: number;
  triggers: number;
  coins: number;
  /** The newest paid trigger's id, refunded or not: no kept trigger of the day is newer. */
  last_id: number;
}

/** Per viewer: kept (paid, not refunded) triggers and their coins. */
export interface DailySupporterTotalsTable {
  user_id: number;
  day: number;
  triggers: number;
  coins: number;
}

/** Settled deliveries per endpoint (0: endpoint gone), by the day they were queued. */
export interface DailyEndpointTotalsTable {
  day: number;
  endpoint_id: number;
  shard: number;
  delivered: number;
  failed: number;
}

/**
 * One PayPal refund or reversal of a payment, accounted for once (migration 2026_11_27_0013). A share
 * recorded before the order was credited was left out of the credit (nothing taken, nothing unrecovered).
 * A record: what the next refund owes is decided from the totals on the locked payment row.
 */
export interface RefundSharesTable {
  id: Generated<number>;
  payment_id: number;
  /** PayPal's refund (or reversal) id; its ledger row's reference is `payment-<kind>:<refund_id>`. */
  refund_id: string;
  kind: 'refund' | 'reversal';
  /** Cents it returned; null: everything that was left. */
  cents: number | null;
  /** The coins it stands for. */
  coins: number;
  coins_taken: ColumnType<number, number | undefined, number>;
  coins_unrecovered: ColumnType<number, number | undefined, number>;
  created_at: Millis;
}

/** A crowd goal's gathering (migration 0018): open until it fires or its window ends. */
export interface PoolsTable {
  id: Generated<number>;
  action_id: number;
  action_name: string;
  goal: number;
  raised: ColumnType<number, number | undefined, number>;
  opened_at: Millis;
  ends_at: Millis;
  state: ColumnType<'open' | 'fired' | 'expired', 'open' | undefined, 'fired' | 'expired'>;
  /** The action's id while open, NULL after: its unique index allows one open pool per action. */
  open_action_id: Optional<number>;
  /** The trigger a fired pool wrote. */
  history_id: Optional<number>;
}

export interface PoolContributionsTable {
  id: Generated<number>;
  pool_id: number;
  user_id: number;
  coins: number;
  request_id: string;
  /** The ledger row of the debit. */
  transaction_id: number;
  /** The contributor's balance right after it: what a replay answers. */
  balance_after: number;
  refunded: Bool;
  created_at: Millis;
}

export interface Database {
  pools: PoolsTable;
  pool_contributions: PoolContributionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  action_history: ActionHistoryTable;
  deliveries: DeliveriesTable;
  payments: PaymentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  transactions: TransactionsTable;
  coin_packages: CoinPackagesTable;
  categories: CategoriesTable;
  stream_actions: StreamActionsTable;
  watch_time_settings: WatchTimeSettingsTable;
  watch_time_rewards: WatchTimeRewardsTable;
  twitch_authorization: TwitchAuthorizationTable;
  twitch_oauth_states: TwitchOauthStatesTable;
  app_secrets: AppSecretsTable;
  shop_settings: ShopSettingsTable;
  queue_groups: QueueGroupsTable;
  daily_totals: DailyTotalsTable;
  daily_action_totals: DailyActionTotalsTable;
  daily_supporter_totals: DailySupporterTotalsTable;
  daily_endpoint_totals: DailyEndpointTotalsTable;
  refund_shares: RefundSharesTable;
  gifts: GiftsTable;
  first_replies: FirstRepliesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundShareRow = Selectable<RefundSharesTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type CoinPackageRow = Selectable<CoinPackagesTable>;
export type NewCoinPackage = Insertable<CoinPackagesTable>;
export type CoinPackageUpdate = Updateable<CoinPackagesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type StreamActionRow = Selectable<StreamActionsTable>;
export type PoolRow = Selectable<PoolsTable>;
export type PoolContributionRow = Selectable<PoolContributionsTable>;
export type NewStreamAction = Insertable<StreamActionsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type ActionHistoryRow = Selectable<ActionHistoryTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type GiftRow = Selectable<GiftsTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
export type StreamActionUpdate = Updateable<StreamActionsTable>;
export type WebhookEndpointUpdate = Updateable<WebhookEndpointsTable>;
