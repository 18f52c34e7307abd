import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/errors';

interface Props {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}

/** The one way a failed load is shown: the server's message and a way to try again, never a stack. */
export function QueryError({ title = 'Something went wrong', error, onRetry }: Props) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
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
