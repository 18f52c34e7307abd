import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * Placeholder until the Streamer.bot conversion webhook exists on the server: the tab says plainly
 * that nothing is set up, rather than showing a URL or secret that would not work.
 */
export function StreamerbotTab() {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>Streamer.bot</Title>
        <Alert color="gray" variant="light" icon={<IconInfoCircle />} title="Streamer.bot is not configured yet">
          <Text size="sm">
            This shop does not accept the Streamer.bot conversion webhook yet, so there is no webhook URL or secret to
            copy and no channel points are turned into coins.
          </Text>
        </Alert>
        <Text size="sm" c="dimmed">
          Once it is available, this tab shows the webhook URL, whether a secret is set, a button to generate a new
          secret, the conversion settings, and the headers Streamer.bot must send (Content-Type and an X-Signature HMAC
          SHA-256 of the body).
        </Text>
      </Stack>
    </Paper>
  );
}
