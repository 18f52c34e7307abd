import { ComingSoon } from '../components/common/ComingSoon';

export function AdminWatchTimePage() {
  return <ComingSoon title="Watch Time Rewards" message="Watch time reward settings are coming soon." />;
}
