import type { Db } from './connect';
import { insertCategory, insertCoinPackage, insertStreamAction, isCatalogEmpty } from './repositories/catalog';
import { insertEndpoint, newOverlayToken } from './repositories/endpoints';
import { transactionWithRetry } from './retry';

/**
 * The demo shop's categories, named like the four fallbacks of admin-spec section 9 so the demo
 * actions read naturally. These rows exist only because SEED_DEMO_DATA filled an empty shop; a
 * real shop starts with none, and the action form then offers the fallback names by itself.
 */
const DEMO_CATEGORIES = [
  { name: 'Game Effect', description: 'Changes what happens in the game', color: '#2F9E44' },
  { name: 'Sound Effect', description: 'Plays a sound on stream', color: '#1C7ED6' },
  { name: 'Visual Effect', description: 'Something to see on stream', color: '#AE3EC9' },
  { name: 'Chat Effect', description: 'Shows up in the stream chat', color: '#F08C00' },
] as const;

/**
 * Fills an empty catalogue with a starter shop so a new install has something to click.
 * Runs only when no package, category or action exists, so it never touches a real shop.
 */
export async function seedDemoData(db: Db, now: number): Promise<boolean> {
  return transactionWithRetry(db, async (tx) => {
    if (!(await isCatalogEmpty(tx))) return false;
    const packages = [
      { name: 'Starter Pack', description: 'A handful of coins to try things out', amount: 100, price_cents: 99 },
      { name: 'Fan Pack', description: 'Enough for a few good trolls', amount: 550, price_cents: 499 },
      { name: 'Super Fan Pack', description: 'Bonus coins included', amount: 1200, price_cents: 999 },
      { name: 'Legend Pack', description: 'For the true chaos bringers', amount: 2600, price_cents: 1999 },
    ];
    for (const [index, pkg] of packages.entries()) {
      await insertCoinPackage(tx, { ...pkg, image_url: null, sort_order: index, created_at: now });
    }
    const categoryIds = new Map<string, number>();
    for (const category of DEMO_CATEGORIES) {
      categoryIds.set(category.name, await insertCategory(tx, { ...category, created_at: now }));
    }
    const actions = [
      {
        name: 'Spawn Zombie',
        description: 'Drops a zombie right next to the streamer',
        cost: 50,
        game_type: 'minecraft',
        target_type: 'global',
        webhook_action: 'execute at @a run summon minecraft:zombie ~ ~ ~',
        category: 'Game Effect',
      },
      {
        name: 'Lightning Strike',
        description: 'Calls lightning down on the streamer',
        cost: 75,
        game_type: 'minecraft',
        target_type: 'global',
        webhook_action: 'execute at @a run summon minecraft:lightning_bolt ~ ~ ~',
        category: 'Visual Effect',
      },
      {
        name: 'Gift Wood',
        description: 'Gives a chosen player a stack of wood',
        cost: 30,
        game_type: 'rust',
        target_type: 'individual',
        webhook_action: 'inventory.giveto {target} wood 1000',
        category: 'Game Effect',
      },
      {
        name: 'Air Horn',
        description: 'Plays an air horn on stream',
        cost: 20,
        game_type: 'any',
        target_type: 'global',
        webhook_action: 'sound=airhorn&volume=80',
        category: 'Sound Effect',
      },
      {
        name: 'Shout Out',
        description: 'Puts your name in the streamer’s chat',
        cost: 10,
        game_type: 'any',
        target_type: 'global',
        webhook_action: 'say {username} says hi!',
        category: 'Chat Effect',
      },
    ];
    for (const { category, ...action } of actions) {
      await insertStreamAction(tx, {
        ...action,
        image_url: null,
        category_id: categoryIds.get(category) ?? null,
        minecraft_server: null,
        created_at: now,
      });
    }
    // The built-in overlay as the delivery target: a new install can trigger an action and watch it
    // land on the overlay page (admin > webhooks > the endpoint's card) without any game server.
    // Game type 'other' takes every action, so the demo's game actions arrive too.
    if (!(await tx.selectFrom('webhook_endpoints').select('id').limit(1).executeTakeFirst())) {
      await insertEndpoint(tx, {
        url: 'overlay://stream',
        secretKey: '',
        description: 'Stream overlay',
        gameType: 'other',
        active: true,
        overlayToken: newOverlayToken(),
        now,
      });
    }
    return true;
  });
}
