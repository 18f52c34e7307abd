import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '../components/common/ComingSoon';

/** viewer-spec section 2: a missing or zero id is 'User Not Found' without asking the server. */
function parseUserId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function ProfilePage() {
  const { userId } = useParams();
  const id = parseUserId(userId);

  if (id === null) {
    return (
      <Container size="sm" py="xl">
        <Paper withBorder p="xl">
          <Stack align="center" ta="center">
            <Title order={1}>User Not Found</Title>
            <Text c="dimmed">The requested user profile could not be found.</Text>
            <Button component={Link} to="/leaderboard" variant="light">
              Back to Leaderboard
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }

  return <ComingSoon title="Public Profile" message="Public profiles are coming soon." />;
}
