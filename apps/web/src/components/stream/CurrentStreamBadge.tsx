import { Badge } from '@mantine/core';
import type { TStreamStatus } from '@shop/domain';

/** 'Current Stream: <game>' in the shop while the streamer is live with a known game. */
export function CurrentStreamBadge({ status }: { status: TStreamStatus | undefined }) {
  if (!status?.isLive || !status.currentGame) return null;
  return (
    <Badge color="red" variant="light" size="lg" data-testid="current-stream">
      Current Stream: {status.currentGame}
    </Badge>
  );
}
