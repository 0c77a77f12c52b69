import type { WalletMessage } from '@durak/protocol';
import type { Store } from '../store/db.js';
import { Outbox, publishOrder, type Publisher } from '../publishing/outbox.js';
import { listWallets } from '../wallets/wallets.js';

export interface WalletNoticeDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly logError: (error: unknown, message: string) => void;
}

/**
 * After a commit that changed a user's wallets: publishes every wallet's balance on `#{userId}`
 * so the header follows without a reload. Read after the commit, so it never shows chips that a
 * rollback took back; a failed publish is logged, the next change or a reload corrects it.
 */
export function createWalletNotice(deps: WalletNoticeDeps): (userId: number) => Promise<void> {
  return async (userId) => {
    try {
      const wallets = await listWallets(deps.store.db, userId);
      const message: WalletMessage = {
        type: 'wallet',
        wallets: wallets.map((w) => ({ wallet_type: w.walletType, balance: w.balance.toString() })),
      };
      // Through the typed outbox like every publication: the user channel takes only UserMessage.
      const outbox = new Outbox();
      outbox.toUser(userId, message);
      await deps.publisher.flush(publishOrder.user(userId), outbox);
    } catch (error) {
      deps.logError(error, 'wallet notice failed');
    }
  };
}
