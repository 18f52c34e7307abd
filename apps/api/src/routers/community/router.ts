import { router } from '../../trpc';
import { getLeaderboard } from './get-leaderboard';
import { getProfile } from './get-profile';

export const communityRouter = router({ leaderboard: getLeaderboard, profile: getProfile });
