import { Button, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MYSQL_DEFAULT_PORT, type TMysqlConnection, ZMysqlConnection } from '@shop/domain';
import { PasswordField } from '../common/PasswordField';

interface Values {
  host: string;
  port: number | string;
  user: string;
  password: string;
  database: string;
}

interface Props {
  submitLabel: string;
  loading: boolean;
  onSubmit: (connection: TMysqlConnection) => void;
}

/** The five custom-connection fields (admin-spec 7); the port is parsed as an integer (admin-spec 5). */
export function ConnectionForm({ submitLabel, loading, onSubmit }: Props) {
  const form = useForm<Values>({
    initialValues: { host: '', port: MYSQL_DEFAULT_PORT, user: '', password: '', database: '' },
    validate: schemaResolver(ZMysqlConnection, { sync: true }),
  });
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        onSubmit({ ...v, host: v.host.trim(), user: v.user.trim(), port: Number(v.port) }),
      )}
      noValidate
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Host" placeholder="db.example.com" required {...form.getInputProps('host')} />
        <NumberInput
          label="Port"
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps('port')}
        />
        <TextInput label="User" autoComplete="off" required {...form.getInputProps('user')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <TextInput label="Database" placeholder="Optional" {...form.getInputProps('database')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
