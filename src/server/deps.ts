import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { Providers } from './providers/index';
import type { Lifecycle } from './ops/lifecycle';

/**
 * What the server is built from (decision 031). Routes, services and jobs import these types from
 * here, never from app.ts, so no module imports the file that registers it.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  providers: Providers;
  /** Directory of the built web app; omitted when there is none (API only). */
  webDir?: string;
  /** Where the request log goes (stdout when omitted); tests read it. */
  logStream?: { write(line: string): void };
  /** Draining state and tracked work (main.ts); GET /api/ready answers 503 while draining. */
  lifecycle?: Lifecycle;
};

export type App = FastifyInstance;
