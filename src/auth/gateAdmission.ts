/**
 * Whether the server's gate admitted the page this document was loaded as: the mark the inline script of
 * contracts/auth/gateAdmission.ts leaves on `<html>`, read once, and handed from the stylesheet to the hydrated
 * component (ProtectedPageContent).
 */
import { GATE_ADMITTED_ATTRIBUTE } from '../../contracts/auth/gateAdmission';

let admitted: boolean | null = null;

/**
 * Whether the gate admitted the page this document was loaded as; read once per page load (the mark
 * is removed after hydration). False on the server.
 */
export function pageAdmittedByGate(): boolean {
  if (typeof document === 'undefined') return false;
  admitted ??= document.documentElement.hasAttribute(GATE_ADMITTED_ATTRIBUTE);
  return admitted;
}

/** Hands the decision from the stylesheet to the hydrated component. */
export function removeGateAdmissionMark(): void {
  pageAdmittedByGate();
  document.documentElement.removeAttribute(GATE_ADMITTED_ATTRIBUTE);
}
