import { Button, Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from './PageHeading';

interface Props {
  title: string;
  /** What the visitor will find here once the feature ships, e.g. 'The shop opens soon.' */
  message: ReactNode;
}

/** Placeholder for pages whose feature lands in later work: says so plainly, shows no made-up data. */
export function ComingSoon({ title, message }: Props) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <PageHeading align="center" title={title} description={message} />
          <Button component={Link} to="/" variant="light">
            Back to Home
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
