import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/errors';

interface Props {
  title?: string;
  /** A sentence for people before the server's own words, e.g. 'An error occurred loading the profile'. */
  description?: string;
  error: unknown;
  onRetry?: () => void;
}

/** The one way a failed load is shown: the server's message and a way to try again, never a stack. */
export function QueryError({ title = 'Something went wrong', description, error, onRetry }: Props) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
      {description && (
        <Text size="sm" mb={4}>
          {description}
        </Text>
      )}
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
