import { Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TCoinPackage } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import classes from './coins.module.css';
import { NO_PACKAGES, PackageSummary } from './PackageSummary';
import { skeletonKeys } from './skeleton-keys';

/** First step of the dialog when it was opened without a package (the navbar's plus button). */
export function PackagePicker({ onPick }: { onPick: (pkg: TCoinPackage) => void }) {
  const trpc = useTRPC();
  const packages = useQuery(trpc.coins.listPackages.queryOptions());

  if (packages.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        {skeletonKeys(3).map((key) => (
          <Skeleton key={key} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (packages.isError) {
    return (
      <QueryError title="Could not load coin packages" error={packages.error} onRetry={() => packages.refetch()} />
    );
  }
  if (packages.data.length === 0) return <Text c="dimmed">{NO_PACKAGES}</Text>;

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Choose a coin package.
      </Text>
      {packages.data.map((pkg) => (
        <UnstyledButton key={pkg.id} className={classes.option} onClick={() => onPick(pkg)}>
          <PackageSummary pkg={pkg} />
        </UnstyledButton>
      ))}
    </Stack>
  );
}
