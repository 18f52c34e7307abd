import { Button, Group, Modal, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TCoinPackage } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { changedPackageFields, checkPackageForm, type PackageFormValues, packageFormValues } from './package-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The package being edited; null adds a new one. Remount (key) when it changes. */
  pkg: TCoinPackage | null;
}

/** 'Add Package' / 'Edit Package': price typed in dollars, sent as integer cents. */
export function PackageFormModal({ opened, onClose, pkg }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PackageFormValues>({
    initialValues: packageFormValues(pkg),
    validate: (values) => {
      const checked = checkPackageForm(values);
      return checked.ok ? {} : checked.errors;
    },
  });

  const done = async (title: string) => {
    notify.success(title, '');
    form.reset();
    onClose();
    // The admin list and the shop's public list (dashboard, shop page, payment dialog).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.coins.listAllPackages.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.coins.listPackages.queryKey() }),
    ]);
  };
  const create = useMutation(
    trpc.coins.createPackage.mutationOptions({
      onSuccess: () => done('Package created'),
      onError: (err) => notify.error('Failed to create package', errorMessage(err)),
    }),
  );
  const update = useMutation(
    trpc.coins.updatePackage.mutationOptions({
      onSuccess: () => done('Package updated'),
      onError: (err) => notify.error('Failed to update package', errorMessage(err)),
    }),
  );

  const submit = form.onSubmit((values) => {
    const checked = checkPackageForm(values);
    if (!checked.ok) return;
    if (!pkg) {
      create.mutate(checked.input);
      return;
    }
    const changes = changedPackageFields(pkg, checked.input);
    if (Object.keys(changes).length === 0) {
      notify.warning('No changes', 'Please make changes before saving.');
      return;
    }
    update.mutate({ id: pkg.id, ...changes });
  });
  const saving = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={pkg ? 'Edit Package' : 'Add Package'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <Group grow align="flex-start">
            <NumberInput
              label="Coins"
              withAsterisk
              min={1}
              step={100}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('amount')}
            />
            <TextInput
              label="Price (USD)"
              withAsterisk
              inputMode="decimal"
              leftSection="$"
              placeholder="4.99"
              {...form.getInputProps('price')}
            />
          </Group>
          <TextInput label="Image URL" description="Optional" type="url" {...form.getInputProps('imageUrl')} />
          <Switch
            label="Active"
            description="Disabled packages are hidden from the shop"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {pkg ? 'Save Changes' : 'Create Package'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
