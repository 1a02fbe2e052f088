/**
 * A pure POST operation the edge answers itself when its question is not in the answer cache
 * (early-answers.ts), for plain, valid input only. Whatever it does not take as plain (input it does
 * not recognise, anything the operation would refuse, a variant not yet in memory) it answers null,
 * and the framework answers the request as it always does: the problems are written in one place.
 */
export interface EarlyOperation {
  /**
   * The answer's JSON bytes and the positions replayed to make it (the rate limit charges them as the
   * framework's work meter would), or null to hand the request to the framework.
   */
  answer(bodyText: string): { body: Buffer; plies: number } | null;
}
