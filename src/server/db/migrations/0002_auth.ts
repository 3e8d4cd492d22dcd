export const name = '0002_auth';

// Finished rate-limit windows are pruned by window_start.
export const sql = /* sql */ `
CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start);
`;
