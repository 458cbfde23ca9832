/**
 * The regular session's close, as the order pages give it: 4:00 p.m. Eastern Time on a weekday (the docs name no
 * market holidays, so none are skipped). A `DAY` order works until the close of its trade date; placed at or after
 * a close, or on a weekend, it is for the next trading day.
 */
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const EASTERN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function eastern(ms: number): { day: number; hour: number } {
  const parts = Object.fromEntries(EASTERN.formatToParts(ms).map((part) => [part.type, part.value]));
  return { day: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)), hour: Number(parts.hour) };
}

/** 4:00 p.m. in New York on a date (ms at 00:00 UTC of it): 20:00 UTC in daylight saving time, 21:00 UTC outside. */
function closeOn(day: number): number {
  const summer = day + 20 * HOUR_MS;
  return eastern(summer).hour === 16 ? summer : day + 21 * HOUR_MS;
}

/** The close of a date (`YYYY-MM-DD`), such as an option contract's expiration date. */
export const closeOfDate = (date: string): number => closeOn(Date.parse(`${date}T00:00:00Z`));

/** The first close after `ms`: the end of the trade date of a `DAY` order placed at `ms`. */
export function sessionCloseAfter(ms: number): number {
  for (let day = eastern(ms).day; ; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const close = closeOn(day);
    if (close > ms) return close;
  }
}
