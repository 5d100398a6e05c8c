// Calendar arithmetic on YYYY-MM-DD birth dates, in UTC so the server's zone never matters.

/** Whole years from dob to the day of `nowMs`, adjusted for month and day. */
export function ageInYears(dob: string, nowMs: number): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const now = new Date(nowMs);
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The /api form of a date: local midnight without a zone, so `new Date()` shows the same day everywhere. */
export function dobForClient(dob: string): string {
  return `${dob}T00:00:00.000`;
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
