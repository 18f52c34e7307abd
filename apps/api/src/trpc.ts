import { APP_ERROR_STATUS, AppError } from '@shop/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { toClientError } from './errors';
import type { ProcedureMeta } from './procedure-meta';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const client = toClientError(error);
      return {
        ...shape,
        message: client.message,
        data: {
          ...shape.data,
          stack: undefined,
          appCode: client.code,
          ...(client.details && { details: client.details }),
        },
      };
    },
  });

/**
 * Domain and repository code throws AppError; this turns it into the matching tRPC code so the
 * HTTP status of /trpc is right too. No try/catch around next(): failures come back as results.
 */
const mapAppErrors = t.middleware(async ({ next }) => mapped(await next()));

const trpcErrorOf = (cause: AppError) =>
  new TRPCError({ code: APP_ERROR_STATUS[cause.code].trpc, message: cause.message, cause });

function mapped<R extends { ok: boolean; error?: TRPCError }>(result: R): R {
  const cause = result.ok ? undefined : result.error?.cause;
  if (cause instanceof AppError) throw trpcErrorOf(cause);
  return result;
}

const notSignedIn = () => new AppError('UNAUTHORIZED', 'You must be logged in');

/**
 * The sign-in check and the error mapping in one step: every middleware level costs tRPC a few
 * object copies of the call's options and context, and signed-in procedures (the trigger among
 * them) are the busiest. Only the narrowed user is handed on; tRPC merges it into the context.
 */
const signedInWithMappedErrors = t.middleware(async ({ ctx, next }) => {
  const user = ctx.user;
  if (!user) throw trpcErrorOf(notSignedIn());
  if (ctx.inputRefusal) throw ctx.inputRefusal;
  return mapped(await next({ ctx: { user } }));
});

/**
 * Access is settled by these middlewares, and every procedure adds them with .use() before its
 * .input(): tRPC runs a procedure's middlewares and input parsers in the order they were added
 * (the raw input of /trpc is even read lazily, inside the parser), so an anonymous caller or a
 * viewer is turned away before anything about the input is looked at. A body the REST adapter
 * could not read is refused at the same point, right after the access check, for the same reason.
 */
const requireAdmin = t.middleware(({ ctx, next }) => {
  if (!ctx.user) throw notSignedIn();
  if (ctx.user.is_admin !== 1) throw new AppError('FORBIDDEN', 'Admin access required');
  if (ctx.inputRefusal) throw ctx.inputRefusal;
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Nobody is turned away from a public procedure, so an unreadable body is refused at once. */
const publicWithMappedErrors = t.middleware(async ({ ctx, next }) => {
  if (ctx.inputRefusal) throw ctx.inputRefusal;
  return mapped(await next());
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
// The access in each base procedure's meta is what the REST reference states: it cannot disagree with the check.
export const publicProcedure = t.procedure.meta({ access: 'public' }).use(publicWithMappedErrors);
export const authedProcedure = t.procedure.meta({ access: 'signed-in' }).use(signedInWithMappedErrors);
/**
 * Any admin change may touch actions, endpoints or categories: the in-memory catalog triggers read from
 * is emptied after every successful admin mutation (and in the other processes through Redis).
 */
const invalidateCatalog = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok) ctx.services.catalog.invalidate();
  return result;
});

// Not on publicProcedure: its refusal of an unreadable body would come before the admin check.
export const adminProcedure = t.procedure
  .meta({ access: 'admin' })
  .use(mapAppErrors)
  .use(requireAdmin)
  .use(invalidateCatalog);
