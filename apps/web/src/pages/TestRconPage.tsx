import { Container, Stack, Tabs, Text } from '@mantine/core';
import { useAuth } from '../auth/AuthContext';
import { PageHeading } from '../components/common/PageHeading';
import { RconTesterForm } from '../components/rcon-tester/RconTesterForm';

/** /test-rcon (admin-spec section 2): public, no client guard; the server decides what may be reached. */
export function TestRconPage() {
  const { user } = useAuth();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeading title="RCON Tester" description="Send one console command to a game server and see its raw reply.">
          <Text size="sm" c="dimmed" data-testid="rcon-reach-note">
            {user?.isAdmin
              ? 'As an admin you can test any address, including a server on this machine or your private network.'
              : 'Only servers on the public internet can be tested here, a few times a minute.'}
          </Text>
        </PageHeading>
        <Tabs defaultValue="rust" keepMounted>
          <Tabs.List mb="md">
            <Tabs.Tab value="rust">Rust WebRcon</Tabs.Tab>
            <Tabs.Tab value="minecraft">Minecraft RCON</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rust">
            <RconTesterForm game="rust" />
          </Tabs.Panel>
          <Tabs.Panel value="minecraft">
            <RconTesterForm game="minecraft" />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
