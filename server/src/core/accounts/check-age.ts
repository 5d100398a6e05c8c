import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { ageInYears } from '../shared/dates';

export const UNDERAGE_MESSAGE = `You must be at least ${LIMITS.minimumAge} years old to register.`;

/** Birth dates may not lie in the future, and people must be at least 16. */
export function checkAge(dob: string, now: number): void {
  const today = new Date(now).toISOString().slice(0, 10);
  if (dob > today)
    throw new AppError('BAD_INPUT', 'Date of birth cannot be in the future.', { dob: 'Date of birth cannot be in the future.' });
  if (ageInYears(dob, now) < LIMITS.minimumAge) throw new AppError('UNPROCESSABLE', UNDERAGE_MESSAGE, { dob: UNDERAGE_MESSAGE });
}
