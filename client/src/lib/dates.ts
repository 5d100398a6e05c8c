const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'November 22, 2026': comment dates and the like, in en-US long form. */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate.format(d);
}

/** YYYY-MM-DD from the server's date of birth ('1990-04-02T00:00:00.000'), for date inputs. */
export function toDateInput(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/** Whole years between a birth date (YYYY-MM-DD) and today, adjusted for month and day. */
export function ageOn(dob: string, today = new Date()): number {
  const [y, m, d] = dob.slice(0, 10).split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}
