import { AspectRatio, Button, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { channelUrl } from './twitch-urls';

/** The external-link mode: no frame at all, just the way to Twitch itself. */
export function StreamExternal({ channel }: { channel: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Stack align="center" justify="center" gap="sm" bg="var(--mantine-color-default-hover)" p="md" ta="center">
        <Text>Watch {channel} on Twitch in a new tab.</Text>
        <Button
          component="a"
          href={channelUrl(channel)}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} />}
        >
          Open on Twitch
        </Button>
      </Stack>
    </AspectRatio>
  );
}
