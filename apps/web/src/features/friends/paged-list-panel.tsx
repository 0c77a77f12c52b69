import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../ui/pager';
import { QueryState, type QueryStateProps } from '../../ui/query-state';

interface PagedListPanelProps {
  readonly titleId: string;
  readonly title: string;
  readonly query: QueryStateProps['query'] & {
    readonly isSuccess: boolean;
    readonly data?: { readonly items: readonly unknown[]; readonly links: { readonly next: string | null } } | undefined;
  };
  readonly page: number;
  readonly onPage: (page: number) => void;
  /** The panel's words: while loading, on failure, and for an empty first page. */
  readonly texts: { readonly loading: string; readonly failed: string; readonly empty: string };
  /** data-testids of the list, its empty note and its pager. */
  readonly testIds: { readonly list: string; readonly empty: string; readonly pager: string };
  readonly children: ReactNode;
}

/** One server-paged list on /friends (the friends, the invited): its title, states, rows and pager. */
export function PagedListPanel({ titleId, title, query, page, onPage, texts, testIds, children }: PagedListPanelProps) {
  const { t } = useTranslation('player');
  const isEmpty = query.isSuccess && (query.data?.items.length ?? 0) === 0 && page === 1;
  return (
    <section className="panel friends-list-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <QueryState
        query={query}
        loading={texts.loading}
        failed={texts.failed}
        retry={t('retry')}
        empty={isEmpty ? <p data-testid={testIds.empty}>{texts.empty}</p> : null}
      >
        <ul className="friends-list" data-testid={testIds.list}>
          {children}
        </ul>
        <Pager
          page={page}
          hasNext={Boolean(query.data?.links.next)}
          onPage={onPage}
          labels={{ previous: t('previous'), next: t('next'), page: title }}
          testId={testIds.pager}
        />
      </QueryState>
    </section>
  );
}
