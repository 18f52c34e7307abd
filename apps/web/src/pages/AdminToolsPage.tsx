import { ComingSoon } from '../components/common/ComingSoon';

export function AdminToolsPage() {
  return (
    <ComingSoon
      title="Admin Tools"
      message="Admin tools are coming soon: action history, refunds, password resets and diagnostics."
    />
  );
}
