import { AspectRatio, Box, Card, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCount, formatLength, formatVideoDate } from './format-video';

export interface VideoCardProps {
  title: string;
  thumbnail: string | null;
  url: string;
  date: string;
  views: number | null;
  likes?: number | null;
  length?: number | null;
  /** Short videos are portrait. */
  portrait?: boolean;
}

/** One video, linking out in a new tab; the thumbnail loads only when scrolled near. */
export function VideoCard({
  title,
  thumbnail,
  url,
  date,
  views,
  likes = null,
  length = null,
  portrait,
}: VideoCardProps) {
  const [broken, setBroken] = useState(false);
  const figures = [
    formatCount(views, 'view', 'views'),
    formatCount(likes, 'like', 'likes'),
    formatVideoDate(date),
  ].filter(Boolean);
  return (
    <Card
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      withBorder
      radius="md"
      padding="sm"
      data-testid="social-video"
    >
      <Card.Section>
        <AspectRatio ratio={portrait ? 3 / 4 : 16 / 9}>
          <Box bg="var(--mantine-color-default-hover)" pos="relative">
            {thumbnail && !broken && (
              <img
                src={thumbnail}
                alt=""
                loading="lazy"
                decoding="async"
                onError={() => setBroken(true)}
                style={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
            {length !== null && (
              <Text
                size="xs"
                fw={700}
                pos="absolute"
                bottom={6}
                right={6}
                px={6}
                c="white"
                bg="rgba(0, 0, 0, 0.75)"
                style={{ borderRadius: 4 }}
              >
                {formatLength(length)}
              </Text>
            )}
          </Box>
        </AspectRatio>
      </Card.Section>
      <Text fw={600} size="sm" mt="sm" lineClamp={2}>
        {title}
      </Text>
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed">
          {figures.join(' · ')}
        </Text>
      </Group>
    </Card>
  );
}
