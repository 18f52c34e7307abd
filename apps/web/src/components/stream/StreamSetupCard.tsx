import { Alert, List, Text } from '@mantine/core';
import { IconSettingsExclamation } from '@tabler/icons-react';
import { useSocialContent } from '../social/use-social-content';
import { useStreamStatus } from './use-stream-status';

/**
 * For admins on the dashboard: why the stream or the video lists show nothing (a missing setting
 * such as TWITCH_CHANNEL, an upstream failure). Visitors only see the stream offline and the lists
 * empty; the setting names are for the streamer, who can act on them. Nothing when all is well.
 */
export function StreamSetupCard() {
  const { status } = useStreamStatus();
  const social = useSocialContent();
  const notes = [
    { source: 'Twitch', note: status?.note ?? null },
    { source: 'TikTok', note: social.data?.notes.tiktok ?? null },
    { source: 'YouTube', note: social.data?.notes.youtube ?? null },
  ].filter((n): n is { source: string; note: string } => n.note !== null);
  if (notes.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconSettingsExclamation />}
      title="Stream setup needs attention"
      data-testid="stream-setup-notes"
    >
      <Text size="sm" mb="xs">
        Only admins see this. Viewers see the stream as offline and the video lists as empty until then.
      </Text>
      <List size="sm" spacing={4}>
        {notes.map(({ source, note }) => (
          <List.Item key={source}>
            <Text span fw={600} size="sm">
              {source}:
            </Text>{' '}
            {note}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
