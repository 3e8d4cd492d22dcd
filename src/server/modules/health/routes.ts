import { z } from 'zod';
import type { App, AppDeps } from '../../app';

export function registerHealth(app: App, deps: AppDeps): void {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['up']), kind: z.string() }),
          503: z.object({ status: z.literal('degraded'), database: z.enum(['down']), kind: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const up = await deps.database.ping();
      if (up) return { status: 'ok' as const, database: 'up' as const, kind: deps.database.kind };
      return reply.code(503).send({ status: 'degraded' as const, database: 'down' as const, kind: deps.database.kind });
    },
  );
}
