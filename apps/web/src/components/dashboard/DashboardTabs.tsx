import { Tabs, Text } from '@mantine/core';
import type { TUser } from '@shop/domain';
import type { ReactNode } from 'react';
import { NoPermission } from './NoPermission';
import { ProfileTab } from './ProfileTab';

interface TabDef {
  value: string;
  label: string;
  adminOnly: boolean;
  /** What an admin (or, for public tabs, anyone) sees; non-admins get NoPermission on restricted tabs. */
  content: ReactNode;
  restricted: boolean;
}

const TABS: TabDef[] = [
  {
    value: 'actions',
    label: 'Actions',
    adminOnly: false,
    restricted: false,
    content: <Coming text="Your actions list arrives with the actions feature." />,
  },
  {
    value: 'minecraft',
    label: 'Minecraft',
    adminOnly: false,
    restricted: true,
    content: <Coming text="Minecraft action management arrives with the actions feature." />,
  },
  {
    value: 'rust',
    label: 'Rust',
    adminOnly: false,
    restricted: true,
    content: <Coming text="Rust action management arrives with the actions feature." />,
  },
  { value: 'profile', label: 'Profile', adminOnly: false, restricted: false, content: <ProfileTab /> },
  {
    value: 'webhooks',
    label: 'Webhooks',
    adminOnly: true,
    restricted: true,
    content: <Coming text="Webhook endpoint management arrives with the actions feature." />,
  },
  {
    value: 'history',
    label: 'History',
    adminOnly: true,
    restricted: true,
    content: <Coming text="Action history with refunds and resends arrives with the actions feature." />,
  },
];

function Coming({ text }: { text: string }) {
  return <Text c="dimmed">{text}</Text>;
}

/** viewer-spec section 2, dashboard item 5: Profile is the default; the grid is 6 wide for admins, else 4. */
export function DashboardTabs({ user }: { user: TUser }) {
  const tabs = TABS.filter((tab) => user.isAdmin || !tab.adminOnly);

  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List
        mb="lg"
        style={{ display: 'grid', gridTemplateColumns: `repeat(${user.isAdmin ? 6 : 4}, minmax(0, 1fr))` }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} style={{ justifyContent: 'center' }}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.restricted && !user.isAdmin ? <NoPermission /> : tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
