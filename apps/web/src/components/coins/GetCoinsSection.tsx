import { Button, Stack } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLikelySignedIn } from '../../auth/session-hint';
import { PackageGrid } from './PackageGrid';
import { SectionHeader } from './SectionHeader';

interface Props {
  /** Only the first n packages; the home page passes 4 (viewer-spec section 9). */
  limit?: number;
  /** Home variant: a 'View All' link to /shop for signed-in users. */
  showViewAll?: boolean;
  /** Shop variant: a 'View History' link to /history for signed-in users. Defaults to the opposite of showViewAll. */
  showHistoryLink?: boolean;
}

/**
 * 'Get Coins' (viewer-spec section 2) for the home page (`limit={4} showViewAll`) and the shop
 * (no props). Packages are public; 'Buy' while signed out goes to /auth.
 */
export function GetCoinsSection({ limit, showViewAll = false, showHistoryLink = !showViewAll }: Props) {
  const signedIn = useLikelySignedIn();

  return (
    <Stack gap="lg" component="section" aria-labelledby="get-coins-title">
      <SectionHeader
        id="get-coins-title"
        title="Get Coins"
        subtitle="Buy coins to trigger actions on stream."
        actions={
          signedIn && (
            <>
              {showHistoryLink && (
                <Button component={Link} to="/history" variant="subtle" leftSection={<IconHistory size={16} />}>
                  View History
                </Button>
              )}
              {showViewAll && (
                <Button component={Link} to="/shop" variant="subtle" rightSection={<IconArrowRight size={16} />}>
                  View All
                </Button>
              )}
            </>
          )
        }
      />
      <PackageGrid limit={limit} buyLabel="Buy" />
    </Stack>
  );
}
