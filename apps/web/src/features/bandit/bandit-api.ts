import type { BanditSeedAnswer, PastSpinList, PaytableAnswer, RotateSeedAnswer, SpinAnswer, SpinRequest } from '@durak/protocol';
import { http } from '../../net/http';

const base = '/v1/bandit';

/** The slot machine's calls (FEATURES.md §4; docs/api.md). */
export const banditApi = {
  paytable: () => http.get<PaytableAnswer>(`${base}/paytable`).then((r) => r.data),
  seed: () => http.get<BanditSeedAnswer>(`${base}/seed`).then((r) => r.data),
  setClientSeed: (clientSeed: string) => http.put<BanditSeedAnswer>(`${base}/seed`, { client_seed: clientSeed }).then((r) => r.data),
  rotateSeed: () => http.post<RotateSeedAnswer>(`${base}/seed/rotate`, {}).then((r) => r.data),
  spin: (body: SpinRequest) => http.post<SpinAnswer>(`${base}/spin`, body).then((r) => r.data),
  spins: () => http.get<PastSpinList>(`${base}/spins`, { params: { page: 1, limit: 20 } }).then((r) => r.data.items),
};
