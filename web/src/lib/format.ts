/** Formats for people: durations, dates and counts. */

/** A track's length: 3:05, or 1:02:09 past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${String(hours)}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${String(minutes)}:${seconds}`;
}

/** A long span in words: "1 hr 20 min", "35 min", "45 sec". */
export function formatLongDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${String(hours)} hr ${String(minutes)} min` : `${String(hours)} hr`;
  if (minutes > 0) return `${String(minutes)} min`;
  return `${String(total)} sec`;
}

const numbers = new Intl.NumberFormat('en');

/** "1 song", "2,345 songs". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${numbers.format(count)} ${count === 1 ? singular : plural}`;
}

/** The year of a release date such as 2021, 2021-05 or 2021-05-04. */
export function yearOf(releaseDate: string): string {
  return releaseDate.slice(0, 4);
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });

/** A date such as "May 4, 2021"; the input is an ISO date or date-time. */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 4 ? `${iso}-01-01` : iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 days ago", "yesterday", or a date beyond a month. */
export function formatAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(value, unit);
    value = Math.round(value / size);
  }
  return formatDate(iso);
}
