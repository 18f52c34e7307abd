import { Button, Container, Stack } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHeading } from '../components/common/PageHeading';
import { NotFoundPage } from './NotFoundPage';

/** Replaces the router's default error screen, which would show a stack trace. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <PageHeading
          align="center"
          title="Something went wrong"
          description="An unexpected error occurred. Please reload the page."
        />
        <Button onClick={() => window.location.reload()} variant="light">
          Reload
        </Button>
      </Stack>
    </Container>
  );
}
