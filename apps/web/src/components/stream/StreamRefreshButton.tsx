import { ActionIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAuth } from '../../auth/AuthContext';
import { useStreamRefresh } from './use-stream-refresh';

const LABEL = 'Refresh stream status';

/** Refresh control of the player and the Stream Statistics card; signed-in viewers only, as the server asks. */
export function StreamRefreshButton() {
  const { user } = useAuth();
  if (!user) return null;
  return <RefreshIcon />;
}

function RefreshIcon() {
  const { refresh, busy } = useStreamRefresh();
  // The browser's own tooltip (title): Mantine's Tooltip would bring floating-ui to the home page.
  return (
    <ActionIcon
      variant="default"
      size="md"
      radius="md"
      aria-label={LABEL}
      title={LABEL}
      loading={busy}
      onClick={refresh}
      data-testid="stream-refresh"
    >
      <IconRefresh size={16} />
    </ActionIcon>
  );
}
