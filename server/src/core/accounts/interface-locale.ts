// The interface language a person chose (docs/decisions/0042-interface-languages.md): their pages and their emails.
import type { Locale } from '../../contract/locale';
import { writeTransaction } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import type { Executor } from '../../db/compiled-query';

export async function setInterfaceLocale(deps: CoreDeps, { userId }: SignedInActor, locale: Locale): Promise<void> {
  await writeTransaction(deps, (trx) => trx.updateTable('users').set({ locale }).where('id', '=', userId).execute());
}

/** The person's chosen language, or null (never chosen, or no such account). */
export async function interfaceLocaleOf(deps: { db: Executor }, userId: number): Promise<Locale | null> {
  const row = await deps.db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale ?? null;
}
