import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterBarProps {
  /** The search text as the URL holds it. */
  readonly search?: string | undefined;
  readonly onSearch?: (value: string) => void;
  readonly placeholder?: string;
  /** More filters (selects, toggles) and actions (a "create" link) beside the search. */
  readonly children?: ReactNode;
}

/**
 * A list's filters: a search box that applies on submit (not per keystroke: every change is a
 * server query and a history entry) and whatever else the page puts beside it.
 */
export function FilterBar({ search, onSearch, placeholder, children }: FilterBarProps) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(search ?? '');
  useEffect(() => setText(search ?? ''), [search]);
  return (
    <div className="admin-filter-bar" role="search">
      {onSearch ? (
        <form
          className="admin-search"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(text.trim());
          }}
        >
          <input
            type="search"
            value={text}
            maxLength={32}
            placeholder={placeholder ?? t('filter.search')}
            aria-label={placeholder ?? t('filter.search')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn admin-btn">
            {t('filter.apply')}
          </button>
          {search ? (
            <button type="button" className="btn admin-btn admin-btn-quiet" onClick={() => onSearch('')}>
              {t('filter.clear')}
            </button>
          ) : null}
        </form>
      ) : null}
      {children ? <div className="admin-filter-extra">{children}</div> : null}
    </div>
  );
}
