import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
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
