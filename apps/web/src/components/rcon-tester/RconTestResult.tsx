import { Alert, Code, Text } from '@mantine/core';
import type { TRconTestResult } from '@shop/domain';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import classes from './rcon-tester.module.css';

const UNKNOWN = 'Unknown error';

/** The server's answer: 'Connection Successful' with the raw reply, or 'Failed' with the reason. */
export function RconTestResult({ result }: { result: TRconTestResult }) {
  if (result.success) {
    return (
      <Alert
        color="green"
        variant="light"
        title="Connection Successful"
        icon={<IconCircleCheck />}
        data-testid="rcon-result"
      >
        <Text size="sm" mb={6}>
          Response:
        </Text>
        {result.message === '' ? (
          <Text size="sm" c="dimmed" fs="italic">
            The server ran the command and sent back no text.
          </Text>
        ) : (
          <Code block className={classes.reply} data-testid="rcon-response">
            {result.message}
          </Code>
        )}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title="Failed" icon={<IconCircleX />} data-testid="rcon-result" role="alert">
      <Text size="sm">{result.error || result.message || UNKNOWN}</Text>
    </Alert>
  );
}

/** The call itself failed (bad input, an address the tester may not reach, too many attempts, no network). */
export function RconConnectionError({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" title="Connection Error" icon={<IconAlertCircle />} role="alert">
      <Text size="sm">{message || UNKNOWN}</Text>
    </Alert>
  );
}
