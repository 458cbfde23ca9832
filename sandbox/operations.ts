/**
 * The sandbox's behaviour of every operation of the four descriptions, by `operationId`: each resource's
 * handlers (accounts/, onboarding/, orders/, documents/, sandboxOnly/) over one client's state.
 */
import { getAccount } from './accounts/account';
import { listNonTradeActivity, listTradeActivity } from './accounts/activity';
import { getBalanceSummary, getPosition, listPositions } from './accounts/holdings';
import type { Handler } from './context';
import { documentOf, downloadDocument, getDocument, listDocumentTypes } from './documents/documents';
import { accountUpdate } from './onboarding/accountUpdates';
import { getOnboardingResult, openAccount, reserveAccountNumber } from './onboarding/applications';
import { allocateBlock } from './orders/allocation';
import { cancelOrder, getOrder, searchOrders, updateOrder } from './orders/management';
import { placeEquityOrder, placeOptionOrder } from './orders/placement';
import { advanceSandboxClock, getSandboxClock } from './sandboxOnly/clock';
import { createSandboxDeposit } from './sandboxOnly/deposits';
import { setSandboxPrice } from './sandboxOnly/prices';
import { resetSandbox } from './sandboxOnly/reset';

export type { Handler } from './context';
export { advance } from './orders/lifecycle';

/** The sandbox's behaviour of every operation, by `operationId`. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  reserveAccountNumber,
  getOnboardingResult,
  getAccount,
  getBalanceSummary,
  listPositions,
  getPosition,
  listTradeActivity,
  listNonTradeActivity,
  addAccountDocument: (context) => documentOf(context, 'add'),
  generateAccountDocument: (context) => documentOf(context, 'generate'),
  createSandboxDeposit,
  resetSandbox,
  getSandboxClock,
  advanceSandboxClock,
  setSandboxPrice,
  openAccount,
  updateAccountAddresses: accountUpdate('updateAccountAddresses'),
  updateAssociatedParty: accountUpdate('updateAssociatedParty'),
  updatePrimaryOwner: accountUpdate('updatePrimaryOwner'),
  searchEquityOrders: searchOrders('equity'),
  placeEquityOrder: placeEquityOrder('SINGLE'),
  placeBlockEquityOrder: placeEquityOrder('BLOCK'),
  getEquityOrder: getOrder('equity'),
  updateEquityOrder: updateOrder('equity'),
  cancelEquityOrder: cancelOrder('equity'),
  allocateBlockEquityOrder: allocateBlock('equity'),
  searchOptionOrders: searchOrders('options'),
  placeOptionOrder: placeOptionOrder('SINGLE'),
  placeBlockOptionOrder: placeOptionOrder('BLOCK'),
  getOptionOrder: getOrder('options'),
  updateOptionOrder: updateOrder('options'),
  cancelOptionOrder: cancelOrder('options'),
  allocateBlockOptionOrder: allocateBlock('options'),
  listDocumentTypes,
  getDocument,
  downloadDocument,
};
