import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isOverlayUrl, type TWebhookEndpoint, ZWebhookEndpointInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { PasswordField } from '../common/PasswordField';
import { UP_NEXT_HELP, type WebhookFormValues, webhookFormValues, webhookPayload } from './webhook-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The endpoint being edited; null or absent adds a new one. Remount (key) when it changes. */
  endpoint?: TWebhookEndpoint | null;
}

const GAME_OPTIONS = [
  { value: 'other', label: 'Other (All Games)' },
  { value: 'minecraft', label: 'Minecraft' },
  { value: 'rust', label: 'Rust' },
];

const resolver = schemaResolver(ZWebhookEndpointInput, { sync: true });

/** 'Add New Webhook' / 'Edit Webhook' (admin-spec sections 2 and 5). */
export function WebhookFormModal({ opened, onClose, endpoint = null }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<WebhookFormValues>({
    initialValues: webhookFormValues(endpoint),
    // A hidden 'Show "Up next"' (not an overlay) is validated as off, as it will be sent.
    validate: (values) => resolver({ ...values, ...webhookPayload(values) }),
  });

  const done = async (title: string) => {
    notify.success(title, '');
    form.reset();
    onClose();
    await queryClient.invalidateQueries({ queryKey: trpc.endpoints.list.queryKey() });
  };
  const create = useMutation(
    trpc.endpoints.create.mutationOptions({
      onSuccess: () => done('Webhook added'),
      onError: (err) => notify.error('Failed to add webhook', errorMessage(err)),
    }),
  );
  const update = useMutation(
    trpc.endpoints.update.mutationOptions({
      onSuccess: () => done('Webhook updated'),
      onError: (err) => notify.error('Failed to update webhook', errorMessage(err)),
    }),
  );

  const submit = form.onSubmit((values) => {
    const fields = webhookPayload(values);
    // admin-spec section 4: new endpoints start active; an edit leaves the toggle alone.
    if (endpoint) update.mutate({ id: endpoint.id, ...fields });
    else create.mutate({ ...fields, active: true });
  });
  const saving = create.isPending || update.isPending;
  // The built-in stream overlay needs no secret (admin-spec section 11).
  const overlay = isOverlayUrl(form.values.url);

  return (
    <Modal opened={opened} onClose={onClose} title={endpoint ? 'Edit Webhook' : 'Add New Webhook'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="URL"
            withAsterisk
            placeholder="https://example.com/hook, rcon://host:25575, webrcon://host:28016 or overlay://stream"
            {...form.getInputProps('url')}
          />
          <PasswordField
            label="Secret Key"
            withAsterisk={!overlay}
            autoComplete="new-password"
            description={
              overlay
                ? 'Not needed: the shop makes the overlay its own secret page URL'
                : endpoint
                  ? 'Leave as is to keep the stored secret'
                  : 'HMAC secret or RCON password'
            }
            {...form.getInputProps('secretKey')}
          />
          <TextInput label="Description" withAsterisk {...form.getInputProps('description')} />
          <Select
            label="Game Type"
            data={GAME_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('gameType')}
          />
          {overlay && (
            <Switch
              label='Show "Up next"'
              description={UP_NEXT_HELP}
              {...form.getInputProps('showUpNext', { type: 'checkbox' })}
            />
          )}
          <Text size="xs" c="dimmed" data-testid="delivery-guarantee">
            Delivery is at least once: if the shop stops between sending a command and recording it, it sends that
            command again after restarting. Signed webhooks carry the same webhook-id header on every attempt, so a
            receiver can drop repeats.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {endpoint ? 'Save Changes' : 'Save Webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
