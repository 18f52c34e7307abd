import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { PackageCard, PackageCardSkeleton } from './PackageCard';
import { NO_PACKAGES } from './PackageSummary';
import { skeletonKeys } from './skeleton-keys';

interface Props {
  /** Show only the first n packages (the home page shows 4). */
  limit?: number;
  buyLabel: string;
}

const COLS = { base: 1, xs: 2, md: 4 };

/** Active coin packages as cards, with the loading, error and empty states every list of them needs. */
export function PackageGrid({ limit, buyLabel }: Props) {
  const trpc = useTRPC();
  // Deferred: the render that swaps skeletons for data runs in slices between frames instead of
  // one long task the moment the data arrives (the skeletons stay up a frame or two longer).
  const packages = useDeferredValue(useQuery(trpc.coins.listPackages.queryOptions()));
  // The urgent render the data's arrival causes still sees the old value: handing React the same
  // elements lets it skip the whole grid then, so that render costs next to nothing.
  return useMemo(() => {
    if (packages.isPending) {
      return (
        <SimpleGrid cols={COLS} aria-busy aria-label="Loading coin packages">
          {skeletonKeys(limit ?? 4).map((key) => (
            <PackageCardSkeleton key={key} />
          ))}
        </SimpleGrid>
      );
    }
    if (packages.isError) {
      return (
        <QueryError title="Could not load coin packages" error={packages.error} onRetry={() => packages.refetch()} />
      );
    }
    const shown = limit === undefined ? packages.data : packages.data.slice(0, limit);
    if (shown.length === 0) return <Text c="dimmed">{NO_PACKAGES}</Text>;

    return (
      <SimpleGrid cols={COLS}>
        {shown.map((pkg) => (
          <PackageCard key={pkg.id} pkg={pkg} buyLabel={buyLabel} />
        ))}
      </SimpleGrid>
    );
  }, [packages, limit, buyLabel]);
}
