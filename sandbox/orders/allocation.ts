/** Allocating a block order to its accounts (Orders API). */
import type { JsonObject } from '../../openapi/document';
import { type Handler, bodyOf } from '../context';
import { ApiError } from '../http';
import { type OrderRecord, iso } from '../state';
import { WORKING, checkRoom, fill, newOrder, orderOf } from './lifecycle';

export const allocateBlock =
  (assetClass: OrderRecord['assetClass']): Handler =>
  (context) => {
    const record = orderOf(context, assetClass);
    const block = record.order;
    // Allocated once only: the next allocation is a conflict with the block's state, not a broken rule.
    if (block.kind === 'BLOCK' && block.allocationStatus === 'ALLOCATED') {
      throw new ApiError(409, 'CONFLICT', `Block ${String(block.orderId)} has already been allocated.`);
    }
    // Final with fills: FILLED, or CANCELED or EXPIRED with some filled. A PARTIALLY_FILLED block still works.
    if (block.kind !== 'BLOCK' || Number(block.filledQuantity) === 0 || WORKING.has(String(block.status))) {
      throw new ApiError(
        422,
        'BLOCK_NOT_ALLOCATABLE',
        block.kind === 'BLOCK'
          ? `Block ${String(block.orderId)} is ${String(block.status)} with ${String(block.filledQuantity)} filled; allocate it once it is final with fills.`
          : `Order ${String(block.orderId)} is not a block order.`,
      );
    }
    const instructions = (bodyOf(context).allocations as JsonObject[]) ?? [];
    const members = new Set((block.accountNumbers as string[]) ?? []);
    const outsider = instructions.find((instruction) => !members.has(String(instruction.accountNumber)));
    if (outsider) {
      throw new ApiError(
        422,
        'ALLOCATION_ACCOUNT_INVALID',
        `Account ${String(outsider.accountNumber)} is not one of the block's accounts.`,
      );
    }
    const total = instructions.reduce((sum, instruction) => sum + Number(instruction.quantity), 0);
    if (total !== Number(block.filledQuantity)) {
      throw new ApiError(
        422,
        'ALLOCATION_QUANTITY_MISMATCH',
        `The allocations add up to ${total}; the block filled ${String(block.filledQuantity)}.`,
      );
    }
    checkRoom(context, instructions.length);
    const allocations = instructions.map((instruction) => {
      const quantity = String(instruction.quantity);
      const child = newOrder(context, {
        ...Object.fromEntries(
          Object.entries(block).filter(
            ([key]) => !['orderId', 'accountNumbers', 'allocationStatus', 'allocations'].includes(key),
          ),
        ),
        kind: 'ALLOCATION',
        accountNumber: instruction.accountNumber,
        parentOrderId: block.orderId,
        quantity,
      });
      // An allocation order is created FILLED and never changes (OrderKind ALLOCATION).
      Object.assign(child, {
        status: 'FILLED',
        filledQuantity: quantity,
        leavesQuantity: '0',
        averageFillPrice: block.averageFillPrice,
        allocationStatus: null,
        allocations: null,
      });
      const childRecord: OrderRecord = {
        assetClass,
        order: child,
        price: record.price,
        multiplier: record.multiplier,
        steps: [],
      };
      context.state.orders.set(String(child.orderId), childRecord);
      const account = context.state.accounts.get(String(instruction.accountNumber));
      if (account) {
        const fake: OrderRecord = { ...childRecord, order: { ...child, filledQuantity: '0' } };
        fill(context, fake, Number(quantity), context.now);
      }
      return { accountNumber: instruction.accountNumber, quantity, orderId: child.orderId };
    });
    block.allocations = allocations;
    block.allocationStatus = 'ALLOCATED';
    block.updatedAt = iso(context.now);
    return { status: 201, body: block };
  };
