/**
 * The invitations module's face (docs/architecture.md, "Module faces"): what other modules may import from it.
 */
export type { InvitationsService } from './invitations.service.js';
