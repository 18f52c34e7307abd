import { Box, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TCoinPackage } from '@shop/domain';
import { IconCoin } from '@tabler/icons-react';
import classes from './coins.module.css';
import { coinsLabel, priceLabel } from './PackageSummary';
import { usePaymentModal } from './PaymentModalContext';

interface Props {
  pkg: TCoinPackage;
  /** 'Buy' in the shop and on the home page, 'Buy Now' on the dashboard (viewer-spec section 2). */
  buyLabel: string;
}

export function PackageCard({ pkg, buyLabel }: Props) {
  const payment = usePaymentModal();

  return (
    <Card withBorder padding="lg" radius="md" className={classes.packageCard} data-testid="coin-package">
      {pkg.imageUrl && (
        <Card.Section mb="md">
          <Image src={pkg.imageUrl} alt="" h={120} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="xs" style={{ flex: 1 }}>
        <Title order={3} size="h4">
          {pkg.name}
        </Title>
        {pkg.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {pkg.description}
          </Text>
        )}
        <Group gap={6} mt="auto" wrap="nowrap">
          <IconCoin size={20} className={classes.coin} aria-hidden />
          <Text fw={700}>{coinsLabel(pkg.amount)}</Text>
        </Group>
        <Text fw={800} size="xl">
          {priceLabel(pkg.price)}
        </Text>
      </Stack>
      {/* Signed out, this leads to /auth instead of the dialog (usePaymentModal decides). */}
      <Button mt="md" fullWidth onClick={() => payment.open(pkg)}>
        {buyLabel}
      </Button>
    </Card>
  );
}

/**
 * A card-to-be: the card's own boxes with blank text under skeleton bars, so it is as tall as a
 * card with a one-line description and nothing below moves when the packages arrive.
 */
export function PackageCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" className={classes.packageCard} aria-hidden>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Skeleton w="60%">
          <Title order={3} size="h4">
            &nbsp;
          </Title>
        </Skeleton>
        <Skeleton w="90%">
          <Text size="sm">&nbsp;</Text>
        </Skeleton>
        <Skeleton w="40%" mt="auto">
          <Text fw={700}>&nbsp;</Text>
        </Skeleton>
        <Skeleton w="30%">
          <Text fw={800} size="xl">
            &nbsp;
          </Text>
        </Skeleton>
      </Stack>
      <Skeleton mt="md">
        {/* The Buy button's height (Mantine's default button size). */}
        <Box h="calc(2.25rem * var(--mantine-scale))" />
      </Skeleton>
    </Card>
  );
}
