import { getSessionDetail } from './api/get-session-detail';
import { session } from './session';

/** Reloads the session detail (GET /user/get) after the person's memberships changed. */
export async function reloadMemberships(): Promise<void> {
  try {
    session.applyDetail(await getSessionDetail({ background: true }));
  } catch {
    // The next start refreshes it; the error toast was shown.
  }
}
