import { Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../components/common/PageHeading';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <PageHeading
          align="center"
          title="404 Page Not Found"
          highlight="404"
          description="Did you forget to add the page to the router?"
        />
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
