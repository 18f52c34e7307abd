import { Button, Stack, Text } from '@mantine/core';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Props {
  message: string;
  action: ToastAction;
  /** Closes the toast: the action is done with once it is taken. */
  onDone: () => void;
}

/** A toast's text with one button under it (viewer-spec section 2: a toast has an optional action). */
export function ToastMessage({ message, action, onDone }: Props) {
  return (
    <Stack gap={6} align="flex-start">
      {message && <Text size="sm">{message}</Text>}
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          onDone();
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Stack>
  );
}
