/**
 * Types the stages of the reading share, kept apart so no two stages import each other
 * (paste.ts reads a paste for a role; roles.ts, which says what the roles are, reads paste.ts).
 */

/** Which object the answer goes in: the sender's, the receiver's, or the address form's. */
export type ParseRole = 'sender' | 'receiver' | 'address';
