import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../common/PageHeading';

/** The top of an admin page of its own: the way back to the dashboard, the title, and its controls on the right. */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Anchor component={Link} to="/dashboard" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to Dashboard
        </Group>
      </Anchor>
      <PageHeading title={title} description={description} actions={children} />
    </>
  );
}
