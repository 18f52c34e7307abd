import { ComingSoon } from '../components/common/ComingSoon';

export function TestRconPage() {
  return (
    <ComingSoon
      title="RCON Tester"
      message="The RCON tester is coming soon. It will let you send a test command to a game server."
    />
  );
}
