import type { UserRow } from '../../db/schema';
import type { Profile } from '../../contract/accounts';
import { ageInYears, dobForClient } from '../shared/dates';

/** The owner's own view of their account: everything but the password hash. */
export function ownProfile(user: UserRow, now: number): Profile {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    dob: dobForClient(user.dob),
    age: ageInYears(user.dob, now),
    image: user.image,
    is_private: user.is_private === 1,
  };
}
