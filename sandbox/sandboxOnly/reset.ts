/** The sandbox-only reset (`resetSandbox`): the client's state back to empty. */
import type { Handler } from '../context';
import { clearBook } from '../orders/book';
import { iso } from '../state';

export const resetSandbox: Handler = (context) => {
  const { state } = context;
  const counts = {
    accountsDeleted: state.accounts.size,
    ordersDeleted: state.orders.size,
    documentsDeleted: state.documents.size,
  };
  state.reservations.clear();
  state.applications.clear();
  state.accounts.clear();
  state.orders.clear();
  clearBook(state);
  state.documents.clear();
  state.prices.clear();
  state.nextAccountNumber = 10001;
  // The clock goes back to real time: the reset is answered at the real moment it ran.
  const resetAt = context.now - state.clockOffsetMs;
  state.clockOffsetMs = 0;
  // The idempotency keys go too (what they answered no longer exists); the app remembers this reset's own key
  // after this, so that a retry of the reset gets its original answer.
  state.idempotency.clear();
  state.idempotencyBytes = 0;
  return { status: 200, body: { resetAt: iso(resetAt), ...counts } };
};
