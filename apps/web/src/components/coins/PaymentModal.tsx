import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TCoinPackage } from '@shop/domain';
import { useCallback, useState } from 'react';
import { notify } from '../../lib/notify';
import { PackagePicker } from './PackagePicker';
import { coinsLabel, priceLabel } from './PackageSummary';
import { PaymentOptions } from './PaymentOptions';
import { useCheckout } from './use-checkout';

interface Props {
  /** null: the user picks a package in the dialog first. */
  initialPackage: TCoinPackage | null;
  onClose: () => void;
}

function notifyCancelled() {
  notify.error('Payment Cancelled', 'You cancelled the payment process. No charge was made.');
}

function PackageTitle({ pkg }: { pkg: TCoinPackage | null }) {
  if (!pkg) return <Text fw={700}>Buy Coins</Text>;
  return (
    <Stack gap={0}>
      <Text fw={700} size="lg">
        {pkg.name}
      </Text>
      <Text size="sm" c="dimmed">
        {coinsLabel(pkg.amount)} for {priceLabel(pkg.price)}
      </Text>
    </Stack>
  );
}

/** The payment dialog (viewer-spec section 4, payment flow). Mounted only while open; PaymentModalProvider owns it. */
export function PaymentModal({ initialPackage, onClose }: Props) {
  const [pkg, setPkg] = useState(initialPackage);
  const checkout = useCheckout(onClose);

  const cancel = useCallback(() => {
    // Mid-payment the dialog stays: closing it would hide the outcome of a charge in flight.
    if (checkout.busy) return;
    if (pkg) notifyCancelled();
    onClose();
  }, [checkout.busy, pkg, onClose]);

  return (
    <Modal
      opened
      onClose={cancel}
      title={<PackageTitle pkg={pkg} />}
      centered
      closeOnClickOutside={!checkout.busy}
      closeOnEscape={!checkout.busy}
      closeButtonProps={{ 'aria-label': 'Close payment dialog', disabled: checkout.busy }}
    >
      {pkg ? (
        <Stack gap="md">
          {/* Cancelling in PayPal's window keeps this dialog open, so the buyer can try again. */}
          <PaymentOptions pkg={pkg} checkout={checkout} onCancelled={notifyCancelled} />
          <Group justify="space-between">
            {/* Only when the package was picked here; a card's Buy button chose it on purpose. */}
            {!initialPackage ? (
              <Anchor component="button" type="button" size="sm" onClick={() => setPkg(null)} disabled={checkout.busy}>
                Choose another package
              </Anchor>
            ) : (
              <span />
            )}
            <Button variant="subtle" color="gray" onClick={cancel} disabled={checkout.busy}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <PackagePicker onPick={setPkg} />
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
