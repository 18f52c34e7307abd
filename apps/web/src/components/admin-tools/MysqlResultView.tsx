import { Alert, Stack } from '@mantine/core';
import type { TMysqlTestResult } from '@shop/domain';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { InfoRows } from './InfoRows';

/** A MySQL test answer: the outcome and the connection it used (never the password). */
export function MysqlResultView({ result }: { result: TMysqlTestResult }) {
  if (!result.applicable) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle />} title="Not using MySQL" data-testid="mysql-result">
        {result.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="mysql-result">
      <Alert
        color={result.success ? 'green' : 'red'}
        variant="light"
        icon={result.success ? <IconCircleCheck /> : <IconAlertCircle />}
        title={result.success ? 'Connection Successful' : result.message}
      >
        {result.success ? result.message : (result.error ?? '')}
      </Alert>
      {result.config && (
        <InfoRows
          label="Connection used"
          rows={[
            ['Host', result.config.host],
            ['Port', result.config.port],
            ['User', result.config.user],
            ['Database', result.config.database || '(none)'],
          ]}
        />
      )}
    </Stack>
  );
}
