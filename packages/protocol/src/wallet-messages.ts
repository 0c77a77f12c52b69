import { z } from 'zod';
import { wallet } from './user.js';

/**
 * Published on the user's own channel `#{userId}` after a commit that changed any of their
 * wallets (a purchase, deposit, conversion, reward, promo code): every wallet with its new
 * balance, so a client replaces what it shows instead of adding deltas it may have missed.
 */
export const walletMessage = z.object({ type: z.literal('wallet'), wallets: z.array(wallet) });
export type WalletMessage = z.infer<typeof walletMessage>;
