import { Badge, Button, Card, Container, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { StreamActionsSection } from '../components/actions/StreamActionsSection';
import { GetCoinsSection } from '../components/coins';
import { PageHeading } from '../components/common/PageHeading';
import { SocialContentTabs } from '../components/social/SocialContentTabs';
import { StreamPlayer } from '../components/stream/StreamPlayer';
import classes from './HomePage.module.css';

export function HomePage() {
  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={96}>
          <Stack align="center" ta="center" gap="lg">
            <Badge size="lg" variant="light">
              Interactive stream events
            </Badge>
            <PageHeading
              hero
              align="center"
              title="Troll Your Favorite Streamer With Epic In-Game Events"
              highlight="Epic In-Game Events"
              description="Buy coins, pick an action and watch it happen live: spawn enemies, invert controls, set off explosions and more."
            />
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
        <Stack gap={48}>
          <Stack component="section" gap="md" aria-labelledby="live-stream-title">
            <PageHeading order={2} id="live-stream-title" title="Live Stream" />
            <StreamPlayer />
            <SocialContentTabs />
          </Stack>
          <section>
            <GetCoinsSection limit={4} showViewAll />
          </section>
          <section>
            <StreamActionsSection mode="featured" />
          </section>
        </Stack>
      </Container>

      <Container size="lg" py="xl">
        <Card withBorder padding="xl" className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <PageHeading
              order={2}
              align="center"
              title="Ready to join the fun?"
              highlight="fun"
              description="Every action you trigger shows your name on stream."
            />
            <JoinButton />
          </Stack>
        </Card>
      </Container>
    </>
  );
}

/**
 * The one part of the page that depends on the session, in a component of its own: the session's
 * arrival re-renders this button, not the whole page (that render is synchronous, a long task).
 */
function JoinButton() {
  const { user } = useAuth();
  return user ? (
    <Button component={Link} to="/shop" size="lg">
      Browse Full Shop
    </Button>
  ) : (
    <Button component={Link} to="/auth" size="lg">
      Sign Up Now
    </Button>
  );
}
