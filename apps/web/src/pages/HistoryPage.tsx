import { ComingSoon } from '../components/common/ComingSoon';

export function HistoryPage() {
  return (
    <ComingSoon
      title="Transaction History"
      message="Your transaction history is coming soon. Purchases and spending will be listed here."
    />
  );
}
