import type { FastifyInstance } from 'fastify';
import { notificationReadMarksSchema, notificationReadsSchema, problemSchema, type NotificationReadMarks, type NotificationReads } from '@platform/schemas';
import type { NotificationReadStore } from '../../store/notificationReadStore.ts';

export interface NotificationReadOptions {
  store: NotificationReadStore;
}

const secured = { security: [{ bearerAuth: [] }], tags: ['notifications'] };
const problems = { '4xx': { $ref: `${problemSchema.$id}#` } };

/**
 * Which notifications the signed-in user has read, kept here because the main backend keeps none
 * (decision 0075). Only ever the caller's own marks, by the verified token's sub: nothing in the
 * request names a user or a customer, so there is nothing to point at someone else's.
 */
export default async function notificationReadRoutes(app: FastifyInstance, options: NotificationReadOptions) {
  const { store } = options;

  app.get(
    '/api/v1/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        summary: 'The notifications the signed-in user has read, on any device, most recently read first',
        response: { 200: { $ref: `${notificationReadsSchema.$id}#` }, ...problems },
      },
    },
    async (request, reply): Promise<NotificationReads> => {
      // One user's own state: no shared cache may keep it, and a device must see another's marks at once.
      reply.header('Cache-Control', 'private, no-store');
      return { ids: await store.readBy(request.verifiedUser.sub) };
    },
  );

  app.put<{ Body: NotificationReadMarks }>(
    '/api/v1/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        summary: 'Marks notifications read for the signed-in user, at most 100 a request',
        body: { $ref: `${notificationReadMarksSchema.$id}#` },
        response: { 204: { type: 'null', description: 'Marked.' }, ...problems },
      },
    },
    async (request, reply) => {
      await store.markRead(request.verifiedUser.sub, request.body.ids);
      return reply.code(204).send();
    },
  );
}
