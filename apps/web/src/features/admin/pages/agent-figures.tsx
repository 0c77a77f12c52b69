import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatChips } from '../../../ui/format';
import { Spinner } from '../../../ui/spinner';
import { adminApi } from '../admin-api';
import { Figure } from '../ui/admin-layout';
import { errorText } from '../ui/error-text';
import { queryKeys } from '../../../net/query-keys';

/** An agent's figures from its rollups: downline size and activity, deposits, rake, commission. */
export function AgentFiguresView({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const figures = useQuery({ queryKey: queryKeys.admin.agent(id), queryFn: () => adminApi.agent(id) });
  if (figures.isPending) return <Spinner />;
  if (figures.isError)
    return (
      <p className="admin-error" role="alert">
        {errorText(figures.error, t)}
      </p>
    );
  const f = figures.data;
  return (
    <div className="admin-figures">
      <Figure label={t('agent.players')} value={f.players} />
      <Figure label={t('agent.active')} value={f.active_players_30d} />
      <Figure label={t('agent.deposits')} value={formatChips(f.deposits)} />
      <Figure label={t('agent.rake')} value={formatChips(f.rake)} />
      <Figure label={t('agent.commission')} value={f.commission} />
      <Figure label={t('agent.rate')} value={`${(f.commission_bps / 100).toFixed(2)} %`} />
      <Figure label={t('agent.children')} value={f.children_count} />
    </div>
  );
}
