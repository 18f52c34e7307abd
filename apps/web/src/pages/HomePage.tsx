import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCoin, IconDeviceTv } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import classes from './HomePage.module.css';

// Brief stand-ins for the home sections whose data arrives with the shop (viewer-spec section 2).
const UPCOMING = [
  {
    icon: IconDeviceTv,
    title: 'Live Stream',
    text: 'The live stream player and recent videos arrive with the shop.',
  },
  {
    icon: IconCoin,
    title: 'Get Coins',
    text: 'Coin packages arrive with the shop.',
  },
  {
    icon: IconBolt,
    title: 'Featured Stream Actions',
    text: 'Featured actions arrive with the shop.',
  },
];

export function HomePage() {
  const { user } = useAuth();

  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={96}>
          <Stack align="center" ta="center" gap="lg">
            <Badge size="lg" variant="light">
              Interactive stream events
            </Badge>
            <Title order={1} className={classes.title}>
              Troll Your Favorite Streamer With{' '}
              <Text component="span" inherit className={classes.highlight}>
                Epic In-Game Events
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              Buy coins, pick an action and watch it happen live: spawn enemies, invert controls, set off explosions and
              more.
            </Text>
            <Group>
              <Button component={Link} to="/shop" size="lg">
                Get Started
              </Button>
              <Button component={Link} to="/shop" size="lg" variant="default">
                Browse Shop
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {UPCOMING.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder padding="lg">
              <Stack gap="sm">
                <ThemeIcon size="xl" variant="light">
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={2} size="h3">
                  {title}
                </Title>
                <Text c="dimmed">{text}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl">
        <Card withBorder padding="xl" className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2}>Ready to join the fun?</Title>
            <Text c="dimmed">Every action you trigger shows your name on stream.</Text>
            {user ? (
              <Button component={Link} to="/shop" size="lg">
                Browse Full Shop
              </Button>
            ) : (
              <Button component={Link} to="/auth" size="lg">
                Sign Up Now
              </Button>
            )}
          </Stack>
        </Card>
      </Container>
    </>
  );
}
