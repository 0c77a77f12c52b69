import type { ReactNode } from 'react';
import './query-state.css';

export interface QueryStateProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What is being loaded, e.g. "Loading your games…". */
  loading: string;
  /** What failed, e.g. "Could not load your games." */
  failed: string;
  retry: string;
  /** Shown when the data arrived but holds nothing; null when there is something to show. */
  empty?: ReactNode;
  children: ReactNode;
}

/** Each state says what is happening: loading, failed (with a retry), empty, or the content. */
export function QueryState({ query, loading, failed, retry, empty = null, children }: QueryStateProps) {
  if (query.isPending) {
    return (
      <p className="query-state" role="status" aria-live="polite">
        <span className="query-state-dot" aria-hidden="true" />
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="query-state query-state-error" role="alert">
        <p>{failed}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
          {retry}
        </button>
      </div>
    );
  }
  if (empty) return <div className="query-state query-state-empty">{empty}</div>;
  return <>{children}</>;
}
