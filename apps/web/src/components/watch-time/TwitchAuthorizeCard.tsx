import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TWatchTimeStatus } from '@shop/domain';
import { IconAlertTriangle, IconBrandTwitch, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Where the list of viewers comes from, and the link that lets the broadcaster authorize the shop
 * with Twitch. The link is a plain anchor: the server answers with a redirect to Twitch.
 */
export function TwitchAuthorizeCard({ status }: { status: TWatchTimeStatus }) {
  return (
    <Paper withBorder p="md" data-testid="twitch-authorization">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Viewer Data
        </Title>
        {status.mode === 'real' && (
          <Alert color="green" variant="light" icon={<IconCircleCheck />} title="Reading real viewers from Twitch">
            <Text size="sm">
              Authorized by <b>{status.authorized?.login ?? 'the broadcaster'}</b>. While the stream is live, every
              interval the shop reads the channel's chatters and rewards the verified viewers among them.
            </Text>
          </Alert>
        )}
        {status.mode === 'real' && status.modeReason && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="The last read from Twitch failed">
            <Text size="sm">{status.modeReason}</Text>
          </Alert>
        )}
        {status.mode === 'simulated' && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle />} title="Simulated viewer data">
            <Text size="sm">
              The broadcaster has not authorized the shop with Twitch, so every viewer who verified their Twitch account
              counts as watching; names only typed in are never paid. This is for trying the feature out; authorize
              below to reward the viewers really in chat.
            </Text>
          </Alert>
        )}
        {status.mode === 'unavailable' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="No rewards are being given">
            <Text size="sm">{status.modeReason ?? 'The shop cannot read who is watching.'}</Text>
          </Alert>
        )}
        <Group justify="space-between" align="center" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            Without Twitch authorization the system uses simulated viewer data. The broadcaster signs in with Twitch and
            grants the shop permission to read the chatters list (moderator:read:chatters).
          </Text>
          <Button component="a" href={status.authorizeUrl} color="violet" leftSection={<IconBrandTwitch size={16} />}>
            {status.mode === 'real' ? 'Authorize again with Twitch' : 'Authorize with Twitch'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Viewers verify their Twitch account on their{' '}
          <Anchor component={Link} to="/dashboard" size="xs">
            dashboard
          </Anchor>
          ; only verified viewers can earn coins.
        </Text>
      </Stack>
    </Paper>
  );
}
