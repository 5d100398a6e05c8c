// Makes a test's account an admin the way the owner's command does (`npm run admin -- --email`, server/src/cli/admin.ts),
// in-process: registering never makes one (docs/decisions/0020-moderation.md).
import { setAdminRole } from '../../server/src/core/moderation/admin-grants';
import type { TestApp } from './test-app';

export async function makeAdmin<P extends { email: string }>(t: Pick<TestApp, 'deps'>, who: P): Promise<P> {
  const grant = await setAdminRole(t.deps.db, t.deps.config, who.email, true);
  if (!grant?.admin) throw new Error(`could not make ${who.email} an admin`);
  return who;
}
