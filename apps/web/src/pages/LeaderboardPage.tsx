import { Container, Stack } from '@mantine/core';
import { PageHeading } from '../components/common/PageHeading';
import { Leaderboard } from '../components/community/Leaderboard';

/** viewer-spec section 9: the page shows the top 20. */
const PAGE_LIMIT = 20;

export function LeaderboardPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeading
          title="Top Supporters"
          highlight="Supporters"
          description="The viewers who have sent the most actions to the stream."
        />
        <Leaderboard limit={PAGE_LIMIT} />
      </Stack>
    </Container>
  );
}
