import { ComingSoon } from '../components/common/ComingSoon';

export function LeaderboardPage() {
  return (
    <ComingSoon
      title="Top Supporters"
      message="The leaderboard is coming soon. The viewers who trigger the most actions will be ranked here."
    />
  );
}
