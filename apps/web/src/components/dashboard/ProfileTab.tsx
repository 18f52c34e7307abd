import { SimpleGrid } from '@mantine/core';
import { useAuth } from '../../auth/AuthContext';
import { LiveToastsCard } from './LiveToastsCard';
import { ProfileSettingsCard } from './ProfileSettingsCard';
import { TwitchLinkCard } from './TwitchLinkCard';

export function ProfileTab() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ProfileSettingsCard user={user} />
      <TwitchLinkCard user={user} />
      <LiveToastsCard />
    </SimpleGrid>
  );
}
