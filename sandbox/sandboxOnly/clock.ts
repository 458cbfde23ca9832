/**
 * The sandbox clock (`getSandboxClock`, `advanceSandboxClock`): each client's sandbox time, which a test moves
 * forward so that what waits for time (reviews, fills, the close that expires `DAY` orders, reservations and
 * action deadlines) happens in seconds. The clock only moves forward, by whole seconds, and at most
 * `MAX_AHEAD_MS` ahead of real time; a reset sets it back to real time.
 */
import { isObject } from '../../openapi/document';
import type { Context, Handler } from '../context';
import { ApiError } from '../http';
import { iso } from '../state';

const SECOND = 1000;
const DAY_SECONDS = 86_400;
/** How far ahead of real time the clock may run: 366 days. */
const MAX_AHEAD_MS = 366 * DAY_SECONDS * SECOND;

/** `PT6H`, `P1DT2H30M`: days, hours, minutes and seconds of an ISO 8601 duration (the schema's pattern). */
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** The milliseconds of a duration the schema's pattern accepted. */
function durationMs(text: string): number {
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = DURATION.exec(text) ?? [];
  return ((Number(days) * 24 + Number(hours)) * 3600 + Number(minutes) * 60 + Number(seconds)) * SECOND;
}

/** A duration in the same form, largest units first: `PT0S`, `PT6H`, `P1DT2H30M`. */
function durationText(ms: number): string {
  let seconds = Math.floor(ms / SECOND);
  const days = Math.floor(seconds / DAY_SECONDS);
  seconds -= days * DAY_SECONDS;
  const parts = [
    [Math.floor(seconds / 3600), 'H'],
    [Math.floor((seconds % 3600) / 60), 'M'],
    [seconds % 60, 'S'],
  ] as const;
  const time = parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join('');
  if (days === 0 && time === '') return 'PT0S';
  return `P${days > 0 ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

const clockBody = (context: Context, now: number) => ({
  now: iso(now),
  advancedBy: durationText(context.state.clockOffsetMs),
});

export const getSandboxClock: Handler = (context) => ({ status: 200, body: clockBody(context, context.now) });

export const advanceSandboxClock: Handler = (context) => {
  const body = isObject(context.body) ? context.body : {};
  const { state } = context;
  const to =
    typeof body.to === 'string'
      ? Math.floor(Date.parse(body.to) / SECOND) * SECOND
      : context.now + durationMs(String(body.advanceBy));
  if (to < context.now) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      `The sandbox clock only moves forward; it is ${iso(context.now)} and to is earlier.`,
    );
  }
  const realNow = context.now - state.clockOffsetMs;
  if (to - realNow > MAX_AHEAD_MS) {
    throw new ApiError(
      422,
      'BUSINESS_RULE_VIOLATION',
      'The sandbox clock may run at most 366 days ahead of real time. Reset the sandbox to bring it back.',
    );
  }
  state.clockOffsetMs = to - realNow;
  return { status: 200, body: clockBody(context, to) };
};
