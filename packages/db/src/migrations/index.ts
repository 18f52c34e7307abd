import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation';
import * as payments from './2026_11_22_0002_payments';
import * as delivery from './2026_11_22_0003_delivery';
import * as trust from './2026_11_23_0004_trust';
import * as overviewIndexes from './2026_11_23_0005_overview_indexes';
import * as earning from './2026_11_23_0006_earning';
import * as live from './2026_11_23_0007_live';
import * as settlementSweep from './2026_11_27_0008_settlement_sweep';
import * as twitchProof from './2026_11_27_0009_twitch_proof';
import * as paymentReconcile from './2026_11_27_0010_payment_reconcile';
import * as refundShares from './2026_11_27_0013_refund_shares';
import * as dailyTotals from './2026_11_27_0014_daily_totals';
import * as controlRoom from './2026_11_28_0015_control_room';
import * as timedEffects from './2026_11_28_0016_timed_effects';
import * as gifting from './2026_11_28_0017_gifting';
import * as pools from './2026_11_28_0018_pools';
import * as economy from './2026_11_28_0019_economy';
import * as userControls from './2026_12_07_0021_user_controls';
import * as effectFixes from './2026_12_07_0023_effect_fixes';
import * as ruleFixes from './2026_12_07_0024_rule_fixes';
import * as firstReplies from './2026_12_07_0025_first_replies';
import * as controlFixes from './2026_12_07_0026_control_fixes';

/**
 * Migrations are listed in code rather than read from a folder, so the bundled server and the tests
 * run exactly the same set. Add new ones at the end with a later timestamp.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_payments': payments,
  '2026_11_22_0003_delivery': delivery,
  '2026_11_23_0004_trust': trust,
  '2026_11_23_0005_overview_indexes': overviewIndexes,
  '2026_11_23_0006_earning': earning,
  '2026_11_23_0007_live': live,
  '2026_11_27_0008_settlement_sweep': settlementSweep,
  '2026_11_27_0009_twitch_proof': twitchProof,
  '2026_11_27_0010_payment_reconcile': paymentReconcile,
  '2026_11_27_0013_refund_shares': refundShares,
  '2026_11_27_0014_daily_totals': dailyTotals,
  '2026_11_28_0015_control_room': controlRoom,
  '2026_11_28_0016_timed_effects': timedEffects,
  '2026_11_28_0017_gifting': gifting,
  '2026_11_28_0018_pools': pools,
  '2026_11_28_0019_economy': economy,
  '2026_12_07_0021_user_controls': userControls,
  '2026_12_07_0023_effect_fixes': effectFixes,
  '2026_12_07_0024_rule_fixes': ruleFixes,
  '2026_12_07_0025_first_replies': firstReplies,
  '2026_12_07_0026_control_fixes': controlFixes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
