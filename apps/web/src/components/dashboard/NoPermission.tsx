import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export const NO_PERMISSION = "You don't have permission to access this section. Please contact the administrator.";

export function NoPermission() {
  return (
    <Alert color="gray" variant="light" icon={<IconLock />}>
      {NO_PERMISSION}
    </Alert>
  );
}
