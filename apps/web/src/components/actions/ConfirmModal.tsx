import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red for what cannot be undone, orange for what moves money or runs a command again. */
  color: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a step that cannot be taken back: a delete, a refund, a command the game runs again. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
