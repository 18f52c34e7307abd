import { Button, Container, Stack, Tabs } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import classes from '../components/admin-tools/AdminToolsTabs.module.css';
import { DatabaseDiagnosticsTab } from '../components/admin-tools/DatabaseDiagnosticsTab';
import { MysqlConnectionTab } from '../components/admin-tools/MysqlConnectionTab';
import { SslTab } from '../components/admin-tools/SslTab';
import { StreamerbotTab } from '../components/admin-tools/StreamerbotTab';
import { UserManagementTab } from '../components/admin-tools/UserManagementTab';
import { PageHeading } from '../components/common/PageHeading';
import { StreamerOverview } from '../components/overview/StreamerOverview';

const TABS = [
  { value: 'overview', label: 'Overview', content: <StreamerOverview /> },
  { value: 'users', label: 'User Management', content: <UserManagementTab /> },
  { value: 'streamerbot', label: 'Streamer.bot', content: <StreamerbotTab /> },
  { value: 'database', label: 'Database Diagnostics', content: <DatabaseDiagnosticsTab /> },
  { value: 'mysql', label: 'MySQL Connection', content: <MysqlConnectionTab /> },
  { value: 'ssl', label: 'SSL Configuration', content: <SslTab /> },
] as const;

/** Admin Tools (admin-spec section 2). The route lets only admins in; the server refuses everyone else anyway. */
export function AdminToolsPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeading
          title="Admin Tools"
          description="Accounts, coins and the health of the shop's database and connection."
          actions={
            <Button component={Link} to="/admin/categories" variant="light" leftSection={<IconCategory size={16} />}>
              Manage Categories
            </Button>
          }
        />
        {/* keepMounted off: a tab's checks run when it is opened, not all at once on page load. */}
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List mb="lg" className={classes.list} style={{ '--tab-count': TABS.length } as CSSProperties}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} className={classes.tab}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              {tab.content}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
