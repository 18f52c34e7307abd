import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandDiscord, IconBrandTwitch, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './Footer.module.css';

// viewer-spec section 2: these footer links lead nowhere yet, so they are text, not navigation.
const INERT_GROUPS = [
  { title: 'Company', links: ['About', 'Blog', 'Careers', 'Contact'] },
  { title: 'Support', links: ['Help', 'Safety', 'Guidelines'] },
];

const LEGAL = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

const SOCIAL = [
  { label: 'Twitch', icon: IconBrandTwitch, href: 'https://www.twitch.tv/' },
  { label: 'YouTube', icon: IconBrandYoutube, href: 'https://www.youtube.com/' },
  { label: 'X', icon: IconBrandX, href: 'https://x.com/' },
  { label: 'Discord', icon: IconBrandDiscord, href: 'https://discord.com/' },
];

export function Footer() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Title order={4}>StreamShop</Title>
            <Text size="sm" c="dimmed">
              Buy coins and trigger epic in-game events on your favourite streamer's stream.
            </Text>
            <Group gap={4}>
              {SOCIAL.map(({ label, icon: Icon, href }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={label}
                >
                  <Icon size={18} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {INERT_GROUPS.map((group) => (
            <Stack gap={6} key={group.title}>
              <Text fw={700} size="sm">
                {group.title}
              </Text>
              {group.links.map((label) => (
                <Text key={label} size="sm" c="dimmed" className={classes.inert}>
                  {label}
                </Text>
              ))}
            </Stack>
          ))}
          <Stack gap={6}>
            <Text fw={700} size="sm">
              Get updates
            </Text>
            {/* Shown without behaviour on purpose: the spec defines no newsletter. */}
            <TextInput
              type="email"
              size="sm"
              placeholder="you@example.com"
              aria-label="Email for updates"
              autoComplete="email"
            />
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom} wrap="wrap">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} StreamShop. All rights reserved.
          </Text>
          <Group gap="md" component="nav" aria-label="Legal">
            {LEGAL.map((item) => (
              <Anchor key={item.to} component={Link} to={item.to} size="xs" c="dimmed">
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
