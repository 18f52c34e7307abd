import type { FastifyReply } from 'fastify';

/**
 * The client error shape `{status:'error', message}` for plain Fastify routes (webhooks, OAuth
 * redirects) that answer outside tRPC and the REST adapter, which send the same shape.
 */
export const sendError = (
  reply: FastifyReply,
  status: number,
  message: string,
  details?: Readonly<Record<string, number>>,
) => reply.code(status).send({ status: 'error', message, ...details });
