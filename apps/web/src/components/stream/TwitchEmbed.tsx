import { AspectRatio, Box } from '@mantine/core';
import { chatEmbedUrl, playerEmbedUrl } from './twitch-urls';

interface Props {
  kind: 'player' | 'chat';
  channel: string;
}

/** Twitch's player or chat frame; the CSP allows exactly these two frame origins. */
export function TwitchEmbed({ kind, channel }: Props) {
  const host = window.location.hostname;
  if (kind === 'chat') {
    return (
      <Box h={{ base: 420, sm: 520 }}>
        <iframe
          title={`${channel} chat on Twitch`}
          src={chatEmbedUrl(channel, host)}
          style={{ border: 0, width: '100%', height: '100%' }}
          data-testid="twitch-chat"
        />
      </Box>
    );
  }
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        title={`${channel} live on Twitch`}
        src={playerEmbedUrl(channel, host)}
        allowFullScreen
        style={{ border: 0 }}
        data-testid="twitch-player"
      />
    </AspectRatio>
  );
}
