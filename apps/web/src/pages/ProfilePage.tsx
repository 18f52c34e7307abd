import { Button, Container, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../components/common/PageHeading';
import { PageLoader } from '../components/common/PageLoader';
import { QueryError } from '../components/common/QueryError';
import { ProfileView } from '../components/community/ProfileView';
import { PROFILE_LOAD_FAILED } from '../components/community/profile-wording';
import { errorStatus } from '../lib/errors';
import { useTRPC } from '../trpc';

/** viewer-spec section 2: a missing or zero id is 'User Not Found' without asking the server. */
function parseUserId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function BackToLeaderboard() {
  return (
    <Button component={Link} to="/leaderboard" variant="light" leftSection={<IconArrowLeft size={16} />}>
      Back to Leaderboard
    </Button>
  );
}

function Missing({ title }: { title: string }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" ta="center">
        <PageHeading align="center" title={title} description="The requested user profile could not be found." />
        <BackToLeaderboard />
      </Stack>
    </Paper>
  );
}

export function ProfilePage() {
  const { userId } = useParams();
  const id = parseUserId(userId);

  return (
    <Container size="md" py="xl">
      {id === null ? <Missing title="User Not Found" /> : <LoadedProfile id={id} />}
    </Container>
  );
}

function LoadedProfile({ id }: { id: number }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.community.profile.queryOptions({ id }));

  if (profile.isPending) return <PageLoader />;
  if (profile.isError && errorStatus(profile.error) === 404) return <Missing title="User not found" />;

  let body: ReactNode;
  if (profile.isError) {
    body = (
      <QueryError
        title={PROFILE_LOAD_FAILED.title}
        description={PROFILE_LOAD_FAILED.description}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  } else {
    body = <ProfileView profile={profile.data} />;
  }
  return (
    <Stack gap="lg">
      <div>
        <BackToLeaderboard />
      </div>
      {body}
    </Stack>
  );
}
