/** @jest-environment jsdom */
import { GATE_ADMITTED_ATTRIBUTE } from '../../../contracts/auth/gateAdmission';
import type * as GateAdmission from '../gateAdmission';

// The inline script that sets the mark is tested with the build that writes it
// (plugins/protected-content/__tests__/gateAdmission.test.ts).
describe('pageAdmittedByGate', () => {
  afterEach(() => document.documentElement.removeAttribute(GATE_ADMITTED_ATTRIBUTE));

  it('is read once per page load: removing the mark after hydration does not change it', () => {
    jest.isolateModules(() => {
      document.documentElement.setAttribute(GATE_ADMITTED_ATTRIBUTE, '');
      const { pageAdmittedByGate, removeGateAdmissionMark } =
        jest.requireActual<typeof GateAdmission>('../gateAdmission');
      removeGateAdmissionMark();
      expect(document.documentElement.hasAttribute(GATE_ADMITTED_ATTRIBUTE)).toBe(false);
      expect(pageAdmittedByGate()).toBe(true);
    });
  });

  it('is false for a page without the mark', () => {
    jest.isolateModules(() => {
      const { pageAdmittedByGate } = jest.requireActual<typeof GateAdmission>('../gateAdmission');
      expect(pageAdmittedByGate()).toBe(false);
    });
  });
});
