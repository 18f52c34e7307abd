// The SQL one trigger runs, in order, as the bare server sends it. The bench captures the shop's own
// statements (DB_LOG_QUERIES) and refuses to run unless one of these lists equals them, so the bare
// server is always "the same statements without the framework" and never a cheaper shortcut.

/** Reads the shop may answer from memory instead (the action and its endpoints). */
export const READ_ACTION =
  'select stream_actions.*, categories.name as category_name from stream_actions left join categories on categories.id = stream_actions.category_id where stream_actions.id = ?';
export const READ_ENDPOINTS = 'select * from webhook_endpoints where active = ? order by id';

export const SESSION =
  'select users.*, sessions.id as session_id, sessions.expires_at as session_expires_at from sessions inner join users on users.id = sessions.user_id where sessions.id = ?';
export const DEBIT = 'update users set coin_balance = coin_balance - ? where id = ? and coin_balance >= ?';
export const LEDGER =
  'insert into transactions (user_id, type, amount, description, reference, created_at) values (?, ?, ?, ?, ?, ?)';
export const PAUSE =
  'select paused, auto_pause_when_offline, queue_held, catalog_version from shop_settings where id = ?';
export const TOTALS = 'update users set action_count = action_count + ?, coins_spent = coins_spent + ? where id = ?';
export const BALANCE = 'select * from users where id = ?';
export const HISTORY =
  'insert into action_history (user_id, action_id, action_name, cost, target, is_test, success, refunded, request_id, balance_after, transaction_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
export const DELIVERY =
  'insert into deliveries (history_id, endpoint_id, command, status, attempts, next_attempt_at, locked_until, lease_token, is_resend, last_error, response, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** MySQL's transactions run at READ COMMITTED, set per transaction (docs/ARCHITECTURE.md). */
export const READ_COMMITTED = 'set transaction isolation level read committed';

const WRITES = [PAUSE, DEBIT, LEDGER, TOTALS, BALANCE, HISTORY, DELIVERY, 'commit'];

/** cachedReads: the action and endpoint reads answered from memory (both sides cache them then). */
export function statementList(cachedReads: boolean, mysql: boolean): string[] {
  const writes = [...(mysql ? [READ_COMMITTED] : []), 'begin', ...WRITES];
  return cachedReads ? [SESSION, ...writes] : [SESSION, READ_ACTION, READ_ENDPOINTS, ...writes];
}

/** Quoting and spacing differ between dialects and builders; the statements themselves must not. */
export function normalize(sql: string): string {
  return sql.replace(/[`"]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Which bare list equals the captured one, or null (the bench then stops: the comparison would be unfair). */
export function matchingList(captured: string[], mysql: boolean): { cachedReads: boolean } | null {
  const given = captured.map(normalize).join('\n');
  for (const cachedReads of [false, true]) {
    if (statementList(cachedReads, mysql).map(normalize).join('\n') === given) return { cachedReads };
  }
  return null;
}
