import { Container, Stack, Text, Title } from '@mantine/core';
import { Leaderboard } from '../components/community/Leaderboard';

/** viewer-spec section 9: the page shows the top 20. */
const PAGE_LIMIT = 20;

export function LeaderboardPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Top Supporters</Title>
          <Text c="dimmed">The viewers who have sent the most actions to the stream.</Text>
        </div>
        <Leaderboard limit={PAGE_LIMIT} />
      </Stack>
    </Container>
  );
}
