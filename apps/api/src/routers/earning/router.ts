import { router } from '../../trpc';
import { getStreamerbotConfig } from './get-streamerbot-config';
import { getWatchTimeStatus } from './get-watch-time-status';
import { listWatchTimeRewards } from './list-watch-time-rewards';
import { regenerateStreamerbotSecret } from './regenerate-streamerbot-secret';
import { updateWatchTimeSettings } from './update-watch-time-settings';

/** Watch-time rewards and the Streamer.bot tab. */
export const earningRouter = router({
  watchTimeStatus: getWatchTimeStatus,
  watchTimeRewards: listWatchTimeRewards,
  updateWatchTimeSettings,
  streamerbotConfig: getStreamerbotConfig,
  regenerateStreamerbotSecret,
});
