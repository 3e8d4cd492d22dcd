import type { Config } from '../../config';
import { createGoogleOidc, type GoogleOidc } from './google';

/** Third-party sign-in; each is absent when not configured. */
export type IdentityProviders = {
  google: GoogleOidc | null;
};

export function createIdentityProviders(config: Config): IdentityProviders {
  return {
    google: config.google ? createGoogleOidc(config.google) : null,
  };
}
