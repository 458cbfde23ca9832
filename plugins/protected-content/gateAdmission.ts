import { GATE_TIMING } from '../../config/gateAdmission.mjs';
import { idTokenCookieNamesToRead } from '../../config/idTokenCookie.mjs';
import { gateAdmissionScript } from '../../contracts/auth/gateAdmission';

/**
 * The inline script at the top of every page's <head> that marks a page the gate admitted
 * (contracts/auth/gateAdmission.ts): it looks for the gate's `Server-Timing` entry and for any name the gate's
 * cookie may have, whatever the base URL and scheme (plain http at base URL `/` reads both).
 */
export function gateAdmissionHeadScript(): string {
  return gateAdmissionScript({
    timing: GATE_TIMING,
    cookieNames: idTokenCookieNamesToRead({ baseUrl: '/', https: false }),
  });
}
