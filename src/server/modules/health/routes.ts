import { z } from 'zod';
import type { App, AppDeps } from '../../deps';

/** How long readiness waits for the database before calling it down. */
const READY_PING_MS = 2_000;

/**
 * GET /api/health — liveness: the process answers (and says whether its database does).
 * GET /api/ready — readiness for a load balancer: 503 while the process drains for shutdown or
 * while the database does not answer within 2 s; 200 otherwise.
 */
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

  app.get(
    '/api/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('up'), kind: z.string() }),
          503: z.object({
            status: z.enum(['draining', 'unavailable']),
            database: z.enum(['up', 'down', 'unchecked']),
            kind: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const kind = deps.database.kind;
      if (deps.lifecycle?.draining) {
        return reply.code(503).send({ status: 'draining' as const, database: 'unchecked' as const, kind });
      }
      if (!(await pingWithin(deps, READY_PING_MS))) {
        return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const, kind });
      }
      return { status: 'ready' as const, database: 'up' as const, kind };
    },
  );
}

async function pingWithin(deps: AppDeps, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([deps.database.ping(), late]);
  } finally {
    clearTimeout(timer);
  }
}
