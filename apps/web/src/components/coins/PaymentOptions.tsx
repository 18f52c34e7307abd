import { Alert, Button, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import type { TCoinPackage } from '@shop/domain';
import { IconAlertCircle, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTRPC } from '../../trpc';
import type { Checkout } from './use-checkout';

// Lazy: the demo path must never download PayPal's components, let alone its SDK script.
const PayPalCheckout = lazy(() => import('./PayPalCheckout').then((m) => ({ default: m.PayPalCheckout })));

interface Props {
  pkg: TCoinPackage;
  checkout: Checkout;
  onCancelled: () => void;
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="md">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

/** The ways to pay for one package, as the server's payment setup allows. */
export function PaymentOptions({ pkg, checkout, onCancelled }: Props) {
  const trpc = useTRPC();
  const setup = useQuery(trpc.payments.getSetup.queryOptions());

  if (setup.isPending) return <Loading label="Loading payment options..." />;
  if (setup.isError) {
    return (
      <Alert color="red" variant="light" title="Payment Service Unavailable" icon={<IconAlertCircle />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Failed to load payment system. Please try again later.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => setup.refetch()} loading={setup.isFetching}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {setup.data.provider === 'demo' ? (
        <>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconFlask />}
            title={setup.data.notice}
            data-testid="demo-notice"
          >
            This shop runs a demo checkout: the order is approved at once and coins are added, but nothing is charged.
          </Alert>
          <Button size="md" fullWidth loading={checkout.busy} onClick={() => checkout.payWithDemo(pkg)}>
            Pay with demo checkout
          </Button>
        </>
      ) : (
        <Suspense fallback={<Loading label="Loading PayPal..." />}>
          {checkout.step === 'completing' && <Loading label="Completing your payment..." />}
          <PayPalCheckout clientId={setup.data.clientId} pkg={pkg} checkout={checkout} onCancelled={onCancelled} />
        </Suspense>
      )}
      <Divider label="or" labelPosition="center" />
      {/* viewer-spec section 2: card payment is announced but not offered. */}
      <Button variant="default" fullWidth disabled leftSection={<IconCreditCard size={18} />}>
        Credit card: Coming soon
      </Button>
    </Stack>
  );
}
