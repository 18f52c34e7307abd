import { publicProcedure, router } from '../../trpc';

/** TikTok and YouTube lists from the server-side cache (one upstream call per source per 30 min). */
const get = publicProcedure.query(({ ctx }) => ctx.services.social.get());

export const socialRouter = router({ get });
